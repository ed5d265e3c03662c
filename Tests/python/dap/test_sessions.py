"""Scripted `jasonrun dap` sessions; dap_client validates every message against the official schema."""
import json


def shop(flows):
    return str(flows / "shop.json")


def test_runs_to_the_end_with_output_and_exit_code_0(dap, flows):
    dap.start(shop(flows))
    assert dap.exit_code() == 0
    output = dap.output()
    assert "basket of Ann" in output
    assert "done at 5" in output
    assert dap.close() == 0
    assert "InitializeResponse" in dap.validated and "OutputEvent" in dap.validated


def test_line_breakpoint_moves_to_the_next_action_and_stops_there(dap, flows):
    answers = dap.start(shop(flows), breakpoints={shop(flows): [{"line": 4}, {"line": 22}]})
    moved, exact = answers[shop(flows)]
    assert moved["verified"] and moved["line"] == 7 and "moved to line 7" in moved["message"]
    assert exact["verified"] and exact["line"] == 22 and "message" not in exact
    stop = dap.stopped()
    assert stop["reason"] == "breakpoint" and stop["hitBreakpointIds"] == [moved["id"]]
    assert dap.top_line() == 7
    dap.ok("continue", {"threadId": 1})
    assert dap.stopped()["hitBreakpointIds"] == [exact["id"]]
    frames = dap.frames()
    assert [f["line"] for f in frames] == [22, 7]
    assert frames[0]["name"] == "price: $return.success" and frames[1]["name"] == "$load: trigger price"
    assert frames[0]["source"]["path"] == shop(flows)
    dap.ok("continue", {"threadId": 1})
    assert dap.exit_code() == 0


def test_a_line_inside_an_action_belongs_to_that_action(dap, flows):
    # Line 13 is the toast's "type" line (its object opens on line 12), line 20 the "type" of price's $set
    # (opened on line 19), line 17 the brace that closes the $set of line 9: none moves to a later action.
    answers = dap.start(shop(flows), breakpoints={shop(flows): [{"line": 13}, {"line": 20}, {"line": 17}]})
    toast, price, closing = answers[shop(flows)]
    for answer, line in ((toast, 13), (price, 20), (closing, 17)):
        assert answer["verified"] and answer["line"] == line and "message" not in answer, answer
    assert dap.stopped()["hitBreakpointIds"] == [price["id"]]
    assert dap.frames()[0]["name"] == "price: $set"
    dap.ok("continue", {"threadId": 1})
    assert dap.stopped()["hitBreakpointIds"] == [closing["id"]]
    assert dap.top_line() == 10
    dap.ok("continue", {"threadId": 1})
    assert dap.stopped()["hitBreakpointIds"] == [toast["id"]]
    assert dap.top_line() == 13
    dap.ok("continue", {"threadId": 1})
    assert dap.exit_code() == 0


def test_breakpoint_by_type_and_by_name(dap, flows):
    answers = dap.start(shop(flows), functions=[{"name": "$util.toast"}, {"name": "tally"}, {"name": "nosuch"}])
    toast, tally, bad = answers["functions"]
    assert toast["verified"] and tally["verified"] and not bad["verified"]
    assert dap.stopped()["hitBreakpointIds"] == [toast["id"]]
    assert dap.top_line() == 13
    dap.ok("continue", {"threadId": 1})
    assert dap.stopped()["hitBreakpointIds"] == [tally["id"]]
    assert dap.top_line() == 25


def test_conditional_breakpoint(dap, flows):
    dap.start(shop(flows), breakpoints={shop(flows): [{"line": 25, "condition": "$get.count == 3"}]})
    dap.stopped()
    assert dap.ok("evaluate", {"expression": "{{$get.count}}", "frameId": 1, "context": "watch"})["result"] == "3"
    dap.ok("continue", {"threadId": 1})
    assert dap.exit_code() == 0


def test_a_condition_that_does_not_compile_is_not_verified(dap, flows):
    answers = dap.start(shop(flows), breakpoints={shop(flows): [{"line": 25, "condition": "$get.count =="}]})
    (answer,) = answers[shop(flows)]
    assert not answer["verified"] and "does not compile" in answer["message"]
    assert dap.exit_code() == 0


