"""Code lenses through a real LSP client (pytest-lsp): Run, Explore and Debug over a flow's $load, Run
the tests over a test file, and the server carrying out the first ones with workspace/executeCommand."""
import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from test_lsp import client  # noqa: F401 (the fixture: a session of the real binary)

FLOW = """{
  "$jason": {
    "head": {
      "actions": {
        "$load": {
          "type": "$geo.get",
          "success": {"type": "$util.toast", "options": {"text": "at {{$jason.coord}}"}}
        }
      }
    }
  }
}
"""

TESTS = """{"flow": "flow.json", "cases": [
  {"name": "where", "answers": {"$geo.get": {"value": {"coord": "1,2"}}}, "expect": {"printed": ["[toast] at 1,2"]}}
]}
"""


async def opened(client, path, text):
    path.write_text(text)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=path.as_uri(), language_id="json", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return path.as_uri()


@pytest.mark.asyncio
async def test_lenses_over_load_run_and_explore_the_flow(client: LanguageClient, tmp_path):
    uri = await opened(client, tmp_path / "flow.json", FLOW)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [lens.command.title for lens in lenses] == ["▶ Run", "Explore every path", "Debug"]
    assert {lens.range.start.line for lens in lenses} == {4}
    run = lenses[0].command
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(command=run.command, arguments=run.arguments))
    # $geo.get has no answer in a plain run: its error has no branch, exit 1, said in the output.
    assert result["exit"] == 1 and "$geo.get is not available in a terminal" in result["output"]
    assert any("exit 1" in m.message for m in client.messages)
    explore = lenses[1].command
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(command=explore.command, arguments=explore.arguments))
    assert result["exit"] == 1 and "1 path ends in an unhandled error" in result["output"]
    with pytest.raises(Exception, match="debug client"):
        await client.workspace_execute_command_async(types.ExecuteCommandParams(command="jasonrun.debug", arguments=[uri]))


@pytest.mark.asyncio
async def test_a_test_files_lens_runs_its_cases(client: LanguageClient, tmp_path):
    (tmp_path / "flow.json").write_text(FLOW)
    uri = await opened(client, tmp_path / "flow.test.json", TESTS)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [lens.command.title for lens in lenses] == ["▶ Run the 1 test"]
    command = lenses[0].command
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(command=command.command, arguments=command.arguments))
    assert result["exit"] == 0 and "1 passed, 0 failed" in result["output"]


GREET = """{
  "$jason": {
    "head": {
      "actions": {
        "$load": {"type": "$set", "options": {"name": "Ada"}, "success": {"trigger": "greet", "options": {"who": "{{$get.name}}"}}},
        "greet": {"type": "$util.toast", "options": {"text": "Hello {{$jason.who}}", "plain": "no template"}}
      }
    }
  }
}
"""


@pytest.mark.asyncio
async def test_after_a_run_each_template_shows_what_it_rendered(client: LanguageClient, tmp_path):
    uri = await opened(client, tmp_path / "flow.json", GREET)
    whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=20, character=0))
    params = types.InlayHintParams(text_document=types.TextDocumentIdentifier(uri=uri), range=whole)
    assert not await client.text_document_inlay_hint_async(params)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    run = lenses[0].command
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(command=run.command, arguments=run.arguments))
    assert result["exit"] == 0 and "[toast] Hello Ada" in result["output"]
    hints = await client.text_document_inlay_hint_async(params)
    shown = sorted((h.position.line, h.label) for h in hints)
    assert shown == [(4, ' = "Ada"'), (5, ' = "Hello Ada"')]
    line = GREET.splitlines()[5]
    assert hints[[h.label for h in hints].index(' = "Hello Ada"')].position.character == line.index('"Hello {{$jason.who}}"') + len('"Hello {{$jason.who}}"')
