"""Issue #25, 1, 3 and 6 in headless Chromium: named styles (head.styles and "class"), layers that stay
put while the body scrolls, and style.secure on a text field."""
import json

from selenium.webdriver.common.by import By

from conftest import wait_for


def flow_file(tmp_path, head):
    path = tmp_path / "flow.json"
    path.write_text(json.dumps({"$jason": {"head": head}}))
    return path


def open_page(browser, preview):
    browser.get(preview.url)
    wait_for(lambda: browser.execute_script("return window.jasonPreview && window.jasonPreview.connected"),
             message="the page to connect")


def computed(browser, element, prop):
    return browser.execute_script("return getComputedStyle(arguments[0])[arguments[1]]", element, prop)


def test_classes_take_the_named_styles_and_own_styles_win(start_preview, browser, tmp_path):
    body = {"header": {"title": "Styles", "menu": {"text": "Go", "class": "menu", "action": {"type": "$util.toast", "options": {"text": "m"}}}},
            "sections": [{"class": "shaded", "items": [
                {"type": "label", "text": "big", "class": "big"},
                {"type": "label", "text": "big blue", "class": "big", "style": {"color": "#0000ff"}},
                {"type": "label", "text": "both", "class": "big narrow"},
                {"type": "label", "text": "plain"}]}]}
    flow = flow_file(tmp_path, {"title": "t", "styles": {"big": {"size": "30", "color": "#ff0000"}, "narrow": {"padding": "7"},
                                                        "shaded": {"background": "#00ff00"}, "menu": {"color": "#123456"}},
                                "templates": {"body": body}, "data": {"x": 1}})
    preview = start_preview(flow)
    open_page(browser, preview)
    labels = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#screen .label") if len(
        browser.find_elements(By.CSS_SELECTOR, "#screen .label")) == 4 else None, message="four labels")
    assert computed(browser, labels[0], "fontSize") == "30px"
    assert computed(browser, labels[0], "color") == "rgb(255, 0, 0)"
    assert computed(browser, labels[1], "fontSize") == "30px"
    assert computed(browser, labels[1], "color") == "rgb(0, 0, 255)"
    # An item's padding is its cell's, as on iOS: the label inside adds none.
    cell = labels[2].find_element(By.XPATH, "..")
    assert computed(browser, cell, "paddingTop") == "7px" and computed(browser, labels[2], "paddingTop") == "0px"
    assert computed(browser, labels[2], "fontSize") == "30px"
    assert computed(browser, labels[3], "fontSize") != "30px"
    section = browser.find_element(By.CSS_SELECTOR, "#screen .section")
    assert computed(browser, section, "backgroundColor") == "rgb(0, 255, 0)"
    menu = browser.find_element(By.CSS_SELECTOR, "#menu button")
    assert computed(browser, menu, "color") == "rgb(18, 52, 86)"


def test_layers_stay_put_while_the_body_scrolls(start_preview, browser, tmp_path):
    items = [{"type": "label", "text": f"row {i}"} for i in range(80)]
    body = {"sections": [{"items": items}],
            "layers": [{"type": "label", "text": "FLOAT", "style": {"top": "10", "left": "50%", "width": "80"}}]}
    flow = flow_file(tmp_path, {"title": "t", "templates": {"body": body}, "data": {"x": 1}})
    preview = start_preview(flow)
    open_page(browser, preview)
    layer = wait_for(lambda: browser.find_element(By.XPATH, "//*[text()='FLOAT']"), message="the layer")
    screen = browser.find_element(By.ID, "screen")
    before = layer.rect["y"]
    left = layer.rect["x"] - screen.rect["x"]
    assert abs(left - screen.rect["width"] / 2) <= 1  # left: 50% of the screen
    browser.execute_script("arguments[0].scrollTop = 800", screen)
    wait_for(lambda: browser.execute_script("return arguments[0].scrollTop", screen) > 0, message="the scroll")
    assert layer.rect["y"] == before
    assert abs(before - screen.rect["y"] - 10) <= 1


