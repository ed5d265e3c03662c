"""Takes the screenshots of Docs/Preview.md with the browser tests' setup:
.build-venv/bin/python Tests/python/preview/docs_screenshots.py (after swift build)."""
import os
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))

from selenium.webdriver.common.by import By  # noqa: E402

import conftest  # noqa: E402
from conftest import EXAMPLES, REPO, Preview, wait_for  # noqa: E402


def main():
    binary = os.environ.get("JASONRUN_BIN") or subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.strip() + "/jasonrun"
    images = REPO / "Docs" / "images"
    images.mkdir(parents=True, exist_ok=True)
    browser = next(conftest.browser.__wrapped__())
    try:
        coffee = Preview(binary, EXAMPLES / "15-coffee-screen" / "flow.json")
        browser.get(coffee.url)
        wait_for(lambda: "Espresso" in browser.find_element(By.ID, "device").text)
        browser.find_elements(By.CSS_SELECTOR, "#screen button.button[data-path]")[1].click()
        wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "[data-overlay=toast]"))
        wait_for(lambda: "1 in the cart" in browser.find_element(By.ID, "device").text)
        browser.save_screenshot(str(images / "preview-coffee.png"))
        coffee.stop()
        render = Preview(binary, EXAMPLES / "12-render" / "flow.json")
        browser.get(render.url)
        wait_for(lambda: "jam costs" in browser.find_element(By.ID, "device").text)
        browser.save_screenshot(str(images / "preview-render.png"))
        render.stop()
    finally:
        browser.quit()


if __name__ == "__main__":
    main()
