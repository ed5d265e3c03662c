"""Security round 4, item 10: a hostile agent that keeps what it allocates, call after call, is stopped
by --js-memory near that limit, and the stop says so (it read as "ended without calling $agent.response"
before). JavaScriptCore's live size counts only what its last collection found, so the agent outran it to
about 570 MB with a 128 MB limit; the process's peak is measured in a process of its own, whose only child
is jasonrun."""
import json
import subprocess
import sys

PEAK = """import resource, subprocess, sys
result = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=120)
sys.stdout.write(result.stdout)
print("peak-kb", resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def hoard(tmp_path, keep):
    (tmp_path / "agent.html").write_text("""<html><script>
var keep = [];
function grow() {
  for (var i = 0; i < 6; i++) { var a = new Array(1000000).fill(keep.length + i); if (%s) keep.push(a); }
  $agent.response(keep.length);
}
</script></html>""" % ("true" if keep else "false"))
    (tmp_path / "flow.json").write_text(json.dumps({"$jason": {"head": {
        "agents": {"hog": {"url": "file://agent.html"}},
        "actions": {"$load": {"trigger": "again"},
                    "again": {"type": "$agent.request", "options": {"id": "hog", "method": "grow"},
                              "success": {"trigger": "next"},
                              "error": {"type": "$util.toast", "options": {"text": "stopped: {{$jason.message}}"}}},
                    "next": {"type": "$set", "options": {"round": "{{($get.round || 0) + 1}}"},
                             "success": [{"{{#if $get.round < 30}}": {"trigger": "again"}},
                                         {"{{#else}}": {"type": "$util.toast", "options": {"text": "done"}}}]}}}}}))


def run_measured(jasonrun, tmp_path):
    result = subprocess.run([sys.executable, "-c", PEAK, jasonrun, "flow.json", "--no-persist", "--js-memory", "128"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=150)
    *output, peak = result.stdout.rstrip("\n").split("\n")
    return "\n".join(output), int(peak.split()[1]) // 1024


def test_an_agent_that_hoards_memory_is_stopped_near_the_limit_and_says_so(jasonrun, tmp_path):
    hoard(tmp_path, keep=True)
    output, peak_mb = run_measured(jasonrun, tmp_path)
    assert "JavaScript's heap grew past 128 MB" in output, output
    assert "ended without calling" not in output
    # The process itself (JavaScriptCore, the interpreter, the agent's context) holds some 50 MB; what the
    # limit stopped holds 128 MB more, and the last call's arrays may be on their way.
    assert peak_mb < 320, f"peak {peak_mb} MB with --js-memory 128"


def test_an_agent_that_only_churns_is_not_stopped(jasonrun, tmp_path):
    hoard(tmp_path, keep=False)
    output, _ = run_measured(jasonrun, tmp_path)
    assert "[toast] done" in output, output
    assert "grew past" not in output
