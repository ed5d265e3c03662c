"""`jasonrun explore` through the binary: the paths of a flow, the report, the JSON, the tests it writes."""
import json
import os
import shutil
import stat
import subprocess

EXAMPLE = "Examples/17-explore"


def run(jasonrun, *args, cwd):
    return subprocess.run([jasonrun, *args], cwd=cwd, capture_output=True, text=True, timeout=60)


def test_the_example_has_two_unhandled_paths_and_exits_1(jasonrun, repo):
    result = run(jasonrun, "explore", f"{EXAMPLE}/flow.json", cwd=repo)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"explored {EXAMPLE}/flow.json: 5 paths through 4 forks"
    assert f"1 path ends in an unhandled error at {EXAMPLE}/flow.json:15:22 /$jason/head/actions/order/success" in result.stdout
    assert "e.g. $network.request ok → $util.alert ok → $geo.get fails" in result.stdout
    assert "e.g. $network.request ok → $util.alert cancelled" in result.stdout
    assert "3 paths end normally" in result.stdout


def test_the_solution_has_none_and_exits_0(jasonrun, repo):
    result = run(jasonrun, "explore", f"{EXAMPLE}/solution/flow.json", "--stubs", f"{EXAMPLE}/stubs.json", cwd=repo)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 paths end normally" in result.stdout


def test_json_gives_the_same_for_tools(jasonrun, repo):
    result = run(jasonrun, "explore", f"{EXAMPLE}/flow.json", "--json", cwd=repo)
    report = json.loads(result.stdout)
    assert report["paths"] == 5 and report["unhandledErrors"] is True and report["complete"] is True
    first = report["endings"][0]
    assert first["ending"] == "unhandled-error"
    assert (first["line"], first["column"], first["pointer"]) == (15, 22, "/$jason/head/actions/order/success")
    assert [step["answer"] for step in first["example"]] == ["ok", "ok", "fails"]


def test_the_tests_it_writes_pass_and_cover_every_branch(jasonrun, repo, tmp_path):
    for name in ("flow.json", "stubs.json"):
        shutil.copy(repo / EXAMPLE / name, tmp_path / name)
    written = run(jasonrun, "explore", "flow.json", "--stubs", "stubs.json", "--write-tests", "paths.test.json", cwd=tmp_path)
    assert written.returncode == 1
    assert "wrote paths.test.json: 5 cases" in written.stderr
    mode = stat.S_IMODE(os.stat(tmp_path / "paths.test.json").st_mode)
    assert mode == 0o600
    tested = run(jasonrun, "test", "paths.test.json", "--coverage", "lcov.info", cwd=tmp_path)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert tested.stdout.endswith("5 passed, 0 failed\n")
    assert "actions 8/8 (100.0%), branches 6/6 (100.0%)" in tested.stderr, tested.stderr


def test_taps_follow_each_button(jasonrun, tmp_path):
    (tmp_path / "flow.json").write_text(json.dumps({"$jason": {
        "head": {"actions": {"$load": {"type": "$util.toast", "options": {"text": "hi"}}}},
        "body": {"sections": [{"items": [
            {"type": "label", "text": "Buy", "action": {"type": "$network.request", "options": {"url": "https://shop.example/buy"}}},
        ]}]}}}))
    result = run(jasonrun, "explore", "flow.json", "--taps", cwd=tmp_path)
    assert result.returncode == 1
    assert "e.g. tap /$jason/body/sections/0/items/0 → $network.request fails" in result.stdout


def test_bad_input_is_located_and_refused(jasonrun, tmp_path):
    (tmp_path / "flow.json").write_text('{"$jason": {"head": ')
    broken = run(jasonrun, "explore", "flow.json", cwd=tmp_path)
    assert broken.returncode == 65 and "flow.json:1:21" in broken.stderr
    (tmp_path / "ok.json").write_text('{"$jason": {"head": {"actions": {"$load": {"type": "$geo.get"}}}}}')
    (tmp_path / "stubs.json").write_text('{"network": 3}')
    stubs = run(jasonrun, "explore", "ok.json", "--stubs", "stubs.json", cwd=tmp_path)
    assert stubs.returncode == 65 and "stubs.json:1:13" in stubs.stderr and "at /network" in stubs.stderr
    missing = run(jasonrun, "explore", "nothing.json", cwd=tmp_path)
    assert missing.returncode == 66
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "flow.json").write_text('{"$jason": {"head": {"actions": {"$load": {"type": "$geo.get"}}}}}')
    outside = run(jasonrun, "explore", "sub/flow.json", "--write-tests", "sub/deeper/x.test.json", cwd=tmp_path)
    assert outside.returncode == 64 and "must be in its flow's folder or above it" in outside.stderr


def test_a_loop_with_no_exit_is_reported_not_hung(jasonrun, tmp_path):
    (tmp_path / "flow.json").write_text(json.dumps({"$jason": {"head": {"actions": {
        "$load": {"trigger": "again"},
        "again": {"type": "$set", "options": {"n": "{{($get.n || 0) + 1}}"}, "success": {"trigger": "again"}}}}}}))
    result = run(jasonrun, "explore", "flow.json", cwd=tmp_path)
    assert result.returncode == 1
    assert "1 path never ends" in result.stdout


def test_a_flow_on_standard_input_is_explored(jasonrun, repo):
    flow = (repo / EXAMPLE / "flow.json").read_text()
    result = subprocess.run([jasonrun, "explore", "-"], input=flow, capture_output=True, text=True, timeout=60, cwd=repo)
    assert result.returncode == 1 and "explored -: 5 paths through 4 forks" in result.stdout
    refused = subprocess.run([jasonrun, "explore", "-", "--write-tests", "x.test.json"], input=flow, capture_output=True,
                             text=True, timeout=60, cwd=repo)
    assert refused.returncode == 64 and "--write-tests needs the flow in a file" in refused.stderr
