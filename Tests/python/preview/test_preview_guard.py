"""The preview's trust boundary, as a web page on another site or a DNS-rebinding attacker meets it: the
socket takes only the preview's own origin with the run's token, every route refuses a foreign Host, the
page cannot be framed, long messages are answered instead of dropping the page, and a page that never
reads does not make the server grow."""
import http.client
import json
import socket
import time

import pytest
import websocket

from conftest import EXAMPLES, wait_for

COFFEE = EXAMPLES / "15-coffee-screen" / "flow.json"


def socket_url(preview, token=None):
    return f"ws://127.0.0.1:{preview.port}/ws?token={preview.token if token is None else token}"


def connect(preview, origin=None, token=None, host=None):
    origin = origin or f"http://127.0.0.1:{preview.port}"
    return websocket.create_connection(socket_url(preview, token), origin=origin, host=host, timeout=30)


def frames_until(ws, predicate, limit=500):
    for _ in range(limit):
        message = json.loads(ws.recv())
        if predicate(message):
            return message
    raise AssertionError("the frame never came")


def refused(preview, **kwargs):
    with pytest.raises(websocket.WebSocketBadStatusException) as error:
        connect(preview, **kwargs)
    return error.value.status_code


def test_the_page_of_another_site_cannot_open_the_socket(start_preview):
    preview = start_preview(COFFEE)
    for origin in ("http://evil.example", f"http://evil.example:{preview.port}", "null",
                   f"https://127.0.0.1:{preview.port}", f"http://127.0.0.1:{preview.port + 1}"):
        assert refused(preview, origin=origin) in (400, 403), origin


def test_the_socket_needs_the_runs_token(start_preview):
    preview = start_preview(COFFEE)
    assert refused(preview, token="") in (400, 403)
    assert refused(preview, token="0" * 32) in (400, 403)
    assert refused(preview, token=preview.token[:-1]) in (400, 403)


def test_the_preview_page_itself_is_let_in(start_preview):
    preview = start_preview(COFFEE)
    for origin in (f"http://127.0.0.1:{preview.port}", f"http://localhost:{preview.port}"):
        ws = connect(preview, origin=origin)
        view = frames_until(ws, lambda m: m["type"] == "view")
        assert view["title"]
        ws.close()


def http_get(port, path, host):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.putrequest("GET", path, skip_host=True)
    connection.putheader("Host", host)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


def test_a_foreign_host_is_refused_on_every_route(start_preview):
    preview = start_preview(COFFEE)
    for path in ("/", "/page.js", "/draw.js", "/index.html", "/nosuch", "/ws"):
        response, body = http_get(preview.port, path, f"evil.example:{preview.port}")
        assert response.status == 421, path
        assert b"<script" not in body
    response, _ = http_get(preview.port, "/", f"127.0.0.1:{preview.port}")
    assert response.status == 200
    assert refused(preview, host=f"rebound.example:{preview.port}") in (400, 403, 421)


def test_the_page_cannot_be_framed_and_runs_only_its_own_scripts(start_preview):
    preview = start_preview(COFFEE)
    response, _ = http_get(preview.port, "/", f"127.0.0.1:{preview.port}")
    assert response.getheader("X-Frame-Options") == "DENY"
    policy = response.getheader("Content-Security-Policy")
    assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
    assert response.getheader("Referrer-Policy") == "no-referrer"


def test_a_long_message_is_answered_and_the_page_stays(start_preview):
    preview = start_preview(COFFEE)
    ws = connect(preview)
    frames_until(ws, lambda m: m["type"] == "state")
    text = "x" * (64 * 1024)
    ws.send(json.dumps({"type": "input", "name": "note", "value": text}))
    state = frames_until(ws, lambda m: m["type"] == "state" and m["get"].get("note") == text)
    assert state["get"]["note"] == text
    ws.send(json.dumps({"type": "input", "name": "huge", "value": "y" * (2 << 20)}))
    error = frames_until(ws, lambda m: m["type"] == "error")
    assert "at most 1048576" in error["message"]
    ws.send(json.dumps({"type": "hello"}))
    frames_until(ws, lambda m: m["type"] == "view")
    ws.close()


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_a_page_that_never_reads_does_not_grow_the_server(start_preview, tmp_path):
    flow = tmp_path / "ticker.json"
    flow.write_text(json.dumps({"$jason": {"head": {"title": "ticker", "actions": {
        "$load": {"type": "$set", "options": {"n": 0, "blob": "{{'z'.repeat(1000000)}}"},
                  "success": {"type": "$timer.start", "options": {"interval": 0.005, "repeats": True, "name": "t",
                                                                  "action": {"trigger": "tick"}}}},
        "tick": {"type": "$set", "options": {"n": "{{$get.n + 1}}"}}}},
        "body": {"sections": [{"items": [{"type": "label", "text": "tick"}]}]}}}))
    preview = start_preview(flow)
    # A page that connects and then never reads: its frames stay with the server.
    silent = socket.create_connection(("127.0.0.1", preview.port))
    silent.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    silent.sendall((f"GET /ws?token={preview.token} HTTP/1.1\r\nHost: 127.0.0.1:{preview.port}\r\n"
                    f"Origin: http://127.0.0.1:{preview.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    reader = connect(preview)
    frames_until(reader, lambda m: m["type"] == "state" and m["get"].get("n", 0) >= 20)
    start = resident_kib(preview.process.pid)
    frames_until(reader, lambda m: m["type"] == "state" and m["get"].get("n", 0) >= 400, limit=100000)
    grown = resident_kib(preview.process.pid) - start
    # Each state frame is over 1 MB: a queue of them would be hundreds of MB by now.
    assert grown < 60 * 1024, f"the server grew by {grown} KiB"
    reader.close()
    silent.close()