def test_style_secure_hides_what_is_typed(start_preview, browser, tmp_path):
    body = {"sections": [{"items": [
        {"type": "textfield", "name": "password", "style": {"secure": "true"}},
        {"type": "textfield", "name": "user"}]}]}
    flow = flow_file(tmp_path, {"title": "t", "templates": {"body": body}, "data": {"x": 1}})
    preview = start_preview(flow)
    open_page(browser, preview)
    field = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "input[name=password]"), message="the field")
    assert field.get_attribute("type") == "password"
    assert browser.find_element(By.CSS_SELECTOR, "input[name=user]").get_attribute("type") == "text"


def test_the_header_has_its_style_search_badge_and_a_centred_title(start_preview, browser, tmp_path):
    """Issue #25, 2 and 12: header.style, header.search, the menu's badge; the title centred, the menu a
    text button."""
    body = {"header": {"title": "Centre", "style": {"background": "#ff0000", "color": "#ffffff", "size": "20", "font": "bold"},
                       "search": {"name": "q", "placeholder": "Find a drink",
                                  "action": {"type": "$util.toast", "options": {"text": "looking for {{$get.q}}"}}},
                       "menu": {"text": "Cart", "badge": "3", "action": {"type": "$util.toast", "options": {"text": "m"}}}},
            "sections": [{"items": [{"type": "label", "text": "x"}]}]}
    flow = flow_file(tmp_path, {"title": "t", "templates": {"body": body}, "data": {"x": 1}})
    preview = start_preview(flow)
    open_page(browser, preview)
    bar = browser.find_element(By.ID, "navbar")
    wait_for(lambda: computed(browser, bar, "backgroundColor") == "rgb(255, 0, 0)", message="the header's background")
    assert computed(browser, bar, "color") == "rgb(255, 255, 255)"
    assert computed(browser, bar, "fontSize") == "20px" and computed(browser, bar, "fontWeight") == "700"
    menu = browser.find_element(By.CSS_SELECTOR, "#menu button")
    assert menu.text.startswith("Cart") and menu.find_element(By.CSS_SELECTOR, ".badge").text == "3"
    assert computed(browser, menu, "backgroundColor") in ("rgba(0, 0, 0, 0)", "transparent")
    title = browser.find_element(By.ID, "title")
    centre = title.rect["x"] + title.rect["width"] / 2
    assert abs(centre - (bar.rect["x"] + bar.rect["width"] / 2)) <= 1
    # As on iOS, the search field is a bar of its own above the list, not in the navigation bar.
    field = browser.find_element(By.CSS_SELECTOR, "#searchbar input.search")
    assert field.rect["y"] >= bar.rect["y"] + bar.rect["height"]
    assert field.rect["y"] + field.rect["height"] <= browser.find_element(By.ID, "screen").rect["y"]
    assert field.get_attribute("placeholder") == "Find a drink"
    field.send_keys("latte")
    wait_for(lambda: '"q": "latte"' in browser.find_element(By.ID, "state-get").text, message="$get.q")
    field.send_keys("\n")
    toast = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "[data-overlay=toast]"), message="the search's toast")
    assert "looking for latte" in toast.text


def test_slider_and_switch_actions_run_after_the_value_changes(start_preview, browser, tmp_path):
    """Issue #25, 4: a slider's or a switch's action runs once its value changed, with $get holding it."""
    body = {"sections": [{"items": [
        {"type": "slider", "name": "volume", "value": "0.2",
         "action": {"type": "$util.toast", "options": {"text": "volume {{$get.volume}}"}}},
        {"type": "switch", "name": "milk", "value": "false",
         "action": {"type": "$util.banner", "options": {"title": "milk {{$get.milk}}"}}}]}]}
    flow = flow_file(tmp_path, {"title": "t", "templates": {"body": body}, "data": {"x": 1}})
    preview = start_preview(flow)
    open_page(browser, preview)
    slider = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "input.slider"), message="the slider")
    browser.execute_script("""const s = arguments[0]; s.value = "0.8";
        s.dispatchEvent(new Event("input", {bubbles: true})); s.dispatchEvent(new Event("change", {bubbles: true}));""", slider)
    toast = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "[data-overlay=toast]"), message="the slider's toast")
    assert "volume 0.8" in toast.text
    browser.find_element(By.CSS_SELECTOR, "input.switch").click()
    banner = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "[data-overlay=banner]"), message="the switch's banner")
    assert "milk true" in banner.text