def test_hit_count(dap, flows):
    dap.start(shop(flows), breakpoints={shop(flows): [{"line": 25, "hitCondition": "3"}]})
    dap.stopped()
    assert dap.ok("evaluate", {"expression": "$get.count", "frameId": 1, "context": "hover"})["result"] == "3"
    dap.ok("continue", {"threadId": 1})
    dap.stopped()  # a bare count stops at that hit and every one after, as `ignore` does
    assert dap.ok("evaluate", {"expression": "$get.count", "frameId": 1, "context": "hover"})["result"] == "4"


def test_exception_breakpoints_failed_and_unhandled(dap, flows):
    fail = str(flows / "fail.json")
    dap.start(fail, exceptions=["failed"])
    stop = dap.stopped()
    assert stop["reason"] == "exception" and stop["text"]
    assert dap.top_line() == 6
    dap.ok("continue", {"threadId": 1})
    assert dap.stopped()["reason"] == "exception"
    assert dap.top_line() == 12
    dap.ok("continue", {"threadId": 1})
    assert dap.exit_code() == 1
    assert "handled:" in dap.output()


def test_unhandled_only_stops_where_no_error_branch_is(dap, flows):
    dap.start(str(flows / "fail.json"), exceptions=["unhandled"])
    assert dap.stopped()["reason"] == "exception"
    assert dap.top_line() == 12
    dap.ok("continue", {"threadId": 1})
    assert dap.exit_code() == 1
    assert "no error branch" in dap.output()


def test_step_in_over_out_and_entry(dap, flows):
    dap.start(shop(flows), stopOnEntry=True, jason={"user": "ann"})
    assert dap.stopped()["reason"] == "entry"
    assert dap.top_line() == 7
    dap.ok("stepIn", {"threadId": 1})
    assert dap.stopped()["reason"] == "step"
    assert [f["line"] for f in dap.frames()] == [20, 7]
    dap.ok("stepOut", {"threadId": 1})
    dap.stopped()
    assert [f["line"] for f in dap.frames()] == [10]
    dap.ok("next", {"threadId": 1})
    dap.stopped()
    assert dap.top_line() == 13


def test_next_steps_over_a_trigger(dap, flows):
    dap.start(shop(flows), stopOnEntry=True)
    dap.stopped()
    dap.ok("next", {"threadId": 1})
    dap.stopped()
    assert [f["line"] for f in dap.frames()] == [10]


def test_step_back_and_reverse_continue(dap, flows):
    dap.start(shop(flows), breakpoints={shop(flows): [{"line": 19}, {"line": 12}]})
    dap.stopped()
    assert dap.top_line() == 20
    dap.ok("continue", {"threadId": 1})
    dap.stopped()
    assert dap.top_line() == 13
    count = dap.ok("evaluate", {"expression": "$get.count", "frameId": 1, "context": "watch"})["result"]
    assert count == "1"
    dap.ok("stepBack", {"threadId": 1})
    assert dap.stopped()["reason"] == "step"
    assert dap.top_line() == 10
    # going back restored the variables: the $set at line 9 has not run yet
    assert dap.ok("evaluate", {"expression": "$get.count", "frameId": 1, "context": "watch"})["result"] == "undefined"
    dap.ok("reverseContinue", {"threadId": 1})
    assert dap.stopped()["reason"] == "breakpoint"
    assert dap.top_line() == 20
    dap.ok("continue", {"threadId": 1})
    dap.stopped()
    assert dap.top_line() == 13
    # the recorded run is replayed, printing again what it printed
    dap.ok("continue", {"threadId": 1})
    assert dap.exit_code() == 0


def test_the_adapter_and_its_console_share_one_timeline(dap, flows):
    """The debug console's REPL commands see where the adapter's stepping left the engine, and the
    console's own changes are what the adapter shows next."""
    dap.start(shop(flows), breakpoints={shop(flows): [{"line": 12}]})
    dap.stopped()
    where = dap.ok("evaluate", {"expression": "where", "context": "repl"})["result"]
    assert "shop.json:12" in where
    dap.ok("stepBack", {"threadId": 1})
    dap.stopped()
    assert "shop.json:9" in dap.ok("evaluate", {"expression": "where", "context": "repl"})["result"]
    dap.ok("evaluate", {"expression": "set $get.count = 41", "context": "repl"})
    assert dap.ok("evaluate", {"expression": "$get.count", "frameId": 1, "context": "watch"})["result"] == "41"
    # The change is a new future: the $set at line 9 runs again, and the run reaches line 12 anew.
    dap.ok("continue", {"threadId": 1})
    dap.stopped()
    assert dap.top_line() == 13
    assert dap.ok("evaluate", {"expression": "$get.count", "frameId": 1, "context": "watch"})["result"] == "1"


