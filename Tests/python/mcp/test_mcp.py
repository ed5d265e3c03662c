"""`jasonrun mcp` through the official Python MCP client (PyPI `mcp`) over stdio."""
import time

import pytest
from mcp import MCPError

from mcp_session import call, parameters


@pytest.fixture
def server(jasonrun, tmp_path):
    """Parameters of a server started in the repository, its state folder in a temporary one."""
    return parameters(jasonrun, tmp_path / "state", "--allow-read", str(tmp_path))


@pytest.mark.asyncio(loop_scope="function")
async def test_initialize_and_the_tools_and_resources_it_lists(server):
    async def steps(client):
        tools = await client.list_tools()
        assert [t.name for t in tools.tools] == ["check", "run", "test", "explore", "help", "debug"]
        assert all(t.input_schema["type"] == "object" for t in tools.tools)
        resources = await client.list_resources()
        uris = [str(r.uri) for r in resources.resources]
        assert "jasonrun://schema/flows" in uris and "jasonrun://docs/Tutorial" in uris
        schema = await client.read_resource("jasonrun://schema/flows")
        assert "$util.toast" in schema.contents[0].text
        tutorial = await client.read_resource("jasonrun://docs/REPL")
        assert "reverse-continue" in tutorial.contents[0].text
    await call(server, steps)


@pytest.mark.asyncio(loop_scope="function")
async def test_check_gives_located_findings_as_text_and_data(server):
    async def steps(client):
        result = await client.call_tool("check", {"document": '{"type": "$util.tost", "next": {}}'})
        text = result.content[0].text
        assert "<stdin>:1:10: error: unknown action type '$util.tost'; did you mean $util.toast?" in text, text
        found = result.structured_content["diagnostics"]
        assert {d["id"] for d in found} == {"unknown-action", "unknown-key"}
        assert result.structured_content["exit"] == 1
        clean = await client.call_tool("check", {"path": "Examples/01-hello/flow.json"})
        assert clean.structured_content == {"diagnostics": [], "exit": 0}
    await call(server, steps)


@pytest.mark.asyncio(loop_scope="function")
async def test_run_prints_and_gives_the_final_jason_offline_and_without_saving(server, tmp_path):
    async def steps(client):
        hello = await client.call_tool("run", {"path": "Examples/01-hello/flow.json"})
        assert hello.structured_content["stdout"] == "[banner] Hello, world!: from jasonrun\n[toast] Goodbye, world.\n"
        assert hello.structured_content["exit"] == 0 and not hello.is_error
        flow = '{"type": "$global.set", "options": {"n": "{{Math.random()}}"}, "success": {"type": "$network.request", "options": {"url": "https://example.com/x"}, "error": {"type": "$util.toast", "options": {"text": "{{$jason.message}}"}}}}'
        first = await client.call_tool("run", {"document": flow, "seed": 7, "jason": {"a": 1}})
        assert "offline: nothing answers GET https://example.com/x" in first.structured_content["stdout"]
        assert first.structured_content["jason"] is None
        second = await client.call_tool("run", {"document": '{"type": "$util.toast", "options": {"text": "{{Math.random()}}"}}', "seed": 7})
        assert second.structured_content["stdout"] == "[toast] 0.011704753153026104\n"
        result = await client.call_tool("run", {"document": '{"type": "$set", "options": {"x": 1}, "success": {"type": "$convert.string", "options": {"data": "{\\"b\\": 2}"}}}'})
        assert result.structured_content["jason"] == {"b": 2}
    await call(server, steps)
    assert not (tmp_path / "state" / "jasonrun" / "global.json").exists()


@pytest.mark.asyncio(loop_scope="function")
async def test_a_runaway_flow_ends_within_its_limits(server):
    async def steps(client):
        loop = '{"$jason": {"head": {"actions": {"$load": {"trigger": "loop"}, "loop": {"type": "$set", "options": {"n": 1}, "success": {"trigger": "loop"}}}}}}'
        started = time.monotonic()
        result = await client.call_tool("run", {"document": loop, "max_steps": 5000})
        assert time.monotonic() - started < 20
        assert result.structured_content["exit"] == 80 and result.is_error
        assert "stopped after 5000 actions" in result.structured_content["stderr"]
    await call(server, steps)