def test_a_tab_with_a_url_switches_the_view_without_a_back_stack(start_preview, browser, tmp_path):
    """Issue #25, 5: footer tabs in the documented form ({"url": …}) switch the view; the one showing is marked."""
    tabs = {"tabs": {"items": [{"text": "One", "url": "file://one.json"}, {"text": "Two", "url": "file://two.json"}]}}
    for name, words in (("one", "first screen"), ("two", "second screen")):
        (tmp_path / f"{name}.json").write_text(json.dumps({"$jason": {"head": {"title": name}, "body": {
            "sections": [{"items": [{"type": "label", "text": words}]}], "footer": tabs}}}))
    preview = start_preview(tmp_path / "one.json")
    open_page(browser, preview)
    wait_for(lambda: "first screen" in browser.find_element(By.ID, "screen").text, message="the first tab")
    marked = lambda: [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#footer .tab.selected")]
    assert marked() == ["One"]
    browser.find_elements(By.CSS_SELECTOR, "#footer .tab")[1].click()
    wait_for(lambda: "second screen" in browser.find_element(By.ID, "screen").text, message="the second tab")
    wait_for(lambda: marked() == ["Two"], message="the second tab marked")
    assert browser.find_element(By.ID, "back").is_displayed() is False
    browser.find_elements(By.CSS_SELECTOR, "#footer .tab")[0].click()
    wait_for(lambda: "first screen" in browser.find_element(By.ID, "screen").text, message="back on the first tab")
    assert browser.find_element(By.ID, "back").is_displayed() is False


def test_body_style_is_read_as_the_phone_reads_it(start_preview, browser, tmp_path):
    """Issue #25, 10: body.style without a background draws no frame; border "none" hides the lines between
    items; keys the preview does not draw are said in the output pane."""
    body = {"style": {"border": "none", "shadow": "yes"}, "sections": [{"items": [
        {"type": "label", "text": "a"}, {"type": "label", "text": "b"}]}]}
    flow = flow_file(tmp_path, {"title": "t", "templates": {"body": body}, "data": {"x": 1}})
    preview = start_preview(flow)
    open_page(browser, preview)
    item = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "#screen .item"), message="an item")
    screen = browser.find_element(By.ID, "screen")
    assert "bad-style" not in screen.get_attribute("class")
    assert computed(browser, screen, "outlineStyle") == "none"
    assert computed(browser, item, "borderBottomStyle") == "none"
    wait_for(lambda: "body.style.shadow is not drawn" in browser.find_element(By.ID, "notes").get_attribute("textContent"),
             message="the note in the output pane")
    assert "body.style.border" not in browser.find_element(By.ID, "notes").get_attribute("textContent")


