"""`jasonrun mcp`'s tools say what they return and how they behave, and its prompts start the usual
tasks: checked through the PyPI `mcp` client, which validates every result against its tool's
outputSchema."""
import json
import pathlib

import jsonschema
import pytest

from mcp_session import REPO, call, parameters

REPO = pathlib.Path(__file__).resolve().parents[3]
HELLO = REPO / "Examples" / "01-hello" / "flow.json"


@pytest.fixture
def server(jasonrun, tmp_path):
    return parameters(jasonrun, tmp_path / "state", "--allow-read", str(REPO))


@pytest.mark.asyncio(loop_scope="function")
async def test_tools_declare_titles_hints_and_output_schemas_their_results_meet(server):
    async def steps(client):
        tools = {t.name: t for t in (await client.list_tools()).tools}
        for tool in tools.values():
            assert tool.title and tool.output_schema and tool.annotations
            jsonschema.Draft202012Validator.check_schema(tool.output_schema)
        assert tools["check"].annotations.read_only_hint is True
        assert tools["help"].annotations.read_only_hint is True
        assert tools["run"].annotations.destructive_hint is False and tools["run"].annotations.open_world_hint is True
        # Each call below is validated by the client against the tool's outputSchema.
        results = {
            "check": await client.call_tool("check", {"path": str(HELLO)}),
            "run": await client.call_tool("run", {"path": str(HELLO)}),
            "test": await client.call_tool("test", {"path": str(REPO / "Examples" / "14-testing" / "flow.test.json")}),
            "help": await client.call_tool("help", {"action": "$util.toast"}),
            "debug": await client.call_tool("debug", {"path": str(HELLO), "command": "break $util.toast"}),
        }
        for name, result in results.items():
            assert not result.is_error, (name, result.content)
            jsonschema.validate(result.structured_content, tools[name].output_schema)
        assert results["run"].structured_content["exit"] == 0
        assert results["test"].structured_content["failed"] == 1  # its deliberately wrong case
        assert results["debug"].structured_content["state"] == "loaded"
        assert "$util.toast" in results["help"].structured_content["reference"]
    await call(server, steps)


@pytest.mark.asyncio(loop_scope="function")
async def test_prompts_start_debugging_a_flow_and_explaining_a_test(server):
    async def steps(client):
        prompts = (await client.list_prompts()).prompts
        assert [p.name for p in prompts] == ["debug-flow", "why-test-fails"]
        assert all(p.arguments[0].name == "path" and p.arguments[0].required for p in prompts)
        got = await client.get_prompt("debug-flow", {"path": "flow.json"})
        text = got.messages[0].content.text
        assert "check" in text and "debug" in text and "flow.json" in text
        with pytest.raises(Exception, match="needs a \"path\""):
            await client.get_prompt("why-test-fails", {})
    await call(server, steps)
