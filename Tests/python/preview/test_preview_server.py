"""`jasonrun preview` as a server: the URL, the listening address, a port in use, the page found from anywhere."""
import os
import socket
import subprocess
import urllib.request

from conftest import EXAMPLES, Preview

COFFEE = EXAMPLES / "15-coffee-screen" / "flow.json"


def test_the_url_comes_first_and_the_page_is_served(start_preview):
    preview = start_preview(COFFEE)
    assert preview.url.startswith("http://127.0.0.1:") and preview.base.endswith("/")
    assert len(preview.token) == 32 and all(c in "0123456789abcdef" for c in preview.token)
    with urllib.request.urlopen(preview.url, timeout=30) as response:
        assert response.status == 200
        assert b"page.js" in response.read()


def listening_addresses(port):
    """The local addresses of the sockets listening on `port`, from /proc/net/tcp and tcp6."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(table):
            continue
        with open(table) as f:
            for line in f.readlines()[1:]:
                fields = line.split()
                address, hex_port = fields[1].rsplit(":", 1)
                if int(hex_port, 16) == port and fields[3] == "0A":  # LISTEN
                    found.append(address)
    return found


def test_only_loopback_is_listened_on(start_preview):
    preview = start_preview(COFFEE)
    assert listening_addresses(preview.port) == ["0100007F"]  # 127.0.0.1, and nothing on other interfaces


def test_a_port_in_use_is_a_clear_error(jasonrun):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([jasonrun, "preview", str(COFFEE), "--port", str(port), "--no-persist"],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 69
    assert f"port {port} on 127.0.0.1 is already in use" in done.stderr
    assert done.stdout == ""


def test_the_page_is_found_when_run_from_elsewhere(jasonrun, tmp_path):
    link = tmp_path / "bin" / "jasonrun"
    link.parent.mkdir()
    link.symlink_to(jasonrun)
    preview = Preview(str(link), COFFEE, cwd=str(tmp_path))
    try:
        with urllib.request.urlopen(preview.base + "draw.js", timeout=30) as response:
            assert b"Draw" in response.read()
    finally:
        preview.stop()


def test_bad_arguments_are_usage_errors(jasonrun):
    done = subprocess.run([jasonrun, "preview", str(COFFEE), "--port", "70000"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 64
    missing = subprocess.run([jasonrun, "preview", "no-such.json"], capture_output=True, text=True, timeout=60)
    assert missing.returncode == 66


def test_a_restart_on_the_same_port_works_at_once(jasonrun, browser):
    """Issue #25, 9: Ctrl-C with a page open, then the same command again: the address is reused at once
    (before, the closed connections' TIME_WAIT kept the port for about a minute: exit 69)."""
    import signal

    from conftest import wait_for

    first = Preview(jasonrun, COFFEE)
    port = first.port
    try:
        browser.get(first.url)
        wait_for(lambda: browser.execute_script("return window.jasonPreview && window.jasonPreview.connected"),
                 message="the page's connection")
        with urllib.request.urlopen(first.url, timeout=30) as response:
            assert response.status == 200
        first.process.send_signal(signal.SIGINT)
        first.process.wait(timeout=30)
    finally:
        first.stop()
    again = subprocess.Popen([jasonrun, "preview", str(COFFEE), "--port", str(port), "--no-persist"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = again.stdout.readline().strip()
        assert line.startswith(f"http://127.0.0.1:{port}/"), again.stderr.read() if again.poll() is not None else line
    finally:
        again.kill()
        again.wait(timeout=30)
        browser.get("about:blank")