def png(width, height, rgb):
    """A small opaque PNG of one colour."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def test_local_images_placeholders_and_backgrounds_the_page_cannot_be(start_preview, browser, tmp_path):
    """Issue #25, 11: file:// images are served from the flow's folder (and only from there, with the run's
    token); a broken image keeps its declared size; a web container or camera background is a labelled stand-in."""
    import urllib.error
    import urllib.request

    folder = tmp_path / "app"
    folder.mkdir()
    (folder / "logo.png").write_bytes(png(6, 4, (200, 30, 30)))
    (tmp_path / "secret.png").write_bytes(png(2, 2, (0, 0, 0)))
    body = {"background": {"type": "html", "url": "https://web.example/page"}, "sections": [{"items": [
        {"type": "image", "url": "file://logo.png"},
        {"type": "image", "url": "file://../secret.png", "style": {"width": "120", "height": "80"}}]}]}
    (folder / "flow.json").write_text(json.dumps({"$jason": {"head": {"title": "t", "templates": {"body": body},
                                                                      "data": {"x": 1}}}}))
    preview = start_preview(folder / "flow.json")
    open_page(browser, preview)
    images = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#screen img.image") if len(
        browser.find_elements(By.CSS_SELECTOR, "#screen img.image")) == 2 else None, message="two images")
    wait_for(lambda: browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", images[0]) == 6,
             message="the local image loaded")
    wait_for(lambda: "broken" in images[1].get_attribute("class"), message="the image outside the folder refused")
    assert images[1].rect["width"] == 120 and images[1].rect["height"] == 80
    stand_in = browser.find_element(By.CSS_SELECTOR, "#screen .background-stand-in")
    assert "web container background (https://web.example/page)" in stand_in.text
    # The route itself: the token is required, and the folder's confinement holds.
    local = preview.base + "local-file?url=" + urllib.request.quote("file://logo.png")
    for url, status in ((local, 403), (local + "&token=" + preview.token, 200),
                        (preview.base + "local-file?token=" + preview.token + "&url=" + urllib.request.quote("file://../secret.png"), 404),
                        (preview.base + "local-file?token=" + preview.token + "&url=" + urllib.request.quote("file:///etc/passwd"), 404)):
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                got = response.status
                if status == 200:
                    assert response.headers["Content-Type"] == "image/png"
        except urllib.error.HTTPError as error:
            got = error.code
        assert got == status, url


def test_toasts_queue_and_typed_text_survives_a_reload(start_preview, browser, tmp_path):
    """Issue #25, 12: two toasts come one after the other, not on top of each other; what was typed into a
    field is still there after the page reloads (the state comes before the view)."""
    body = {"sections": [{"items": [
        {"type": "textfield", "name": "note"},
        {"type": "label", "text": "two toasts", "action": {"type": "$util.toast", "options": {"text": "first"},
                                                            "success": {"type": "$util.toast", "options": {"text": "second"}}}}]}]}
    flow = flow_file(tmp_path, {"title": "t", "templates": {"body": body}, "data": {"x": 1}})
    preview = start_preview(flow)
    open_page(browser, preview)
    field = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "input[name=note]"), message="the field")
    field.send_keys("extra hot")
    wait_for(lambda: '"note": "extra hot"' in browser.find_element(By.ID, "state-get").text, message="$get.note")
    browser.find_element(By.XPATH, "//*[text()='two toasts']").click()
    shown = lambda: [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#overlays [data-overlay=toast]")]
    wait_for(lambda: shown() == ["first"], message="the first toast alone")
    import time
    end = time.monotonic() + 1
    while time.monotonic() < end:  # the second waits its turn: never both at once
        assert shown() in (["first"], [])
        time.sleep(0.05)
    wait_for(lambda: shown() == ["second"], timeout=10, message="the second toast after the first")
    for _ in range(3):
        open_page(browser, preview)
        field = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "input[name=note]"), message="the field again")
        assert field.get_attribute("value") == "extra hot"


def test_the_datepicker_starts_at_the_local_time(start_preview, browser, tmp_path):
    """Issue #25, 12: the datepicker's default is the local time, as on the phone (not UTC)."""
    body = {"sections": [{"items": [{"type": "label", "text": "pick", "action": {"type": "$util.datepicker"}}]}]}
    flow = flow_file(tmp_path, {"title": "t", "templates": {"body": body}, "data": {"x": 1}})
    preview = start_preview(flow)
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
    try:
        open_page(browser, preview)
        wait_for(lambda: browser.find_element(By.XPATH, "//*[text()='pick']"), message="the item").click()
        picker = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "[data-overlay=datepicker] input"), message="the picker")
        local = browser.execute_script("""const d = new Date(); const p = (n) => String(n).padStart(2, "0");
            return d.getFullYear() + "-" + p(d.getMonth() + 1) + "-" + p(d.getDate()) + "T" + p(d.getHours());""")
        assert picker.get_attribute("value").startswith(local)
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


