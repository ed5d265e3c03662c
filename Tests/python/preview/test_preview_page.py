"""`jasonrun preview` in headless Chromium: drawing, taps, input, overlays, navigation, the side panel."""
import os
import pathlib

import pytest
from selenium.webdriver.common.by import By

from conftest import EXAMPLES, REPO, example_args, wait_for
from png import colours

COFFEE = EXAMPLES / "15-coffee-screen" / "flow.json"


def open_page(browser, preview):
    browser.get(preview.url)
    wait_for(lambda: browser.execute_script("return window.jasonPreview && window.jasonPreview.connected"),
             message="the page to connect")


def screen_text(browser):
    return browser.find_element(By.ID, "device").text


def state_get(browser):
    return browser.find_element(By.ID, "state-get").text


def test_draws_the_example(browser, start_preview):
    open_page(browser, start_preview(COFFEE))
    wait_for(lambda: "Espresso" in screen_text(browser), message="the menu")
    text = screen_text(browser)
    for expected in ("Coffee", "Latte", "3.80 EUR", "0 in the cart", "Checkout", "About"):
        assert expected in text
    assert browser.find_element(By.ID, "back").is_displayed() is False


def test_a_tap_shows_a_toast_and_changes_the_state(browser, start_preview):
    open_page(browser, start_preview(COFFEE))
    wait_for(lambda: "Espresso" in screen_text(browser), message="the menu")
    browser.find_elements(By.CSS_SELECTOR, "#screen button.button[data-path]")[0].click()
    toast = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "[data-overlay=toast]"), message="a toast")
    assert "Added a Espresso: 1 in the cart" in toast.text
    wait_for(lambda: '"count": 1' in state_get(browser), message="$get.count in the side panel")
    wait_for(lambda: "1 in the cart, 2.50 EUR" in screen_text(browser), message="the redrawn body")
    assert "$util.toast" in browser.find_element(By.ID, "trace").get_attribute("textContent")


def test_typing_sets_get(browser, start_preview):
    open_page(browser, start_preview(COFFEE))
    field = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "input[name=note]"), message="the text field")
    field.send_keys("extra hot")
    wait_for(lambda: '"note": "extra hot"' in state_get(browser), message="$get.note")


def test_an_alert_is_answered_in_the_page(browser, start_preview):
    open_page(browser, start_preview(COFFEE))
    wait_for(lambda: "Espresso" in screen_text(browser), message="the menu")
    browser.find_element(By.CSS_SELECTOR, "#menu button").click()
    dialog = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "[data-overlay=alert]"), message="the alert")
    assert "Checkout" in dialog.text
    name = dialog.find_element(By.CSS_SELECTOR, "input[name=name]")
    name.clear()
    name.send_keys("Bea")
    [ok] = [b for b in dialog.find_elements(By.TAG_NAME, "button") if b.text == "OK"]
    ok.click()
    banner = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "[data-overlay=banner]"), message="the banner")
    assert "Thank you Bea" in banner.text


def test_href_opens_a_view_and_back_comes_back(browser, start_preview):
    open_page(browser, start_preview(COFFEE))
    link = wait_for(lambda: [e for e in browser.find_elements(By.CSS_SELECTOR, "[data-path]")
                             if "About this café" in e.text][0], message="the link")
    link.click()
    wait_for(lambda: "Open every day" in screen_text(browser), message="the about view")
    assert browser.find_element(By.ID, "back").is_displayed()
    assert browser.find_element(By.ID, "title").text == "About"
    browser.find_element(By.ID, "back").click()
    wait_for(lambda: "Espresso" in screen_text(browser), message="the menu again")
    # The view's own $back button does the same.
    [tab] = [e for e in browser.find_elements(By.CSS_SELECTOR, ".tab") if e.text == "About"]
    tab.click()
    wait_for(lambda: "Back to the menu" in screen_text(browser), message="the about view again")
    [back] = [e for e in browser.find_elements(By.CSS_SELECTOR, "button.button") if e.text == "Back to the menu"]
    back.click()
    wait_for(lambda: "Espresso" in screen_text(browser), message="the menu after $back")


def test_pause_step_continue(browser, start_preview):
    open_page(browser, start_preview(COFFEE))
    wait_for(lambda: "Espresso" in screen_text(browser), message="the menu")
    browser.find_element(By.CSS_SELECTOR, "[data-debug=pause]").click()
    wait_for(lambda: browser.find_element(By.ID, "mode").text == "paused", message="paused")
    browser.find_elements(By.CSS_SELECTOR, "#screen button.button[data-path]")[1].click()
    pending = lambda: browser.find_element(By.ID, "pending").text
    for _ in range(5):  # the chain starts before the trigger, then the trigger, then its $set
        if "$util.toast" in pending():
            break
        before = pending()
        browser.find_element(By.CSS_SELECTOR, "[data-debug=step]").click()
        wait_for(lambda: pending() != before, message="one step")
    wait_for(lambda: "$util.toast" in pending(), message="paused before the toast")
    assert '"count": 1' in state_get(browser)
    browser.find_element(By.CSS_SELECTOR, "[data-debug=back]").click()
    wait_for(lambda: '"count": 0' in state_get(browser), message="back before $set")
    browser.find_element(By.CSS_SELECTOR, "[data-debug=continue]").click()
    wait_for(lambda: "1 in the cart, 3.20 EUR" in screen_text(browser), message="the run going on")


