"""`--wall-limit` bounds what waits on a server too (security round 4, item 7): a mixin server that accepts
the connection and never answers, or one that trickles its body, cannot hold a run past its limit. The
servers listen on loopback only and stop with the test."""
import json
import socket
import subprocess
import threading
import time

import pytest


class StalledServer:
    """Accepts connections; `mode` "silent" never answers, "trickle" sends a head and a byte a second."""

    def __init__(self, mode):
        self.mode = mode
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        held = []
        while not self.stopped.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            held.append(conn)
            if self.mode == "trickle":
                threading.Thread(target=self.trickle, args=(conn,), daemon=True).start()
        for conn in held:
            conn.close()

    def trickle(self, conn):
        try:
            conn.recv(4096)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
            for _ in range(600):
                if self.stopped.wait(1):
                    return
                conn.sendall(b" ")
        except OSError:
            pass

    def close(self):
        self.stopped.set()
        self.thread.join(timeout=5)
        self.sock.close()


@pytest.fixture(params=["silent", "trickle"])
def server(request):
    s = StalledServer(request.param)
    yield s
    s.close()


def run(jasonrun, *args):
    started = time.monotonic()
    done = subprocess.run([jasonrun, *map(str, args)], capture_output=True, text=True, timeout=60)
    return done, time.monotonic() - started


def test_a_mixin_server_that_never_answers_is_cut_off_at_the_wall_limit(jasonrun, server, tmp_path):
    flow = tmp_path / "flow.json"
    flow.write_text(json.dumps({"$jason": {"head": {"actions": {"$load": {
        "type": "$util.toast", "options": {"text": {"@": f"http://127.0.0.1:{server.port}/part.json"}}}}}}}))
    done, took = run(jasonrun, flow, "--no-persist", "--wall-limit", "2s")
    assert took < 20, took
    assert done.returncode == 81, (done.stdout, done.stderr)
    assert "was stopped by the run's real-time limit (--wall-limit)" in done.stderr, done.stderr


def test_a_request_that_trickles_is_cut_off_at_the_wall_limit(jasonrun, server, tmp_path):
    flow = tmp_path / "flow.json"
    flow.write_text(json.dumps({
        "type": "$network.request", "options": {"url": f"http://127.0.0.1:{server.port}/slow", "data_type": "raw"},
        "success": {"type": "$util.toast", "options": {"text": "answered"}},
        "error": {"type": "$util.toast", "options": {"text": "{{$jason.message}}"}}}))
    done, took = run(jasonrun, flow, "--no-persist", "--wall-limit", "2s")
    assert took < 20, took
    # The request fails when the limit runs out, and the run stops there.
    assert done.returncode == 81, (done.stdout, done.stderr)
    assert "stopped after 2 s of real time" in done.stderr, done.stderr
