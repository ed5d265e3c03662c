"""`jasonrun lsp` quick fixes, rename and references through a real LSP client (pytest-lsp): each
did-you-mean is a `quickfix` code action whose edit clears the finding; a head.actions name renames with
every trigger that calls it."""
import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from test_lsp import JASONRUN, open_document, position_of

FLOW = """{
  "$jason": {
    "head": {
      "actions": {
        "$load": {
          "type": "$util.toast",
          "options": {"txt": "hi"},
          "success": {"trigger": "gret"}
        },
        "greet": {"type": "$utill.alert", "success": {"trigger": "greet2"}},
        "greet2": {"type": "$set", "options": {"n": 1}, "success": {"type": "$lambda", "options": {"name": "greet"}}}
      }
    }
  }
}
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[JASONRUN, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    )
    yield
    await lsp_client.shutdown_session()


def apply(text: str, edits: list) -> str:
    """The text with the edits made (from the last to the first)."""
    lines = text.split("\n")

    def offset(position):
        return sum(len(line) + 1 for line in lines[: position.line]) + position.character

    for edit in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


@pytest.mark.asyncio(loop_scope="function")
async def test_each_did_you_mean_is_a_quick_fix_that_clears_it(client: LanguageClient, tmp_path):
    uri = (tmp_path / "flow.json").as_uri()
    diagnostics = await open_document(client, uri, FLOW)
    assert sorted(d.code for d in diagnostics) == ["unknown-action", "unknown-lambda", "unknown-option"]
    text = FLOW
    for needle, new in [('"txt"', '"text"'), ('"gret"', '"greet"'), ('"$utill.alert"', '"$util.alert"')]:
        at = position_of(FLOW, needle, 1)
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=at, end=at),
            context=types.CodeActionContext(diagnostics=diagnostics)))
        assert len(actions) == 1, actions
        action = actions[0]
        assert action.kind == types.CodeActionKind.QuickFix and action.is_preferred
        [edit] = action.edit.changes[uri]
        assert edit.new_text == new
        assert edit.range.start == position_of(FLOW, needle)
        assert action.diagnostics[0].code in {"unknown-option", "unknown-lambda", "unknown-action"}
        text = apply(text, [edit])
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio(loop_scope="function")
async def test_renaming_an_action_renames_its_callers(client: LanguageClient, tmp_path):
    uri = (tmp_path / "flow.json").as_uri()
    await open_document(client, uri, FLOW)
    on_key = position_of(FLOW, '"greet":', 2)
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=on_key))
    assert prepared.placeholder == "greet"
    assert prepared.range.start == position_of(FLOW, '"greet":', 1)

    refs = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=on_key,
        context=types.ReferenceContext(include_declaration=False)))
    # The $lambda's name calls it; "gret" is a typo, not a call, and "greet2" another name.
    assert [r.range.start for r in refs] == [position_of(FLOW, '"greet"}}}', 1)]

    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=on_key, new_name="welcome"))
    renamed = apply(FLOW, edit.changes[uri])
    assert '"welcome": {"type": "$utill.alert"' in renamed
    assert '"options": {"name": "welcome"}' in renamed
    assert '"greet2"' in renamed and '"gret"' in renamed

    with pytest.raises(Exception, match="already has an action named 'greet2'"):
        await client.text_document_rename_async(types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=on_key, new_name="greet2"))
    nothing = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(FLOW, '"$set"', 2)))
    assert nothing is None