def test_a_page_that_reconnects_gets_the_current_view(browser, start_preview):
    open_page(browser, start_preview(COFFEE))
    wait_for(lambda: "Espresso" in screen_text(browser), message="the menu")
    browser.find_elements(By.CSS_SELECTOR, "#screen button.button[data-path]")[0].click()
    wait_for(lambda: '"count": 1' in state_get(browser), message="the first tap")
    browser.execute_script("window.jasonPreview.ws.close()")
    wait_for(lambda: "reconnecting" in browser.find_element(By.ID, "connection").text
             or browser.execute_script("return window.jasonPreview.connected"), message="the drop")
    wait_for(lambda: browser.execute_script("return window.jasonPreview.connected"), message="the reconnection")
    browser.refresh()
    wait_for(lambda: "1 in the cart" in screen_text(browser), message="the current view after a reload")
    assert '"count": 1' in state_get(browser)


def test_unknown_components_and_bad_styles_still_draw(browser, start_preview, tmp_path):
    flow = tmp_path / "odd.json"
    flow.write_text("""{"$jason": {"head": {"title": "Odd"}, "body": {
      "header": {"title": "Odd things"},
      "weird": true,
      "sections": [{"items": [
        {"type": "label", "text": "still here", "style": "big and red"},
        {"type": "map", "region": {"lat": 1}},
        {"type": "label", "text": "colours", "style": {"color": 12, "size": "huge", "background": "#zzz", "padding": 8}},
        {"components": [{"type": "label", "text": "no type"}]},
        42
      ]}]}}}""")
    open_page(browser, start_preview(flow))
    wait_for(lambda: "still here" in screen_text(browser), message="the label")
    text = screen_text(browser)
    assert browser.find_elements(By.CSS_SELECTOR, "#screen .map")  # a stand-in, even for a region it cannot read
    assert "colours" in text and "unknown body part: weird" in text
    assert len(browser.find_elements(By.CSS_SELECTOR, ".bad-style")) >= 2
    assert len(browser.find_elements(By.CSS_SELECTOR, "[data-unknown]")) >= 2


def example_flows():
    return sorted(p for p in EXAMPLES.glob("*/flow.json"))


@pytest.mark.parametrize("flow", example_flows(), ids=lambda p: p.parent.name)
def test_every_example_draws_something(browser, start_preview, flow, tmp_path):
    preview = start_preview(flow, *example_args(flow.parent))
    open_page(browser, preview)
    wait_for(lambda: browser.find_element(By.ID, "mode").text in ("idle", "running", "paused"), message="the state")
    png = browser.get_screenshot_as_png()
    assert len(colours(png)) > 1, "the screenshot is one colour"
    target = os.environ.get("JASONRUN_SCREENSHOTS")
    if target:
        pathlib.Path(target).mkdir(parents=True, exist_ok=True)
        (pathlib.Path(target) / f"{flow.parent.name}.png").write_bytes(png)


def test_a_busy_program_does_not_swamp_the_page(browser, start_preview, tmp_path):
    flow = tmp_path / "loop.json"
    flow.write_text("""{"$jason": {"head": {"actions": {
      "$load": {"type": "$set", "options": {"i": 0}, "success": {"trigger": "loop"}},
      "loop": [{"{{#if $get.i < 5000}}": {"type": "$set", "options": {"i": "{{$get.i + 1}}"}, "success": {"trigger": "loop"}}}]
    }}}}""")
    open_page(browser, start_preview(flow))
    wait_for(lambda: '"i": 5000' in state_get(browser) and browser.find_element(By.ID, "mode").text == "idle",
             timeout=120, message="the loop to end")
    # The trace keeps its newest lines only.
    assert len(browser.find_elements(By.CSS_SELECTOR, "#trace li")) <= 400


def test_template_errors_in_the_body_are_reported_in_the_page(start_preview, browser, tmp_path):
    """Issue #25, 7: a {{ }} of the body that throws or stays unresolved is a located warning in the
    page's output (and on stderr); one inside an item's action is left for when it runs."""
    flow = tmp_path / "flow.json"
    flow.write_text("""{"$jason": {"head": {"title": "t", "data": {"n": 1}, "templates": {"body": {"sections": [{"items": [
      {"type": "label", "text": "a {{ undefinedFn() }}"},
      {"type": "label", "text": "{{ $get.nope.deeper }}"},
      {"type": "label", "text": "ok {{n}}", "action": {"type": "$util.toast", "options": {"text": "{{$jason.later}}"}}}
    ]}]}}, "actions": {}}}}""")
    preview = start_preview(flow)
    open_page(browser, preview)
    wait_for(lambda: "ok 1" in screen_text(browser), message="the body")
    # Template warnings have a pane of their own, apart from what actions print.
    wait_for(lambda: "undefinedFn" in browser.find_element(By.ID, "warnings").text, message="the first warning")
    output = browser.find_element(By.ID, "warnings").text
    assert "undefinedFn" not in browser.find_element(By.ID, "output").text
    assert "flow.json:2:" in output and "{{ undefinedFn() }} threw: ReferenceError" in output
    assert "/$jason/head/templates/body/sections/0/items/0/text" in output
    assert "{{ $get.nope.deeper }} threw: TypeError" in output
    assert "$jason.later" not in output
    preview.stop()
    terminal = preview.process.stderr.read()
    assert "warning: {{ undefinedFn() }} threw: ReferenceError" in terminal and "[template]" in terminal
    assert terminal.count("undefinedFn() }} threw") == 1