def test_a_tap_is_named_in_the_trace_by_the_element_tapped(start_preview, browser, tmp_path):
    """Issue #25, 12: the trace says which element a tap started from, not `<host> /`."""
    body = {"sections": [{"items": [{"type": "label", "text": "a"},
                                    {"type": "label", "text": "tap me", "action": {"type": "$util.toast", "options": {"text": "t"}}}]}]}
    flow = flow_file(tmp_path, {"title": "t", "templates": {"body": body}, "data": {"x": 1}})
    preview = start_preview(flow)
    open_page(browser, preview)
    wait_for(lambda: browser.find_element(By.XPATH, "//*[text()='tap me']"), message="the item").click()
    trace = lambda: browser.find_element(By.ID, "trace").get_attribute("textContent")
    wait_for(lambda: "tap /sections/0/items/1" in trace(), message="the tap named in the trace")
    assert "<host>" not in trace()


def test_a_tap_while_paused_is_shown_as_pending(start_preview, browser, tmp_path):
    """Issue #25, 12: a tap made while the run is paused waits, and the panel says so."""
    body = {"sections": [{"items": [{"type": "label", "text": "tap me",
                                     "action": {"type": "$util.toast", "options": {"text": "tapped"}}}]}]}
    flow = flow_file(tmp_path, {"title": "t", "templates": {"body": body}, "data": {"x": 1}})
    preview = start_preview(flow)
    open_page(browser, preview)
    item = wait_for(lambda: browser.find_element(By.XPATH, "//*[text()='tap me']"), message="the item")
    browser.find_element(By.CSS_SELECTOR, "[data-debug=pause]").click()
    wait_for(lambda: browser.find_element(By.ID, "mode").text == "paused", message="paused")
    item.click()
    pending = lambda: browser.find_element(By.ID, "pending").text
    wait_for(lambda: "queued" in pending() and "tap /sections/0/items/0" in pending(), message="the tap shown as pending")
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-overlay=toast]")
    browser.find_element(By.CSS_SELECTOR, "[data-debug=continue]").click()
    wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "[data-overlay=toast]"), message="the toast after Continue")


def test_the_page_draws_in_the_order_the_actions_ran(start_preview, browser, tmp_path):
    """Issue #25, 13: a $render and then a toast: the page shows the new body before the toast."""
    body = {"sections": [{"items": [{"type": "label", "text": "count {{$get.n}}"},
                                    {"type": "label", "text": "go", "action": {
                                        "type": "$set", "options": {"n": "{{$get.n + 1}}"},
                                        "success": {"type": "$render", "success": {"type": "$util.toast", "options": {"text": "drawn"}}}}}]}]}
    flow = flow_file(tmp_path, {"title": "t", "templates": {"body": body}, "actions": {
        "$load": {"type": "$set", "options": {"n": 10}, "success": {"type": "$render"}}}})
    preview = start_preview(flow)
    open_page(browser, preview)
    wait_for(lambda: "count 10" in browser.find_element(By.ID, "screen").text, message="the first body")
    browser.execute_script("""window.__order = [];
        new MutationObserver(() => { if (document.getElementById("screen").textContent.includes("count 11")
            && !window.__order.includes("body")) window.__order.push("body"); })
            .observe(document.getElementById("screen"), {childList: true, subtree: true, characterData: true});
        new MutationObserver(() => { if (document.querySelector("#overlays [data-overlay=toast]")
            && !window.__order.includes("toast")) window.__order.push("toast"); })
            .observe(document.getElementById("overlays"), {childList: true, subtree: true});""")
    browser.find_element(By.XPATH, "//*[text()='go']").click()
    wait_for(lambda: len(browser.execute_script("return window.__order")) == 2, message="both drawn")
    assert browser.execute_script("return window.__order") == ["body", "toast"]
