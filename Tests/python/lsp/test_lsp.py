"""`jasonrun lsp` end to end through a real LSP client (pytest-lsp): diagnostics, completion, hover,
definition, symbols, a fix that clears a diagnostic, a half-typed document and an unknown request."""
import json
import os
import pathlib
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPO = pathlib.Path(__file__).resolve().parents[3]
JASONRUN = os.environ.get("JASONRUN_BIN") or str(REPO / ".build" / "debug" / "jasonrun")

FLOW = """{
  "$jason": {
    "head": {
      "actions": {
        "$load": {
          "type": "$utill.alert",
          "success": {"trigger": "greet"}
        },
        "greet": {
          "type": "$set",
          "options": {"name": "Ada"},
          "success": {"type": "$util.alert", "options": {"title": "{{$get.name}}"}}
        },
        "open": {"type": "$href", "options": {"url": "next.json"}}
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


@pytest.fixture
def flow_uri(tmp_path):
    (tmp_path / "next.json").write_text('{"type": "$util.toast", "options": {"text": "next"}}')
    path = tmp_path / "flow.json"
    path.write_text(FLOW)
    return path.as_uri()


async def open_document(client: LanguageClient, uri: str, text: str = FLOW):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


def position_of(text: str, needle: str, offset: int = 0) -> types.Position:
    """The UTF-16 position of `needle` (plus `offset` characters) in `text`."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    return types.Position(line=line, character=len(text[start:index].encode("utf-16-le")) // 2)


@pytest.mark.asyncio(loop_scope="function")
async def test_diagnostics_on_open(client: LanguageClient, flow_uri):
    diagnostics = await open_document(client, flow_uri)
    assert [d.code for d in diagnostics] == ["unknown-action"]
    d = diagnostics[0]
    assert d.severity == types.DiagnosticSeverity.Error
    assert "did you mean $util.alert?" in d.message
    assert d.range.start == position_of(FLOW, '"$utill.alert"')
    assert d.range.end == position_of(FLOW, '"$utill.alert"', len('"$utill.alert"'))


@pytest.mark.asyncio(loop_scope="function")
async def test_a_change_that_fixes_the_typo_clears_the_diagnostic(client: LanguageClient, flow_uri):
    await open_document(client, flow_uri)
    start = position_of(FLOW, "$utill.alert")
    end = position_of(FLOW, "$utill.alert", len("$utill"))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=flow_uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="$util")
            ],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[flow_uri]) == []


@pytest.mark.asyncio(loop_scope="function")
async def test_findings_of_unchanged_actions_move_with_their_text(client: LanguageClient, tmp_path):
    """The server keeps each head.actions entry's findings by its text: after edits above and beside
    an entry, its findings are where a fresh check of the new text puts them (a second file, opened
    with that text, is the fresh check)."""
    (tmp_path / "next.json").write_text("{}")
    uri = (tmp_path / "flow.json").as_uri()
    text = FLOW.replace('"open": {"type": "$href"', '"open": {"typ": "$href", "type": "$href"')
    found = await open_document(client, uri, text)
    assert sorted(d.code for d in found) == ["unknown-action", "unknown-key"]
    edits = [
        # A new action above the others: every entry moves down a line.
        ('"actions": {', '"actions": {\n        "extra": {"type": "$set", "options": {}},'),
        # Spaces before "$load" on its own line: its findings move right.
        ('"$load": {', '   "$load": {'),
    ]
    for version, (old, new) in enumerate(edits, start=2):
        start = position_of(text, old)
        end = position_of(text, old, len(old))
        text = text.replace(old, new, 1)
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text=new)],
            )
        )
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        moved = list(client.diagnostics[uri])
        fresh = (tmp_path / f"fresh{version}.json").as_uri()
        expected = await open_document(client, fresh, text)
        client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=fresh)))
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        assert len(moved) == 2
        assert [(d.code, d.range, d.message) for d in moved] == [(d.code, d.range, d.message) for d in expected]
    assert moved[0].range.start == position_of(text, '"$utill.alert"')


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream):
    length = 0
    while True:
        line = stream.readline()
        assert line, "the server closed its output"
        if line in (b"\r\n", b"\n"):
            return json.loads(stream.read(length))
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])