def test_step_back_at_the_first_action_is_an_error_response(dap, flows):
    dap.start(shop(flows), stopOnEntry=True)
    dap.stopped()
    reply = dap.request("stepBack", {"threadId": 1})
    assert not reply["success"] and "no action before" in reply["body"]["error"]["format"]


def test_variables_nest_and_frames_keep_the_callers_jason(dap, flows):
    dap.start(shop(flows), breakpoints={shop(flows): [{"line": 19}, {"line": 12}]}, jason={"user": "ann"})
    dap.stopped()
    inner = dap.variables(dap.scopes(1)["Frame #0 (price)"])
    assert json.loads(inner["$jason"]["value"]) == {"item": "tea"}
    outer = dap.variables(dap.scopes(2)["Frame #1 ($load)"])
    assert json.loads(outer["$jason"]["value"]) == {"user": "ann"}
    dap.ok("continue", {"threadId": 1})
    dap.stopped()
    scopes = dap.scopes(1)
    shared = dap.variables(scopes["Variables"])
    assert set(shared) >= {"$get", "$global", "$cache", "$session", "$params"}
    get = dap.variables(shared["$get"]["variablesReference"])
    basket = dap.variables(get["basket"]["variablesReference"])
    items = dap.variables(basket["items"]["variablesReference"])
    assert [items[k]["value"] for k in ("0", "1")] == ['"tea"', '"cake"']
    owner = dap.variables(basket["owner"]["variablesReference"])
    assert owner["name"]["value"] == '"Ann"' and owner["name"]["variablesReference"] == 0
    data = dap.variables(scopes["head.data"])
    assert data["shop"]["value"] == '"Tea House"'
    frame = dap.variables(scopes["Frame #0 ($load)"])
    assert json.loads(frame["options"]["value"]) == {"text": "basket of Ann"}


def test_evaluate_expressions_and_repl_commands(dap, flows):
    dap.start(shop(flows), breakpoints={shop(flows): [{"line": 19}]}, jason={"user": "ann"})
    dap.stopped()
    assert dap.ok("evaluate", {"expression": "{{$jason.item.toUpperCase()}}", "frameId": 1,
                               "context": "repl"})["result"] == '"TEA"'
    whole = dap.ok("evaluate", {"expression": "$jason", "frameId": 2, "context": "repl"})
    assert json.loads(whole["result"]) == {"user": "ann"} and whole["variablesReference"] > 0
    assert '{"user":"ann"}' in dap.ok("evaluate", {"expression": "print $jason", "frameId": 2,
                                                   "context": "repl"})["result"]
    listing = dap.ok("evaluate", {"expression": "info breakpoints", "context": "repl"})["result"]
    assert "breakpoint" in listing and "pointer /$jason/head/actions/price" in listing
    backtrace = dap.ok("evaluate", {"expression": "bt", "context": "repl"})["result"]
    assert "#1 in $load: trigger price" in backtrace
    refused = dap.request("evaluate", {"expression": "continue", "context": "repl"})
    assert not refused["success"]
    broken = dap.request("evaluate", {"expression": "{{$jason.item.(}}", "frameId": 1, "context": "repl"})
    assert not broken["success"]


def test_exit_code_1_when_a_chain_fails(dap, flows):
    dap.start(str(flows / "fail.json"))
    assert dap.exit_code() == 1
    assert dap.close() == 0


def test_the_default_unhandled_filter_applies_without_set_exception_breakpoints(dap, flows):
    dap.start(str(flows / "fail.json"), send_exceptions=False)
    stop = dap.stopped()
    assert stop["reason"] == "exception" and dap.top_line() == 12
    info = dap.ok("exceptionInfo", {"threadId": 1})
    assert info["exceptionId"] == "$network.request" and info["breakMode"] == "unhandled"
    assert info["description"] and info["details"]["message"] == info["description"]
    dap.ok("continue", {"threadId": 1})
    assert dap.exit_code() == 1


