"""Security round 4 through the PyPI `mcp` client: a hostile repository opened by an assistant reads nothing
outside its folder through any tool, and no call holds the server for good."""
import json
import os
import subprocess
import time

import pytest

from mcp_session import call, parameters


@pytest.fixture
def project(tmp_path):
    """A project folder (the server's) and a secret beside it, outside."""
    root = tmp_path / "project"
    secret = tmp_path / "secret"
    root.mkdir()
    secret.mkdir()
    (secret / "secret.json").write_text('"SECRET-4711"')
    (secret / "flow.json").write_text('{"type": "$util.toast", "options": {"text": "OUTSIDE-FLOW"}}')
    (root / "ok.json").write_text('{"type": "$util.toast", "options": {"text": "ok"}}')
    return root, secret


def server(jasonrun, folder, tmp_path, *extra):
    return parameters(jasonrun, tmp_path / "state", *extra, cwd=folder)


@pytest.mark.asyncio(loop_scope="function")
async def test_debugs_load_reads_nothing_outside(jasonrun, project, tmp_path):
    root, secret = project

    async def steps(client):
        first = await client.call_tool("debug", {"path": "ok.json", "command": f"load {secret}/flow.json"})
        session = first.structured_content["session"]
        assert "is outside the folders this flow may read" in first.content[0].text, first.content[0].text
        listed = await client.call_tool("debug", {"session": session, "command": "list"})
        assert "OUTSIDE-FLOW" not in listed.content[0].text
        passwd = await client.call_tool("debug", {"session": session, "command": "load /etc/passwd"})
        assert "found 'r'" not in passwd.content[0].text and "is outside the folders" in passwd.content[0].text
    await call(server(jasonrun, root, tmp_path), steps)


@pytest.mark.asyncio(loop_scope="function")
async def test_a_test_files_stubs_and_flow_stay_inside(jasonrun, project, tmp_path):
    root, secret = project
    (root / "stubs.test.json").write_text(json.dumps({
        "flow": "ok.json", "stubs": str(secret / "secret.json"),
        "cases": [{"name": "a", "expect": {"printed": ["[toast] ok"]}}]}))
    (root / "flow.test.json").write_text(json.dumps({
        "flow": "../secret/flow.json", "cases": [{"name": "a", "expect": {"printed": ["[toast] OUTSIDE-FLOW"]}}]}))

    async def steps(client):
        for name in ("stubs.test.json", "flow.test.json"):
            result = await client.call_tool("test", {"path": name})
            text = result.content[0].text
            assert "SECRET-4711" not in text and "1 passed" not in text, text
            assert "is outside the folders this flow may read" in text, text
    await call(server(jasonrun, root, tmp_path), steps)


@pytest.mark.asyncio(loop_scope="function")
async def test_check_does_not_follow_a_linked_mixin_out(jasonrun, project, tmp_path):
    root, secret = project
    (root / "link.json").symlink_to(secret / "secret.json")
    (root / "linked").symlink_to(secret)
    (root / "flow.json").write_text(json.dumps({"$jason": {"head": {"actions": {
        "$load": {"type": {"@": "file://link.json"}}, "other": {"type": {"@": "file://linked/secret.json"}}}}}}))

    async def steps(client):
        result = await client.call_tool("check", {"path": "flow.json"})
        text = result.content[0].text + json.dumps(result.structured_content)
        assert "SECRET" not in text, text
        assert "link.json is outside the folders" in text, text
    await call(server(jasonrun, root, tmp_path), steps)


@pytest.mark.asyncio(loop_scope="function")
async def test_an_endless_test_is_stopped_and_the_server_answers_on(jasonrun, project, tmp_path):
    root, _ = project
    (root / "loop.json").write_text(json.dumps({"$jason": {"head": {"actions": {
        "$load": {"trigger": "again"}, "again": {"type": "$set", "options": {"n": 1}, "success": {"trigger": "again"}}}}}}))
    (root / "loop.test.json").write_text(json.dumps({
        "flow": "loop.json", "maxSteps": 1000000000, "cases": [{"name": "forever", "expect": {"printed": []}}]}))

    async def steps(client):
        started = time.monotonic()
        stopped = await client.call_tool("test", {"path": "loop.test.json"})
        assert stopped.is_error and stopped.structured_content == {"stopped": True}
        assert "test was stopped after 2 s of real time" in stopped.content[0].text
        assert time.monotonic() - started < 20
        ok = await client.call_tool("run", {"path": "ok.json"})
        assert ok.structured_content["stdout"] == "[toast] ok\n"
    await call(server(jasonrun, root, tmp_path, "--call-limit", "2"), steps)


def test_a_cancelled_call_stops_and_is_not_answered(jasonrun, project, tmp_path):
    """JSON-RPC by hand, to see what the server writes: nothing for the cancelled call, the next call answered
    at once, and the process ends when its input does (the cancelled work stopped)."""
    root, _ = project
    (root / "loop.json").write_text(json.dumps({"$jason": {"head": {"actions": {
        "$load": {"trigger": "again"}, "again": {"type": "$set", "options": {"n": 1}, "success": {"trigger": "again"}}}}}}))
    (root / "loop.test.json").write_text(json.dumps({
        "flow": "loop.json", "maxSteps": 1000000000, "cases": [{"name": "forever", "expect": {"printed": []}}]}))
    process = subprocess.Popen([jasonrun, "mcp", "--call-limit", "600"], cwd=root, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, env={**os.environ, "XDG_STATE_HOME": str(tmp_path / "s")})
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                                                                        "clientInfo": {"name": "t", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "test", "arguments": {"path": "loop.test.json"}}},
        {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2, "reason": "the user stopped it"}},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "run", "arguments": {"path": "ok.json"}}},
    ]
    try:
        out, _ = process.communicate("".join(json.dumps(m) + "\n" for m in messages), timeout=30)
    finally:
        process.kill()
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a["id"] for a in answers] == [1, 3], answers
    assert answers[1]["result"]["structuredContent"]["stdout"] == "[toast] ok\n"
    assert process.returncode == 0