def test_a_burst_of_changes_is_analysed_once_for_its_newest_text(tmp_path):
    """Keystrokes that arrive together cost one analysis, of the newest text, with its version."""
    (tmp_path / "next.json").write_text('{"type": "$util.toast", "options": {"text": "next"}}')
    uri = (tmp_path / "flow.json").as_uri()
    start = position_of(FLOW, "$utill.alert")
    # Delete "$utill", then type "$util" one key at a time.
    changes = [{"range": {"start": {"line": start.line, "character": start.character},
                          "end": {"line": start.line, "character": start.character + 6}}, "text": ""}]
    for i, key in enumerate("$util"):
        at = {"line": start.line, "character": start.character + i}
        changes.append({"range": {"start": at, "end": at}, "text": key})
    burst = frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    burst += frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": FLOW}}})
    for version, change in enumerate(changes, start=2):
        burst += frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
    server = subprocess.Popen([JASONRUN, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        server.stdin.write(burst)
        server.stdin.flush()
        published = []
        while not published or published[-1]["version"] != len(changes) + 1:
            message = read_message(server.stdout)
            if message.get("method") == "textDocument/publishDiagnostics":
                published.append(message["params"])
        assert published[-1]["diagnostics"] == []
        # The open is analysed, then the whole burst once (it was all waiting when the first change was read).
        assert [p["version"] for p in published] == [1, len(changes) + 1]
    finally:
        server.kill()
        server.wait(timeout=30)


@pytest.mark.asyncio(loop_scope="function")
async def test_a_half_typed_document_reports_where_the_json_breaks(client: LanguageClient, flow_uri):
    text = '{"$jason": {"head": {"actions": {"$load": {"type": "$util.al'
    diagnostics = await open_document(client, flow_uri, text)
    assert [d.code for d in diagnostics] == ["json-syntax"]
    assert diagnostics[0].range.start.line == 0
    # The server keeps working: completion still answers in the broken text.
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=flow_uri),
            position=types.Position(line=0, character=len(text)),
        )
    )
    assert "$util.alert" in [item.label for item in result.items]


@pytest.mark.asyncio(loop_scope="function")
async def test_completion_of_types_options_triggers_and_variables(client: LanguageClient, flow_uri):
    await open_document(client, flow_uri)

    async def labels(needle, offset=0):
        result = await client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=flow_uri),
                position=position_of(FLOW, needle, offset),
            )
        )
        return {item.label: item for item in result.items}

    types_ = await labels('"$utill.alert"', 3)
    assert "$util.toast" in types_ and "$network.request" in types_
    assert types_["$util.toast"].detail
    triggers = await labels('"greet"}', 2)
    assert set(triggers) == {"greet", "open"}
    options = await labels('"title": "{{', 1)
    assert {"title", "description"} <= set(options)
    variables = await labels("{{$get.name}}", len("{{$get."))
    assert "name" in variables


def client_word(line_to_cursor: str, rule: str = "neovim") -> str:
    """The word before the cursor as Neovim 0.7 (`\\k*$` with json's iskeyword: letters, digits and `_`)
    and Eglot 1.9 (a json-mode symbol, where `$` belongs to the word too) see it; both stop at `.`."""
    extra = "_$" if rule == "eglot" else "_"
    word = ""
    for ch in reversed(line_to_cursor):
        if not (ch.isascii() and (ch.isalnum() or ch in extra)):
            break
        word = ch + word
    return word


@pytest.mark.asyncio(loop_scope="function")
@pytest.mark.parametrize("typed,chosen", [('"$util.', "$util.toast"), ('"$ut', "$util.toast"), ('"$util.to', "$util.toast"),
                                          ('"$netw', "$network.request"), ('"', "$util.toast")])
async def test_completion_for_clients_that_filter_by_their_own_word(client: LanguageClient, tmp_path, typed, chosen):
    # A client that ignores the reply's range filters the items by the word before the cursor and puts
    # the chosen item's text (Neovim: textEdit.newText; Eglot: insertText) in place of that word.
    line = '{"type": ' + typed
    path = tmp_path / "typing.json"
    path.write_text(line)
    await open_document(client, path.as_uri(), line)
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
                               position=types.Position(line=0, character=len(line))))
    for rule in ("neovim", "eglot"):
        word = client_word(line, rule)
        texts = {}
        for item in result.items:
            text = item.text_edit.new_text if rule == "neovim" and item.text_edit else (item.insert_text or item.label)
            if text.startswith(word):
                texts[item.label] = text
        assert chosen in texts, (rule, word, sorted(texts)[:5])
        if typed.startswith('"$util'):
            assert "$agent.clear" not in texts, rule
        assert line[: len(line) - len(word)] + texts[chosen] == '{"type": "' + chosen, rule
        if rule == "eglot":
            # Eglot filters by filterText, then applies the textEdit over the text it restored.
            assert next(i.filter_text for i in result.items if i.label == chosen).startswith(word)
    # Clients that honour the range replace exactly Neovim's word with the textEdit's text.
    word = client_word(line)
    edit = next(i.text_edit for i in result.items if i.label == chosen)
    assert edit.range.start.character == len(line) - len(word) and edit.range.end.character == len(line)
    assert line[: len(line) - len(word)] + edit.new_text == '{"type": "' + chosen


