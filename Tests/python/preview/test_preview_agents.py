"""Issue #27 in headless Chromium: the preview runs each agent in a sandboxed iframe of its page, with the
phone's bridge, so agents that use the DOM work; calls, triggers and injected code go through it."""
import json
import urllib.request

from selenium.webdriver.common.by import By

from conftest import wait_for

PAGE = """<html><head><title>agent</title></head><body><div id="out">start</div>
<script src="helper.js"></script>
<script>
function paint(text) {
  document.getElementById("out").textContent = text;
  $agent.response({painted: document.getElementById("out").textContent, helper: HELPER});
}
function peek() {
  try { $agent.response({parent: String(parent.document.title)}); }
  catch (e) { $agent.response({blocked: e.name}); }
}
function tell() { $agent.trigger("told", {from: document.getElementById("out").textContent}); $agent.response(true); }
console.log("agent page loaded");
</script></body></html>"""


def request(method, params=None, **branches):
    action = {"type": "$agent.request", "options": {"id": "dom", "method": method, "params": params or []}}
    action.update(branches)
    return action


def toast(text, **branches):
    action = {"type": "$util.toast", "options": {"text": text}}
    action.update(branches)
    return action


def flow(tmp_path):
    (tmp_path / "agent.html").write_text(PAGE)
    (tmp_path / "helper.js").write_text('var HELPER = "helper.js";')
    chain = request("tell")
    chain = request("twice", [21], success=toast("twice {{$jason}}", success=chain))
    chain = {"type": "$agent.inject", "options": {"id": "dom", "items": [
        {"text": "function twice(x) { $agent.response(x * 2); }"}]}, "success": chain}
    chain = request("peek", success=toast("peek {{$jason.blocked}}", success=chain))
    chain = request("paint", ["drawn"], success=toast("painted {{$jason.painted}} with {{$jason.helper}}", success=chain))
    document = {"$jason": {"head": {"title": "agents", "agents": {"dom": {"url": "file://agent.html"}}, "actions": {
        "told": toast("told from {{$jason.from}}"), "$load": chain}}}}
    path = tmp_path / "flow.json"
    path.write_text(json.dumps(document, indent=1))
    return path


def test_an_agent_runs_in_a_sandboxed_frame_with_the_dom(start_preview, browser, tmp_path):
    preview = start_preview(flow(tmp_path))
    browser.get(preview.url)
    output = lambda: browser.find_element(By.ID, "output").text
    wait_for(lambda: "[toast] told from drawn" in output(), timeout=40, message="the agent's calls and trigger")
    lines = [line for line in output().splitlines() if line.startswith("[")]
    assert lines == ["[agent dom] agent page loaded", "[toast] painted drawn with helper.js", "[toast] peek SecurityError",
                     "[toast] twice 42", "[toast] told from drawn"], output()
    frame = browser.find_element(By.CSS_SELECTOR, "#agents iframe")
    assert frame.get_attribute("sandbox") == "allow-scripts"
    # The agent's page: served sandboxed under its own key, framed only by the preview.
    src = frame.get_attribute("src")
    assert "/agent-frame/" in src and preview.token not in src
    with urllib.request.urlopen(src) as response:
        policy = response.headers["Content-Security-Policy"]
        page = response.read().decode()
    assert policy.startswith("sandbox allow-scripts;") and "frame-ancestors 'self'" in policy
    assert 'var HELPER = "helper.js";' in page and "$agent" in page
    # The trace shows each agent call as one step.
    trace = browser.find_element(By.ID, "trace").text
    assert trace.count("$agent.request") >= 4, trace


def test_an_unknown_agent_key_is_not_served(start_preview, tmp_path):
    preview = start_preview(flow(tmp_path))
    try:
        urllib.request.urlopen(preview.base.rstrip("/") + "/agent-frame/0123456789abcdef0123456789abcdef")
        raise AssertionError("an unknown frame was served")
    except urllib.error.HTTPError as error:
        assert error.code == 404


LOUD = """<html><body><script>
function loud() {
  var line = new Array(1025).join("x");
  for (var i = 0; i < 3 * 1024; i++) console.log(line);
  $agent.response("after the noise");
}
function quiet() { $agent.response("quiet"); }
</script></body></html>"""


def test_an_agent_that_logs_megabytes_fails_its_action_and_the_page_goes_on(start_preview, browser, tmp_path):
    """Security round 4, item 8: the page's answer would pass the 1 MiB frame limit; the action fails with a
    message (its error branch runs), the overlay closes, and later taps still run."""
    (tmp_path / "agent.html").write_text(LOUD)
    loud = request("loud", success=toast("answered"), error=toast("failed: {{$jason.message}}"))
    quiet = request("quiet", success=toast("then {{$jason}}"))
    document = {"$jason": {"head": {"title": "loud", "agents": {"dom": {"url": "file://agent.html"}},
                                    "actions": {"$load": loud, "again": quiet}},
                           "body": {"sections": [{"items": [{"type": "label", "text": "again", "action": {"trigger": "again"}}]}]}}}
    path = tmp_path / "flow.json"
    path.write_text(json.dumps(document))
    preview = start_preview(path)
    browser.get(preview.url)
    output = lambda: browser.find_element(By.ID, "output").text
    wait_for(lambda: "[toast] failed: agent 'dom': its answer was too large for the preview" in output(), timeout=60,
             message="the loud agent's failure")
    wait_for(lambda: not browser.find_elements(By.CSS_SELECTOR, "#overlays [data-overlay]"), message="no overlay left open")
    browser.find_element(By.XPATH, "//*[@id='screen']//*[text()='again']").click()
    wait_for(lambda: "[toast] then quiet" in output(), timeout=30, message="a later tap")
