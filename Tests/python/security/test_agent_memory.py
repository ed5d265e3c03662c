"""Security round 4, item 10: a hostile agent that keeps what it allocates, call after call, is stopped
by --js-memory, and the stop says so (it read as "ended without calling $agent.response" before)."""
import json
import subprocess


def test_an_agent_that_hoards_memory_is_stopped_by_the_limit_and_says_so(jasonrun, tmp_path):
    (tmp_path / "agent.html").write_text("""<html><script>
var keep = [];
function grow() {
  for (var i = 0; i < 6; i++) keep.push(new Array(1000000).fill(keep.length + i));
  $agent.response(keep.length);
}
</script></html>""")
    (tmp_path / "flow.json").write_text(json.dumps({"$jason": {"head": {
        "agents": {"hog": {"url": "file://agent.html"}},
        "actions": {"$load": {"trigger": "again"},
                    "again": {"type": "$agent.request", "options": {"id": "hog", "method": "grow"},
                              "success": {"trigger": "again"},
                              "error": {"type": "$util.toast", "options": {"text": "stopped: {{$jason.message}}"}}}}}}}))
    result = subprocess.run([jasonrun, "flow.json", "--no-persist", "--js-memory", "128"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert "JavaScript's heap grew past 128 MB" in result.stdout, result.stdout + result.stderr
    assert "ended without calling" not in result.stdout
