"""Fixtures for the browser tests: a `jasonrun preview` process and a headless Chromium driven by Selenium."""
import os
import pathlib
import select
import shlex
import subprocess
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "Examples"


class Preview:
    """A running `jasonrun preview FLOW`: its URL (the first line it prints) and its process."""

    def __init__(self, jasonrun, flow, *extra, cwd=None):
        args = [jasonrun, "preview", str(flow), "--port", "0", "--no-persist", *extra]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd)
        self.url = self._first_line(timeout=60)
        # http://127.0.0.1:PORT/?token=TOKEN: the page's address, its port and the run's token
        self.base, _, self.token = self.url.partition("?token=")
        self.port = int(self.base.rstrip("/").rsplit(":", 1)[1])

    def _first_line(self, timeout):
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            self.stop()
            raise AssertionError("jasonrun preview printed no URL in time")
        line = self.process.stdout.readline().strip()
        if not line.startswith("http://127.0.0.1:"):
            err = self.process.stderr.read() if self.process.poll() is not None else ""
            raise AssertionError(f"expected the URL first, got {line!r}; stderr: {err}")
        return line

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=30)


def example_args(folder: pathlib.Path):
    """The extra options an example's `args` file gives (only those the preview takes)."""
    args_file = folder / "args"
    if not args_file.exists():
        return []
    words = [w.replace("{dir}", str(folder)) for w in shlex.split(args_file.read_text())]
    out = []
    for i, word in enumerate(words):
        if word == "--stubs" and i + 1 < len(words):
            out += ["--stubs", words[i + 1]]
        elif word in ("--offline",):
            out.append(word)
    return out


@pytest.fixture
def start_preview(jasonrun):
    started = []

    def start(flow, *extra, cwd=None):
        preview = Preview(jasonrun, flow, *extra, cwd=cwd)
        started.append(preview)
        return preview

    yield start
    for preview in started:
        preview.stop()


@pytest.fixture(scope="session")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    # No page reaches the outside network: every name but the preview's own address fails at once (the
    # corpus documents name remote images).
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,900",
                 "--disable-gpu", "--no-first-run", "--disable-extensions",
                 "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"):
        options.add_argument(flag)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


def wait_for(condition, timeout=20, message="condition"):
    """Polls `condition` until it returns something truthy (the browser works on its own time)."""
    end = time.monotonic() + timeout
    last = None
    while time.monotonic() < end:
        try:
            last = condition()
            if last:
                return last
        except Exception as error:  # the element may not exist yet
            last = error
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {message} (last: {last!r})")