@pytest.mark.asyncio(loop_scope="function")
async def test_hover_shows_the_action_reference(client: LanguageClient, flow_uri):
    await open_document(client, flow_uri)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=flow_uri),
            position=position_of(FLOW, '"$set"', 2),
        )
    )
    assert hover is not None
    assert "$set: Merges its options into $get" in hover.contents.value


@pytest.mark.asyncio(loop_scope="function")
async def test_definition_of_a_trigger_and_of_a_relative_url(client: LanguageClient, flow_uri):
    await open_document(client, flow_uri)
    found = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=flow_uri),
            position=position_of(FLOW, '"greet"}', 3),
        )
    )
    location = found[0] if isinstance(found, list) else found
    assert location.uri == flow_uri
    assert location.range.start == position_of(FLOW, '{\n          "type": "$set"')
    found = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=flow_uri),
            position=position_of(FLOW, '"next.json"', 3),
        )
    )
    location = found[0] if isinstance(found, list) else found
    assert location.uri.endswith("/next.json")


@pytest.mark.asyncio(loop_scope="function")
async def test_document_symbols_list_head_actions(client: LanguageClient, flow_uri):
    await open_document(client, flow_uri)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=flow_uri))
    )
    assert [s.name for s in symbols] == ["$load", "greet", "open"]
    assert symbols[1].detail == "$set"
    # The range runs from the name to the end of the action, the selection is the name.
    assert symbols[1].range.start == position_of(FLOW, '"greet": {')
    assert symbols[1].range.end.line > symbols[1].range.start.line


@pytest.mark.asyncio(loop_scope="function")
async def test_an_unknown_request_gets_method_not_found(client: LanguageClient):
    with pytest.raises(Exception) as raised:
        await client.protocol.send_request_async("jasonrun/nosuch", {})
    assert "-32601" in str(raised.value) or "not supported" in str(raised.value)


def test_a_client_that_disconnects_ends_the_server_cleanly():
    init = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'
    frame = b"Content-Length: %d\r\n\r\n%s" % (len(init), init)
    done = subprocess.run([JASONRUN, "lsp"], input=frame, capture_output=True, timeout=60)
    assert done.returncode == 0
    assert b'"capabilities"' in done.stdout
    # A stream cut off in the middle of a message ends it too.
    done = subprocess.run([JASONRUN, "lsp"], input=frame[:-10], capture_output=True, timeout=60)
    assert done.returncode == 0


def frames(*bodies: bytes) -> bytes:
    return b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(b), b) for b in bodies)


def test_garbage_and_early_requests_get_error_responses():
    done = subprocess.run(
        [JASONRUN, "lsp"],
        input=frames(
            b"this is not json",
            b'{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}',
            b'{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}',
            b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":'
            b'{"uri":"file:///x.json","languageId":"json","version":1,"text":"{\\"type\\": 12"}}}',
            b'{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nope.json"},'
            b'"position":{"line":0,"character":0}}}',
            b'{"jsonrpc":"2.0","id":4,"method":"shutdown"}',
            b'{"jsonrpc":"2.0","method":"exit"}',
        ),
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0
    out = done.stdout
    assert b'"code":-32700' in out  # parse error
    assert b'"id":1,"error":{"code":-32002' in out  # not initialized yet
    assert b'"method":"textDocument/publishDiagnostics"' in out and b'"code":"json-syntax"' in out
    assert b'"id":3,"error":{"code":-32602' in out
    assert b'"id":4,"result":null' in out


@pytest.mark.asyncio(loop_scope="function")
async def test_positions_count_utf16_code_units(client: LanguageClient, flow_uri):
    # "🎉" is one scalar but two UTF-16 units; "é" one of each: the range must count units.
    text = '{"type": "$util.toast", "options": {"text": "🎉 é"}, "success": {"type": "$utill.alert"}}'
    diagnostics = await open_document(client, flow_uri, text)
    assert [d.code for d in diagnostics] == ["unknown-action"]
    assert diagnostics[0].range.start == position_of(text, '"$utill.alert"')
    assert diagnostics[0].range.start.character == text.index('"$utill') + 1


@pytest.mark.asyncio(loop_scope="function")
async def test_json_that_is_not_a_flow_gets_no_findings(client: LanguageClient, flow_uri):
    diagnostics = await open_document(client, flow_uri, '{"name": "some-package", "version": "1.0.0"}')
    assert list(diagnostics) == []


@pytest.mark.asyncio(loop_scope="function")
async def test_hover_on_an_option_says_what_it_is(client: LanguageClient, flow_uri):
    await open_document(client, flow_uri)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=flow_uri),
            position=position_of(FLOW, '"url"', 2),
        )
    )
    assert hover is not None
    assert "$href" in hover.contents.value and "`url`" in hover.contents.value and "required" in hover.contents.value


