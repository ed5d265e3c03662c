"""Takes the before/after pictures of Docs/Preview.md ("Three real documents, before and after"): three
corpus documents drawn by the page as it was at REVISION (default 38be1f5, before the screen's round 2)
and as it is now, offline, with the browser tests' setup:
.build-venv/bin/python Tests/python/preview/docs_before_after.py [REVISION] (after swift build)."""
import os
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent))

from selenium.webdriver.common.by import By  # noqa: E402

import conftest  # noqa: E402
from conftest import REPO, Preview, wait_for  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus" / "documents"
DOCUMENTS = ["070", "118", "037"]


def picture(browser, binary, flow, page, path):
    """The device of the preview of `flow`, drawn by the page in `page` (None: the built one)."""
    if page:
        os.environ["JASONRUN_PREVIEW_PAGE"] = page
    try:
        preview = Preview(binary, flow, "--offline")
    finally:
        os.environ.pop("JASONRUN_PREVIEW_PAGE", None)
    try:
        browser.get(preview.url)
        wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#screen > *"))
        wait_for(lambda: browser.execute_script("return [...document.images].every(i => i.complete)"))
        browser.find_element(By.ID, "device").screenshot(str(path))
    finally:
        preview.stop()


def main():
    revision = sys.argv[1] if len(sys.argv) > 1 else "38be1f5"
    binary = os.environ.get("JASONRUN_BIN") or subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.strip() + "/jasonrun"
    images = REPO / "Docs" / "images"
    with tempfile.TemporaryDirectory() as old:
        archive = subprocess.run(["git", "archive", revision, "Sources/JasonPreview/Page"], cwd=REPO, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", old], input=archive.stdout, check=True)
        browser = next(conftest.browser.__wrapped__())
        try:
            for prefix in DOCUMENTS:
                flow = next(CORPUS.glob(prefix + "__*.json"))
                picture(browser, binary, flow, old + "/Sources/JasonPreview/Page", images / f"corpus-{prefix}-before.png")
                picture(browser, binary, flow, None, images / f"corpus-{prefix}-after.png")
        finally:
            browser.quit()


if __name__ == "__main__":
    main()