def test_exception_info_outside_a_failure_is_an_error_response(dap, flows):
    dap.start(shop(flows), stopOnEntry=True)
    dap.stopped()
    reply = dap.request("exceptionInfo", {"threadId": 1})
    assert not reply["success"] and "did not stop at a failed action" in reply["message"]


def test_launch_of_a_missing_file_is_an_error_response(dap, flows):
    dap.ok("initialize", {"adapterID": "jasonrun"})
    reply = dap.request("launch", {"program": str(flows / "missing.json")})
    assert not reply["success"]
    # Clients show `message` ("Initialize request failed: …"): the sentence, not a code.
    assert "missing.json" in reply["message"] and "no such file" in reply["message"]
    assert "no such file" in reply["body"]["error"]["format"]
    assert dap.close() == 0


def test_launch_of_a_document_that_is_not_json(dap, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"$jason": {"head": ')
    dap.ok("initialize", {"adapterID": "jasonrun"})
    reply = dap.request("launch", {"program": str(broken)})
    assert not reply["success"] and "broken.json:1:" in reply["body"]["error"]["format"]
    assert dap.close() == 0


def test_unknown_request_gets_an_error_response(dap, flows):
    dap.ok("initialize", {"adapterID": "jasonrun"})
    reply = dap.request("frobnicate", {"x": 1})
    assert not reply["success"] and "frobnicate" in reply["body"]["error"]["format"]
    dap.ok("threads")
    assert dap.close() == 0


def test_pause_stops_a_runaway_loop_and_disconnect_ends_it(dap, flows):
    dap.start(str(flows / "loop.json"), maxSteps=0)
    for _ in range(3):
        dap.ok("pause", {"threadId": 1})
        assert dap.stopped()["reason"] == "pause"
        assert dap.frames()[0]["name"].split(":")[0] in ("$load", "forever")
        dap.ok("continue", {"threadId": 1})
    assert dap.close() == 0  # disconnect while it runs
    assert not dap.events("exited")


def test_a_client_that_goes_away_mid_run_ends_the_process(dap, flows):
    dap.start(str(flows / "loop.json"), maxSteps=0)
    dap.process.stdin.close()
    assert dap.process.wait(timeout=60) == 0


def test_a_message_that_is_not_a_request_is_reported_and_the_session_goes_on(dap, flows):
    dap.ok("initialize", {"adapterID": "jasonrun"})
    for body in (b"{not json", b'{"type": "event", "event": "x", "seq": 1}'):
        dap.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    dap.process.stdin.flush()
    assert "ignored a message" in dap.event("output")["body"]["output"]
    dap.ok("threads")
    assert dap.close() == 0


def test_a_broken_header_ends_the_session_and_says_why(dap):
    dap.ok("initialize", {"adapterID": "jasonrun"})
    dap.process.stdin.write(b"Content-Length: lots\r\n\r\n{}")
    dap.process.stdin.flush()
    assert dap.process.wait(timeout=60) == 65
    assert "jasonrun dap: the input is not DAP messages any more: Content-Length must be a number" in dap.stderr()


def test_terminate_ends_a_running_program_with_its_exit_code(dap, flows):
    dap.start(str(flows / "loop.json"), maxSteps=0)
    dap.ok("terminate", {})
    assert dap.exit_code() == 0
    assert not dap.events("stopped")
    assert dap.close() == 0


def test_a_stop_reports_what_stayed_unresolved_in_the_options(dap, tmp_path):
    flow = tmp_path / "typo.json"
    flow.write_text('{"$jason": {"head": {"actions": {"$load": '
                    '{"type": "$util.toast", "options": {"text": "{{$get.usr.name}}"}}}}}}')
    dap.start(str(flow), stopOnEntry=True)
    dap.stopped()
    unresolved = [m["body"]["output"] for m in dap.events("output") if m["body"]["category"] == "console"]
    assert any("$get.usr.name" in line and "typo.json:1:" in line for line in unresolved), unresolved


def test_seed_and_clock_start_make_a_launch_reproducible(dap, flows):
    dap.start(shop(flows), stopOnEntry=True, seed=7, clockStart="2030-01-01T00:00:00Z")
    dap.stopped()
    evaluate = lambda text: dap.ok("evaluate", {"expression": text, "frameId": 1, "context": "watch"})["result"]
    assert evaluate("Math.random()") == "0.011704753153026104"
    assert evaluate("Date.now()") == "1893456000000"


def test_a_seed_that_is_not_a_count_is_an_error_response(dap, flows):
    dap.ok("initialize", {"adapterID": "jasonrun"})
    reply = dap.request("launch", {"program": shop(flows), "seed": "seven"})
    assert not reply["success"] and '"seed" must be a whole number' in reply["message"]


def test_a_breakpoint_in_a_mixin_file_stops_there(dap, tmp_path):
    """#27: actions mixed in from another file take breakpoints on that file's lines, and their frames
    name it."""
    (tmp_path / "parts.json").write_text('{\n  "type": "$util.toast",\n  "options": {"text": "mixed"}\n}\n')
    flow = tmp_path / "flow.json"
    flow.write_text('{"$jason": {"head": {"actions": {\n  "$load": {"@": "file://parts.json"}\n}}}}\n')
    parts = str(tmp_path / "parts.json")
    answers = dap.start(str(flow), breakpoints={parts: [{"line": 3}]})
    [answer] = answers[parts]
    assert answer["verified"] and answer["line"] == 3 and answer["source"]["path"] == parts, answer
    assert dap.stopped()["hitBreakpointIds"] == [answer["id"]]
    top = dap.frames()[0]
    assert top["source"]["path"] == parts and top["line"] == 2
    dap.ok("continue", {"threadId": 1})
    assert dap.exit_code() == 0


def test_a_logpoint_logs_its_message_and_goes_on(dap, flows):
    """Editors and assistants round 3, item 10: a breakpoint with a logMessage prints the message rendered
    at each hit (`{expr}` as DAP writes it) and never stops; its condition and hit count still apply."""
    dap.start(shop(flows), breakpoints={shop(flows): [
        {"line": 25, "logMessage": "count is {$get.count}"},
        {"line": 13, "logMessage": "toast for {{$get.basket.owner.name}}", "condition": "$get.count == 1"}]})
    assert dap.exit_code() == 0
    assert not dap.events("stopped")
    output = dap.output()
    assert [line for line in output.splitlines() if line.startswith("count is")] == [
        "count is 1", "count is 2", "count is 3", "count is 4"], output
    assert "toast for Ann" in output and output.index("toast for Ann") < output.index("basket of Ann")


def test_set_variable_from_the_variables_view_and_restart(dap, flows):
    """Editors and assistants round 3, item 11: members of $get, $global and $cache (at any depth) are set
    from the variables view, as the console's `set` sets them; other values are not settable; `restart`
    launches the program again with its breakpoints, and the stop is shown on the action's `type` line."""
    dap.start(shop(flows), breakpoints={shop(flows): [{"line": 13}]})
    assert dap.stopped()["reason"] == "breakpoint"
    assert dap.top_line() == 13
    scopes = dap.scopes(1)
    shared = dap.variables(scopes["Variables"])
    get_ref = shared["$get"]["variablesReference"]
    assert dap.ok("setVariable", {"variablesReference": get_ref, "name": "count", "value": "7"})["value"] == "7"
    basket = dap.variables(dap.variables(get_ref)["basket"]["variablesReference"])
    owner_ref = basket["owner"]["variablesReference"]
    assert dap.ok("setVariable", {"variablesReference": owner_ref, "name": "name", "value": '"Bob"'})["value"] == '"Bob"'
    refused = dap.request("setVariable", {"variablesReference": scopes["head.data"], "name": "shop", "value": "1"})
    assert not refused["success"] and "only the members of $get" in refused["message"]
    bad = dap.request("setVariable", {"variablesReference": get_ref, "name": "count", "value": "{not json"})
    assert not bad["success"] and "not JSON" in bad["message"]
    after = dap.variables(dap.scopes(1)["Variables"])
    assert json.loads(after["$get"]["value"])["count"] == 7
    dap.ok("restart", {})
    assert dap.stopped()["reason"] == "breakpoint"
    assert dap.top_line() == 13
    again = dap.variables(dap.scopes(1)["Variables"])
    assert json.loads(again["$get"]["value"])["count"] == 1  # a fresh run
    dap.ok("setVariable", {"variablesReference": again["$get"]["variablesReference"], "name": "count", "value": "7"})
    dap.ok("continue", {"threadId": 1})
    assert dap.exit_code() == 0
    assert "done at 7" in dap.output()
