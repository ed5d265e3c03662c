"""Issue #25, 8 in headless Chromium: editing the flow under a running preview redraws it in place, keeping
$get; an edit that does not parse is said in the page and the last good screen stays."""
import json
import time

from selenium.webdriver.common.by import By

from conftest import wait_for


def write(path, label):
    body = {"sections": [{"items": [
        {"type": "label", "text": label},
        {"type": "label", "text": "add", "action": {"type": "$set", "options": {"count": "{{$get.count + 1}}"},
                                                     "success": {"type": "$render"}}}]}]}
    path.write_text(json.dumps({"$jason": {"head": {"title": "live", "templates": {"body": body}, "actions": {
        "$load": {"type": "$set", "options": {"count": 10}, "success": {"type": "$render"}}}}}}, indent=1))


def test_an_edited_flow_is_redrawn_in_place(start_preview, browser, tmp_path):
    flow = tmp_path / "flow.json"
    write(flow, "Count: {{$get.count}}")
    preview = start_preview(flow)
    browser.get(preview.url)
    wait_for(lambda: browser.execute_script("return window.jasonPreview && window.jasonPreview.connected"),
             message="the page to connect")
    screen = lambda: browser.find_element(By.ID, "screen").text
    wait_for(lambda: "Count: 10" in screen(), message="the first drawing")
    browser.find_element(By.XPATH, "//*[text()='add']").click()
    wait_for(lambda: "Count: 11" in screen(), message="the tap")
    time.sleep(0.05)  # a new modification time, whatever the file system's resolution
    write(flow, "Total: {{$get.count}}")
    wait_for(lambda: "Total: 11" in screen(), message="the edit drawn with $get kept")
    flow.write_text('{"$jason": {"head": {"title": "live",\n  "templates": oops}}}')
    error = lambda: browser.find_element(By.ID, "error").text
    wait_for(lambda: "not reloaded" in error(), message="the broken edit said in the page")
    assert "flow.json:2:" in error()
    assert "Total: 11" in screen()
    write(flow, "Sum: {{$get.count}}")
    wait_for(lambda: "Sum: 11" in screen(), message="the fixed edit")
    wait_for(lambda: error() == "", message="the error cleared")
    browser.find_element(By.XPATH, "//*[text()='add']").click()
    wait_for(lambda: "Sum: 12" in screen(), message="the reloaded actions run")
    preview.stop()
    assert "was not reloaded" in preview.process.stderr.read()


def test_an_edited_mixin_file_reloads_the_view_that_mixes_it_in(start_preview, browser, tmp_path):
    """#27: the files a document was assembled from are watched with it."""
    flow = tmp_path / "flow.json"
    flow.write_text(json.dumps({"$jason": {"head": {"title": "mixed"}, "body": {"@": "file://body.json"}}}))
    part = tmp_path / "body.json"
    part.write_text(json.dumps({"sections": [{"items": [{"type": "label", "text": "from the mixin"}]}]}))
    preview = start_preview(flow)
    browser.get(preview.url)
    screen = lambda: browser.find_element(By.ID, "screen").text
    wait_for(lambda: "from the mixin" in screen(), message="the mixed-in body")
    time.sleep(0.05)  # a new modification time, whatever the file system's resolution
    part.write_text(json.dumps({"sections": [{"items": [{"type": "label", "text": "edited mixin"}]}]}))
    wait_for(lambda: "edited mixin" in screen(), message="the edited mixin drawn")
