"""Input that is not what it claims never hangs or leaks: a FIFO where a file is expected, a flow over the
size limit under `jasonrun test`, a stream that is not LSP or DAP, a file that is not JSON at all."""
import json
import os
import subprocess

import pytest


def run(jasonrun, *args, stdin=None, cwd=None):
    return subprocess.run([jasonrun, *map(str, args)], input=stdin, capture_output=True, text=True, timeout=30,
                          cwd=cwd)


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


def test_a_fifo_is_refused_at_once_by_run_and_check(jasonrun, fifo):
    for args in ((fifo, "--no-persist"), ("check", fifo), ("graph", fifo)):
        done = run(jasonrun, *args)
        assert done.returncode == 65, args
        assert "FIFO" in done.stderr and "not a regular file" in done.stderr


def test_a_fifo_behind_a_file_url_takes_the_error_branch(jasonrun, fifo, tmp_path):
    flow = tmp_path / "flow.json"
    flow.write_text(json.dumps({"type": "$network.request", "options": {"url": "file://./fifo"},
                                "error": {"type": "$util.toast", "options": {"text": "{{$jason.message}}"}}}))
    done = run(jasonrun, flow, "--no-persist")
    assert done.returncode == 0
    assert "is a FIFO (named pipe), not a regular file" in done.stdout


def test_fifos_as_seeds_stubs_and_test_files_are_refused(jasonrun, fifo, tmp_path):
    flow = tmp_path / "flow.json"
    flow.write_text('{"type": "$util.toast", "options": {"text": "hi"}}')
    assert run(jasonrun, flow, "--no-persist", "--stubs", fifo).returncode == 65
    assert run(jasonrun, flow, "--no-persist", "--jason", f"@{fifo}").returncode == 64
    test = tmp_path / "fifo.test.json"
    os.mkfifo(test)
    done = run(jasonrun, "test", test)
    assert done.returncode == 65 and "FIFO" in done.stderr


def test_jasonrun_test_applies_the_size_limit(jasonrun, tmp_path):
    big = tmp_path / "big.json"
    with open(big, "w") as f:
        f.write('{"$jason": {"head": {"data": {"pad": "')
        f.write("x" * (60 << 20))
        f.write('"}, "actions": {"$load": {"type": "$util.toast", "options": {"text": "hi"}}}}}}')
    test = tmp_path / "big.test.json"
    test.write_text(json.dumps({"flow": "big.json", "cases": [{"name": "hi", "expect": {"printed": ["[toast] hi"]}}]}))
    done = run(jasonrun, "test", test, cwd=tmp_path)
    assert done.returncode == 65
    assert "larger than 50 MB" in done.stderr and "--max-file-size" in done.stderr
    raised = run(jasonrun, "test", test, "--max-file-size", str(70 << 20), cwd=tmp_path)
    assert raised.returncode == 0, raised.stderr
    small = run(jasonrun, "test", test, "--max-file-size", "1000", cwd=tmp_path)
    assert small.returncode == 65 and "larger than 1000 bytes" in small.stderr


def test_a_test_file_over_the_limit_is_refused_before_it_is_read(jasonrun, tmp_path):
    test = tmp_path / "inline.test.json"
    test.write_text(json.dumps({"document": {"type": "$util.toast", "options": {"text": "x" * 5000}},
                                "cases": [{"name": "a", "expect": {}}]}))
    done = run(jasonrun, "test", test, "--max-file-size", "1000")
    assert done.returncode == 65 and "the test file is larger than 1000 bytes" in done.stderr


@pytest.mark.parametrize("server", ["lsp", "dap"])
def test_a_broken_stream_is_reported_and_exits_non_zero(jasonrun, server):
    for garbage in ("hello there\r\n\r\n", "Content-Length: lots\r\n\r\n{}"):
        done = run(jasonrun, server, stdin=garbage)
        assert done.returncode == 65, (server, garbage, done.returncode)
        assert f"jasonrun {server}: the input is not" in done.stderr


def test_a_file_that_is_not_json_is_located_but_not_quoted(jasonrun, tmp_path):
    secret = tmp_path / "shadow"
    secret.write_text("root:$6$s3cr3t-hash:19000:0:99999:7:::\n")
    done = run(jasonrun, secret, "--no-persist")
    assert done.returncode == 65
    assert f"{secret}:1:1:" in done.stderr and "s3cr3t" not in done.stderr
    test = tmp_path / "leak.test.json"
    test.write_text(json.dumps({"flow": str(secret), "cases": [{"name": "a", "expect": {}}]}))
    done = run(jasonrun, "test", test)
    assert done.returncode == 65 and "s3cr3t" not in done.stderr and "1:1" in done.stderr
    # A document that is JSON but broken is still quoted, caret and all.
    broken = tmp_path / "broken.json"
    broken.write_text('{"type": "$util.toast",\n "options": {"text": }}')
    done = run(jasonrun, broken, "--no-persist")
    assert '2 |  "options": {"text": }}' in done.stderr