MIXING = """{
  "$jason": {
    "head": {
      "actions": {
        "$load": {"@": "file://parts.json", "success": {"type": "$util.toast"}},
        "remote": {"@": "https://example.com/parts.json"}
      }
    }
  }
}
"""


@pytest.mark.asyncio(loop_scope="function")
async def test_a_file_mixin_is_checked_where_the_document_mixes_it_in(client: LanguageClient, tmp_path):
    """#27: the server resolves file:// mixins to check what the document will run; a finding in the mixin
    file is shown at the member that mixed it in, naming the file and line; a remote one is only noted."""
    (tmp_path / "parts.json").write_text('{\n  "type": "$utill.toast",\n  "options": {"text": "hi"}\n}\n')
    path = tmp_path / "flow.json"
    path.write_text(MIXING)
    diagnostics = await open_document(client, path.as_uri(), MIXING)
    by_code = {d.code: d for d in diagnostics}
    assert set(by_code) == {"unknown-action", "mixin"}, [(d.code, d.message) for d in diagnostics]
    found = by_code["unknown-action"]
    assert found.message.startswith(f"in {tmp_path / 'parts.json'}:2:11: unknown action type '$utill.toast'")
    assert found.range.start == position_of(MIXING, '"file://parts.json"')
    note = by_code["mixin"]
    assert note.severity == types.DiagnosticSeverity.Information
    assert note.range.start == position_of(MIXING, '{"@": "https://example.com/parts.json"}')


@pytest.mark.asyncio(loop_scope="function")
async def test_a_linked_mixin_out_of_the_folder_is_not_read(client: LanguageClient, tmp_path):
    """Security round 4: a hostile repository's `link.json -> ../secret/secret.json` (or a linked folder) is
    refused as a run refuses it, and nothing of the secret reaches a diagnostic."""
    project, secret = tmp_path / "project", tmp_path / "secret"
    project.mkdir()
    secret.mkdir()
    (secret / "secret.json").write_text('"SECRET-4711"')
    (project / "link.json").symlink_to(secret / "secret.json")
    (project / "linked").symlink_to(secret)
    text = json.dumps({"$jason": {"head": {"actions": {"$load": {"type": {"@": "file://link.json"}},
                                                       "other": {"type": {"@": "file://linked/secret.json"}}}}}})
    path = project / "flow.json"
    path.write_text(text)
    diagnostics = await open_document(client, path.as_uri(), text)
    messages = [d.message for d in diagnostics]
    assert not any("SECRET" in m for m in messages), messages
    assert any("link.json is outside the folders" in m for m in messages), messages


@pytest.mark.asyncio(loop_scope="function")
async def test_hover_on_an_unknown_type_symbols_and_options_without_a_type(client: LanguageClient, flow_uri):
    """Editors and assistants round 3, item 8: hover on an unknown type says so with the did-you-mean; a
    symbol's selectionRange is its name; the options of an action with no type get no action keys."""
    await open_document(client, flow_uri)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=flow_uri), position=position_of(FLOW, '"$utill.alert"', 3)))
    assert hover is not None
    assert "unknown action type" in hover.contents.value and "did you mean `$util.alert`?" in hover.contents.value
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=flow_uri)))
    greet = next(s for s in symbols if s.name == "greet")
    assert greet.selection_range.start == position_of(FLOW, '"greet": {')
    assert greet.selection_range.end == position_of(FLOW, '"greet": {', len('"greet"'))
    assert greet.range.start == greet.selection_range.start
    text = '{"$jason": {"head": {"actions": {"a": {"options": {"'
    path = flow_uri.replace("flow.json", "typing.json")
    await open_document(client, path, text)
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=path), position=types.Position(line=0, character=len(text))))
    labels = [item.label for item in (result.items if result else [])]
    assert "success" not in labels and "type" not in labels, labels
