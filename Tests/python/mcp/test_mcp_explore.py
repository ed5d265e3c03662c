"""MCP's `explore` tool through the official Python client: the report as text and as checked data."""

import pytest

from mcp_session import call, parameters


@pytest.mark.asyncio(loop_scope="function")
async def test_explore_finds_the_unhandled_paths_and_stays_in_its_folders(jasonrun, tmp_path):
    server = parameters(jasonrun, tmp_path / "state")

    async def steps(client):
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert tools["explore"].annotations.read_only_hint is True
        result = await client.call_tool("explore", {"path": "Examples/17-explore/flow.json"})
        assert not result.is_error
        assert result.structured_content["paths"] == 5
        assert result.structured_content["exit"] == 1
        assert result.structured_content["endings"][0]["route"] == "$network.request ok → $util.alert ok → $geo.get fails"
        assert "2 paths" not in result.content[0].text and "exit: 1" in result.content[0].text
        stubbed = await client.call_tool("explore", {"path": "Examples/17-explore/solution/flow.json",
                                                     "stubs": "Examples/17-explore/stubs.json", "max_paths": 3})
        assert stubbed.structured_content["complete"] is False and stubbed.structured_content["exit"] == 0
        outside = await client.call_tool("explore", {"path": "/etc/hostname"})
        assert outside.is_error and "outside the folders" in outside.content[0].text
        wrong = await client.call_tool("explore", {"path": "Examples/17-explore/flow.json", "depth": 3})
        assert wrong.is_error and "takes no argument \"depth\"" in wrong.content[0].text
    await call(server, steps)
