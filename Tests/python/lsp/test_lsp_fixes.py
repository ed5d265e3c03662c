"""`jasonrun lsp` quick fixes, rename and references through a real LSP client (pytest-lsp): each
did-you-mean is a `quickfix` code action whose edit clears the finding; a head.actions name renames with
every trigger that calls it."""
import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from test_lsp import client, open_document, position_of  # noqa: F401 (client is the fixture)

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


INCLUDER = """{"$jason": {"head": {"actions": {
  "$load": {"@": "file://parts.json"},
  "greet": {"type": "$util.toast", "options": {"text": "hi"}}
}}}}
"""


async def diagnostics_for(client: LanguageClient, uri: str):
    """The next diagnostics published for `uri` (others may come first)."""
    while True:
        params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if params.uri == uri:
            return params.diagnostics


@pytest.mark.asyncio(loop_scope="function")
async def test_an_open_mixin_file_and_its_includer_are_kept_in_step(client: LanguageClient, tmp_path):
    """Editors and assistants round 3, item 7: the mixin file gets the findings its includer has in it
    (named so), a typed change to it re-checks the includer at once (unsaved), and so does a change on disk."""
    parts_text = '{"type": "$util.toast", "options": {"text": "a"}, "success": {"trigger": "gret"}}\n'
    (tmp_path / "parts.json").write_text(parts_text)
    flow = tmp_path / "flow.json"
    flow.write_text(INCLUDER)
    flow_uri, parts_uri = flow.as_uri(), (tmp_path / "parts.json").as_uri()
    found = await open_document(client, flow_uri, INCLUDER)
    assert [d.code for d in found] == ["unknown-lambda"]

    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=parts_uri, language_id="json", version=1, text=parts_text)))
    in_part = await diagnostics_for(client, parts_uri)
    assert [d.code for d in in_part] == ["unknown-lambda"]
    assert "did you mean 'greet'? (as mixed into flow.json)" in in_part[0].message

    fixed = parts_text.replace('"gret"', '"greet"')
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=parts_uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)]))
    seen = {}
    while set(seen) != {flow_uri, parts_uri}:
        params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        seen[params.uri] = params.diagnostics
    assert list(seen[flow_uri]) == [] and list(seen[parts_uri]) == []  # the includer read the unsaved buffer

    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=parts_uri)))
    await diagnostics_for(client, parts_uri)
    (tmp_path / "parts.json").write_text(parts_text.replace('"gret"', '"nobody"'))
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=parts_uri, type=types.FileChangeType.Changed)]))
    # Closing the buffer re-checks the includer against the disk first; then the change on disk shows.
    for _ in range(3):
        again = await diagnostics_for(client, flow_uri)
        if any("nobody" in d.message for d in again):
            break
    assert [d.code for d in again] == ["unknown-lambda"] and "nobody" in again[0].message


@pytest.mark.asyncio(loop_scope="function")
async def test_links_to_the_files_a_flow_names_and_folding(client: LanguageClient, tmp_path):
    """Item 9: document links for file:// URLs, mixins and relative urls that exist; folding ranges for
    every object and array over more than one line."""
    (tmp_path / "parts.json").write_text('{"actions": {}}')
    (tmp_path / "next.json").write_text("{}")
    text = """{"$jason": {"head": {"actions": {
  "$load": {"@": "actions.x@file://parts.json"},
  "go": {"type": "$href", "options": {"url": "next.json"}},
  "gone": {"type": "$href", "options": {"url": "missing.json"}},
  "read": {"type": "$require", "options": {"a": "file://parts.json"}}
}}}}
"""
    uri = (tmp_path / "flow.json").as_uri()
    await open_document(client, uri, text)
    links = await client.text_document_document_link_async(types.DocumentLinkParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    targets = sorted((l.range.start.line, l.target) for l in links)
    assert targets == [(1, (tmp_path / "parts.json").as_uri()), (2, (tmp_path / "next.json").as_uri()),
                       (4, (tmp_path / "parts.json").as_uri())]
    first = min(links, key=lambda l: l.range.start.line)
    assert first.range.start == position_of(text, '"actions.x@file://parts.json"', 1)
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert (0, 4) in [(f.start_line, f.end_line) for f in folds]
