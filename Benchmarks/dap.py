#!/usr/bin/env python3
"""On-demand benchmark of `jasonrun dap`: the trigger loop of Benchmarks/steps.sh run to its end in batch,
under the REPL (a snapshot per action) and under the debug adapter (the same core, driven over DAP),
then a DAP session that stops at a breakpoint on every round for 200 rounds (stopped event, stackTrace,
scopes and one variables request each, as an editor asks).
Usage: Benchmarks/dap.py [STEPS] [JASONRUN]   (default 20000 and .build/debug/jasonrun)"""
import json
import pathlib
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Tests" / "python" / "dap"))
from dap_client import DAPClient  # noqa: E402  (validates every message too, as the tests do)

steps = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
binary = sys.argv[2] if len(sys.argv) > 2 else ".build/debug/jasonrun"
folder = pathlib.Path(tempfile.mkdtemp())
flow = folder / "loop.json"
flow.write_text(json.dumps({"$jason": {"head": {"actions": {
    "$load": {"type": "$set", "options": {"n": 0}, "success": {"trigger": "loop"}},
    "loop": [{"{{#if $get.n < %d}}" % steps: {"type": "$set", "options": {"n": "{{$get.n + 1}}"},
                                              "success": {"trigger": "loop"}}},
             {"{{#else}}": {"type": "$util.toast", "options": {"text": "done {{$get.n}}"}}}]}}}}, indent=1))
actions = steps * 2 + 3


def timed(label, body):
    start = time.perf_counter()
    body()
    seconds = time.perf_counter() - start
    print(f"{label:44} {seconds:8.3f} s  {actions / seconds:10.0f} actions/s")
    return seconds


timed(f"batch, {actions} actions", lambda: subprocess.run(
    [binary, str(flow), "--no-persist", "--max-steps", "0"], capture_output=True, check=True))
timed("REPL run", lambda: subprocess.run(
    [binary, "repl", str(flow), "--offline"], input=b"run\nquit\n", capture_output=True, check=True))


def dap_run():
    client = DAPClient(binary)
    client.start(str(flow), maxSteps=0)
    assert client.exit_code() == 0
    client.close()


timed("DAP launch to exited", dap_run)

client = DAPClient(binary)
client.start(str(flow), maxSteps=0, functions=[{"name": "loop"}])
start = time.perf_counter()
for _ in range(200):
    client.stopped()
    frame = client.frames()[0]["id"]
    scopes = client.scopes(frame)
    client.variables(scopes["Variables"])
    client.ok("continue", {"threadId": 1})
seconds = time.perf_counter() - start
client.process.kill()
print(f"{'DAP: 200 stops with stackTrace/scopes/variables':44} {seconds:8.3f} s  {seconds / 200 * 1000:8.2f} ms per stop")