@pytest.mark.asyncio(loop_scope="function")
async def test_test_and_help(server):
    async def steps(client):
        tests = await client.call_tool("test", {"path": "Examples/09-network"})
        assert tests.structured_content["passed"] == 3 and tests.structured_content["failed"] == 0
        assert tests.structured_content["summary"] == "3 passed, 0 failed"
        wrong = await client.call_tool("test", {"path": "Examples/14-testing"})
        assert wrong.structured_content["failed"] == 1
        assert 'no printed line contains "[toast] 3 cups: 10 €"' in wrong.content[0].text
        catalogue = await client.call_tool("help", {})
        assert "$util.toast" in catalogue.content[0].text
        one = await client.call_tool("help", {"action": "$util.alert"})
        assert one.content[0].text.startswith("$util.alert:")
    await call(server, steps)


@pytest.mark.asyncio(loop_scope="function")
async def test_a_debugging_session_breaks_prints_steps_back_and_prints_again(server):
    async def steps(client):
        first = await client.call_tool("debug", {"path": "Examples/08-lambdas/flow.json", "command": "break price"})
        assert "breakpoint 1: action price" in first.content[0].text
        session = first.structured_content["session"]
        stop = await client.call_tool("debug", {"session": session, "command": "run"})
        assert stop.structured_content["state"] == "paused"
        assert stop.structured_content["position"]["line"] == 21
        assert (await client.call_tool("debug", {"session": session, "command": "print $jason.cups * 2"})).content[0].text == "6\n"
        back = await client.call_tool("debug", {"session": session, "command": "back"})
        assert back.structured_content["position"]["line"] == 6
        again = await client.call_tool("debug", {"session": session, "command": "print {{$jason}}"})
        assert again.content[0].text.startswith("undefined")
        done = await client.call_tool("debug", {"session": session, "command": "quit"})
        assert done.structured_content == {"session": session, "state": "closed"}
        gone = await client.call_tool("debug", {"session": session, "command": "where"})
        assert gone.is_error and "no debugging session" in gone.content[0].text
    await call(server, steps)


@pytest.mark.asyncio(loop_scope="function")
async def test_bad_arguments_get_errors_that_say_what_is_wrong(server):
    """Editors and assistants round 3, items 1-3: a wrong argument, an unknown one and a refused debug
    command are tool results with isError, so the model reads them; only an unknown tool is a protocol error."""
    async def steps(client):
        cases = [
            ("run", {}, "run takes \"path\""),
            ("run", {"path": "/etc/passwd"}, "outside the folders this server may read"),
            ("run", {"path": "Examples/01-hello/flow.json", "max_steps": "many"}, '"max_steps" must be a whole number'),
            ("run", {"path": "Examples/01-hello/flow.json", "bogus": 1}, 'run takes no argument "bogus"'),
            ("run", {"path": "Examples/01-hello/flow.json", "max_step": 3}, 'did you mean "max_steps"?'),
            ("check", {"path": "Examples/01-hello/flow.json", "document": "{}"}, "one of them"),
            ("debug", {"path": "Examples/01-hello/flow.json"}, 'debug takes a "command"'),
            ("debug", {"path": "Examples/01-hello/flow.json", "command": "nonsense"}, "unknown command 'nonsense'"),
        ]
        for name, arguments, message in cases:
            result = await client.call_tool(name, arguments)
            assert result.is_error, (name, arguments)
            assert message in result.content[0].text, (name, result.content[0].text)
        with pytest.raises(MCPError) as error:
            await client.call_tool("nosuch", {})
        assert "no tool named nosuch" in str(error.value)
        # States as they are: loaded before anything runs, finished (back still works) after the run.
        loaded = await client.call_tool("debug", {"path": "Examples/08-lambdas/flow.json", "command": "break price"})
        assert loaded.structured_content["state"] == "loaded" and not loaded.is_error
        session = loaded.structured_content["session"]
        await client.call_tool("debug", {"session": session, "command": "delete 1"})
        finished = await client.call_tool("debug", {"session": session, "command": "run"})
        assert finished.structured_content["state"] == "finished"
        back = await client.call_tool("debug", {"session": session, "command": "back"})
        assert back.structured_content["state"] == "paused"
    await call(server, steps)
