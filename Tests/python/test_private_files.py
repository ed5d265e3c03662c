"""What jasonrun writes that may hold secrets is the user's alone: recordings redact credentials and are
0600; the state folder is 0700, its files 0600, and no link planted in it is followed."""
import http.server
import json
import os
import stat
import subprocess
import threading

import pytest


class CredentialServer(http.server.BaseHTTPRequestHandler):
    """Answers every GET with a cookie, and with the Authorization header it was sent."""

    def do_GET(self):
        body = json.dumps({"auth": "yes" if self.headers.get("Authorization") == "Bearer t0ken-123" else "no"}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Set-Cookie", "sid=s3cr3t-session; HttpOnly")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), CredentialServer)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def request_flow(tmp_path, url):
    flow = tmp_path / "flow.json"
    flow.write_text(json.dumps({
        "type": "$network.request",
        "options": {"url": url + "/me", "header": {"Authorization": "Bearer t0ken-123", "Cookie": "a=b"}},
        "success": {"type": "$util.toast", "options": {"text": "{{$jason.auth}}"}}}))
    return flow


def run(jasonrun, *args, cwd=None):
    return subprocess.run([jasonrun, *map(str, args)], capture_output=True, text=True, timeout=60, cwd=cwd)


def mode(path):
    return stat.S_IMODE(os.lstat(path).st_mode)


def test_a_recording_keeps_no_credentials_and_is_private(jasonrun, server, tmp_path):
    flow = request_flow(tmp_path, server)
    recording = tmp_path / "rec.json"
    done = run(jasonrun, flow, "--no-persist", "--record", recording)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[toast] yes\n"
    assert mode(recording) == 0o600
    text = recording.read_text()
    assert "t0ken-123" not in text
    assert "s3cr3t-session" not in text and "a=b" not in text
    exchange = json.loads(text)["exchanges"][0]
    assert "redacted" in exchange["request"]["headers"]["Authorization"]
    assert "redacted" in exchange["request"]["headers"]["Cookie"]
    assert "redacted" in exchange["response"]["headers"]["Set-Cookie"]
    # Replay still matches the redacted recording (method, URL and body).
    replayed = run(jasonrun, flow, "--no-persist", "--replay", recording)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout == "[toast] yes\n"


def test_record_credentials_keeps_them(jasonrun, server, tmp_path):
    flow = request_flow(tmp_path, server)
    recording = tmp_path / "rec.json"
    done = run(jasonrun, flow, "--no-persist", "--record", recording, "--record-credentials")
    assert done.returncode == 0, done.stderr
    exchange = json.loads(recording.read_text())["exchanges"][0]
    assert exchange["request"]["headers"]["Authorization"] == "Bearer t0ken-123"
    assert exchange["response"]["headers"]["Set-Cookie"].startswith("sid=s3cr3t-session")
    assert run(jasonrun, flow, "--no-persist", "--record-credentials").returncode == 64


def test_a_recording_replaces_a_planted_link_instead_of_writing_through_it(jasonrun, server, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    recording = tmp_path / "rec.json"
    recording.symlink_to(victim)
    done = run(jasonrun, request_flow(tmp_path, server), "--no-persist", "--record", recording)
    assert done.returncode == 0, done.stderr
    assert victim.read_text() == "keep me"
    assert not recording.is_symlink() and mode(recording) == 0o600


STORES = {"$jason": {"head": {"actions": {"$load": {
    "type": "$global.set", "options": {"g": 1},
    "success": {"type": "$session.set", "options": {"domain": "api.example.com", "header": {"Authorization": "Bearer x"}},
                "success": {"type": "$cache.set", "options": {"c": 2},
                            "success": {"type": "$util.toast", "options": {"text": "stored"}}}}}}}}}


def test_the_state_folder_and_its_files_are_private(jasonrun, tmp_path):
    flow = tmp_path / "stores.json"
    flow.write_text(json.dumps(STORES))
    state = tmp_path / "state" / "jasonrun"
    done = run(jasonrun, flow, "--state-dir", state)
    assert done.returncode == 0, done.stderr
    assert mode(state) == 0o700 and mode(state.parent) == 0o700
    assert mode(state / "cache") == 0o700
    for name in ("global.json", "session.json", ".lock"):
        assert mode(state / name) == 0o600, name
    for item in (state / "cache").iterdir():
        assert mode(item) == 0o600, item.name


def test_files_older_versions_left_readable_are_made_private(jasonrun, tmp_path):
    flow = tmp_path / "stores.json"
    flow.write_text(json.dumps(STORES))
    state = tmp_path / "old"
    state.mkdir(mode=0o755)
    os.chmod(state, 0o755)
    (state / "session.json").write_text('{"api.example.com": {"header": {"Authorization": "Bearer old"}}}')
    os.chmod(state / "session.json", 0o644)
    done = run(jasonrun, flow, "--state-dir", state)
    assert done.returncode == 0, done.stderr
    assert mode(state) == 0o700 and mode(state / "session.json") == 0o600


def test_a_folder_others_can_write_is_refused(jasonrun, tmp_path):
    flow = tmp_path / "stores.json"
    flow.write_text(json.dumps(STORES))
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    done = run(jasonrun, flow, "--state-dir", shared)
    assert done.returncode == 1
    assert "can be written by other users" in done.stderr and "--state-dir" in done.stderr
    assert not (shared / "global.json").exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user needs root")
def test_a_folder_of_another_user_is_refused(jasonrun, tmp_path):
    flow = tmp_path / "stores.json"
    flow.write_text(json.dumps(STORES))
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o700)
    os.chown(theirs, 65534, 65534)
    done = run(jasonrun, flow, "--state-dir", theirs)
    assert done.returncode == 1
    assert "belongs to another user" in done.stderr


def test_no_link_in_the_state_folder_is_followed(jasonrun, tmp_path):
    flow = tmp_path / "stores.json"
    flow.write_text(json.dumps(STORES))
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    victim = tmp_path / "victim.json"
    victim.write_text('{"not": "yours"}')
    (state / "global.json").symlink_to(victim)
    missing = tmp_path / "created-by-lock"
    (state / ".lock").symlink_to(missing)
    done = run(jasonrun, flow, "--state-dir", state)
    assert done.returncode == 1
    assert "symbolic link" in done.stderr
    assert victim.read_text() == '{"not": "yours"}'
    assert not missing.exists()


class HeldServer(http.server.BaseHTTPRequestHandler):
    """Holds each answer until the test says go: the run is then known to be past its start."""
    arrived = threading.Event()
    go = threading.Event()

    def do_GET(self):
        HeldServer.arrived.set()
        HeldServer.go.wait(30)
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


def test_a_planted_temporary_name_cannot_redirect_a_store_write(jasonrun, tmp_path):
    """The old temporary file was global.json.tmp-PID: planted as a link, its target was truncated."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), HeldServer)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    flow = tmp_path / "stores.json"
    flow.write_text(json.dumps({"type": "$network.request",
                                "options": {"url": f"http://127.0.0.1:{httpd.server_address[1]}/"},
                                "success": STORES["$jason"]["head"]["actions"]["$load"]}))
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    try:
        process = subprocess.Popen([jasonrun, str(flow), "--state-dir", str(state)], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        assert HeldServer.arrived.wait(30)
        for name in ("global.json", "session.json"):
            os.symlink(victim, state / f"{name}.tmp-{process.pid}")
        HeldServer.go.set()
        out, err = process.communicate(timeout=60)
    finally:
        HeldServer.go.set()
        httpd.shutdown()
    assert out == "[toast] stored\n", err
    assert victim.read_text() == "precious"
    assert json.loads((state / "global.json").read_text()) == {"g": 1}
