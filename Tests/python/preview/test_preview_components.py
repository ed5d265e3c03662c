"""Every component the page draws, the overlays that wait for an answer, and style mapped to CSS."""
import json

from selenium.webdriver.common.by import By

from test_preview_page import open_page, screen_text, state_get
from conftest import wait_for

COMPONENTS = """{"$jason": {"head": {"title": "All components",
  "actions": {
    "choose": {"type": "$util.picker", "options": {"title": "Size", "items": [
      {"text": "small", "action": {"type": "$set", "options": {"size": "S"}}},
      {"text": "large", "action": {"type": "$set", "options": {"size": "L"}}}]}},
    "date": {"type": "$util.datepicker", "options": {"title": "When?"},
             "success": {"type": "$set", "options": {"when": "{{$jason.value}}"}}}
  }},
  "body": {
    "header": {"title": "Parts", "menu": {"text": "Size", "action": {"trigger": "choose"}}},
    "sections": [
      {"header": {"type": "label", "text": "Row"}, "type": "horizontal", "items": [
        {"type": "label", "text": "one"}, {"type": "label", "text": "two"}]},
      {"items": [
        {"type": "vertical", "components": [
          {"type": "label", "text": "Styled", "style": {"color": "#ff0000", "size": "20", "padding": 6,
                                                    "corner_radius": 4, "background": "#00ff00", "align": "center",
                                                    "font": "Helvetica-BoldOblique"}},
          {"type": "horizontal", "components": [{"type": "image", "url": "data:image/gif;base64,R0lGODlhAQABAAAAACw="},
                                                {"type": "space"}, {"type": "button", "text": "Date", "action": {"trigger": "date"}}]}]},
        {"type": "textarea", "name": "story", "value": "once"},
        {"type": "switch", "name": "on", "value": false},
        {"type": "slider", "name": "level", "value": "0.25"},
        {"type": "html", "text": "<p>inside the frame</p><script>parent.document.title='escaped'</script>"}
      ]}],
    "layers": [{"type": "label", "text": "floating", "style": {"top": 10, "right": 10}}],
    "footer": {"input": {"textfield": {"name": "chat", "placeholder": "Say"}, "right": {"text": "Send", "action": {"type": "$set", "options": {"sent": "{{$get.chat}}"}}}},
               "tabs": {"items": [{"text": "Home"}, {"text": "Size", "action": {"trigger": "choose"}}]}}
  }}}"""


def test_every_component_is_drawn(browser, start_preview, tmp_path):
    flow = tmp_path / "parts.json"
    flow.write_text(COMPONENTS)
    open_page(browser, start_preview(flow))
    wait_for(lambda: "Styled" in screen_text(browser), message="the body")
    find = browser.find_element
    assert find(By.CSS_SELECTOR, ".items.horizontal").text.split() == ["one", "two"]
    styled = find(By.CSS_SELECTOR, "[data-type=label][style]")
    css = styled.value_of_css_property
    assert css("color") == "rgba(255, 0, 0, 1)" and css("font-size") == "20px" and css("font-weight") == "700"
    assert css("border-top-left-radius") == "4px" and css("text-align") == "center"
    assert find(By.CSS_SELECTOR, "img.image").get_attribute("src").startswith("data:image/gif")
    assert find(By.CSS_SELECTOR, "textarea[name=story]").get_attribute("value") == "once"
    assert find(By.CSS_SELECTOR, "input.switch").get_attribute("type") == "checkbox"
    assert find(By.CSS_SELECTOR, "input.slider").get_attribute("value") == "0.25"
    frame = find(By.CSS_SELECTOR, "iframe.html")
    assert frame.get_attribute("sandbox") == ""
    assert browser.title != "escaped"
    assert "floating" in find(By.CSS_SELECTOR, ".layers").text
    assert [t.text for t in browser.find_elements(By.CSS_SELECTOR, ".tab")] == ["Home", "Size"]
    find(By.CSS_SELECTOR, "input.switch").click()
    wait_for(lambda: '"on": true' in state_get(browser), message="the switch in $get")
    chat = find(By.CSS_SELECTOR, "#footer input[name=chat]")
    chat.send_keys("hi")
    wait_for(lambda: '"chat": "hi"' in state_get(browser), message="the footer field")
    [send] = [b for b in browser.find_elements(By.CSS_SELECTOR, "#footer button") if b.text == "Send"]
    send.click()
    wait_for(lambda: '"sent": "hi"' in state_get(browser), message="the footer button")


def test_picker_and_datepicker_are_answered_in_the_page(browser, start_preview, tmp_path):
    flow = tmp_path / "parts.json"
    flow.write_text(COMPONENTS)
    open_page(browser, start_preview(flow))
    wait_for(lambda: "Styled" in screen_text(browser), message="the body")
    browser.find_element(By.CSS_SELECTOR, "#menu button").click()
    picker = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "[data-overlay=picker]"), message="the picker")
    [large] = [b for b in picker.find_elements(By.TAG_NAME, "button") if b.text == "large"]
    large.click()
    wait_for(lambda: '"size": "L"' in state_get(browser), message="the chosen item's action")
    [date] = [b for b in browser.find_elements(By.CSS_SELECTOR, "button.button") if b.text == "Date"]
    date.click()
    dialog = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "[data-overlay=datepicker]"), message="the date picker")
    [ok] = [b for b in dialog.find_elements(By.TAG_NAME, "button") if b.text == "OK"]
    ok.click()
    wait_for(lambda: '"when": "1' in state_get(browser), message="the date in $get")
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-overlay=datepicker]")


DEFAULTS = """{"$jason": {"head": {"title": "Defaults"},
  "body": {"sections": [{"items": [
    {"type": "vertical", "components": [
      {"type": "button", "text": "Plain"},
      {"type": "button", "text": "Padded", "style": {"padding": "12", "color": "#ff0000"}},
      {"type": "button", "url": "data:image/gif;base64,R0lGODlhAQABAAAAACw=", "style": {"width": "40", "height": "20"}},
      {"type": "space", "style": {"height": "30"}},
      {"type": "horizontal", "style": {"width": "300"}, "components": [
        {"type": "label", "text": "a"}, {"type": "space", "style": {"width": "50"}}, {"type": "label", "text": "b"}]}
    ]}]}]}}}"""


def test_buttons_and_space_take_the_phones_defaults(browser, start_preview, tmp_path):
    """The screen, round 2, items 3 and 4 (iOS: JasonButtonComponent build:, JasonComponent stylize:,
    JasonSpaceComponent build:): a button is a clear box with a black title and 5 px insets, no border; an
    image button is its image, aspect-fit, with no insets; a space keeps the height or width it is given."""
    flow = tmp_path / "defaults.json"
    flow.write_text(DEFAULTS)
    open_page(browser, start_preview(flow))
    wait_for(lambda: "Plain" in screen_text(browser), message="the body")
    buttons = browser.find_elements(By.CSS_SELECTOR, "button.button")
    plain = buttons[0].value_of_css_property
    assert plain("background-color") == "rgba(0, 0, 0, 0)" and plain("color") == "rgba(0, 0, 0, 1)"
    assert plain("border-top-width") == "0px" and plain("padding-left") == "5px" and plain("padding-top") == "5px"
    padded = buttons[1].value_of_css_property
    assert padded("padding-left") == "12px" and padded("color") == "rgba(255, 0, 0, 1)"
    image = buttons[2]
    assert "image-button" in image.get_attribute("class") and image.value_of_css_property("padding-left") == "0px"
    assert image.find_element(By.TAG_NAME, "img").value_of_css_property("object-fit") == "contain"
    assert image.size == {"width": 40, "height": 20}
    spaces = browser.find_elements(By.CSS_SELECTOR, ".space")
    assert spaces[0].size["height"] == 30
    assert spaces[1].size["width"] == 50


ITEMS = """{"$jason": {"head": {"title": "Items"},
  "body": {"header": {"title": "Items"}, "sections": [
    {"items": [
      {"type": "label", "text": "default"},
      {"type": "label", "text": "own", "style": {"padding": "4", "background": "#ff0000"}},
      {"type": "vertical", "style": {"background": "#0000ff"}, "components": [{"type": "label", "text": "layout"}]},
      {"type": "label", "text": "next", "href": {"url": "file://other.json"}}, {}]},
    {"type": "horizontal", "items": [{"type": "label", "text": "across"}]}]}}}"""


def test_an_item_is_its_cell(browser, start_preview, tmp_path):
    """The screen, round 2, item 1 (iOS: JasonViewController getVerticalSectionItem:, JasonLayout
    fill:with:atIndexPath:withForm:): the cell takes the item's background; its padding is 10 (0 in a
    horizontal section), replaced by the item's, never added to it; an item with an href has the › chevron."""
    flow = tmp_path / "items.json"
    flow.write_text(ITEMS)
    open_page(browser, start_preview(flow))
    wait_for(lambda: "across" in screen_text(browser), message="the body")
    cells = browser.find_elements(By.CSS_SELECTOR, "#screen .item")
    pad = lambda e: e.value_of_css_property("padding-top")
    background = lambda e: e.value_of_css_property("background-color")
    default, own, layout, chevron, across = cells  # the empty {} item is no cell at all
    assert default.find_element(By.CSS_SELECTOR, "[data-type=label]").value_of_css_property("font-size") == "14px"
    assert pad(default) == "10px" and default.value_of_css_property("padding-left") == "10px"
    assert pad(own) == "4px" and background(own) == "rgba(255, 0, 0, 1)"
    inner = own.find_element(By.CSS_SELECTOR, "[data-type=label]")
    assert pad(inner) == "0px" and background(inner) == "rgba(0, 0, 0, 0)"
    assert background(layout) == "rgba(0, 0, 255, 1)"
    assert "chevron" in chevron.get_attribute("class") and "chevron" not in default.get_attribute("class")
    assert browser.execute_script("return getComputedStyle(arguments[0], '::after').content", chevron) == '"›"'
    assert pad(across) == "0px"


def test_the_navigation_bar_is_the_phones(browser, start_preview, tmp_path):
    """The screen, round 2, item 2 (iOS: Jason.m setupHeader:forVC:): only header.title is a title, never
    head.title; a title still holding {{ }} is not drawn; the bar is white with a black title; with no
    header it is empty; header.style.hide hides it."""
    def bar_for(name, body):
        flow = tmp_path / name
        flow.write_text(json.dumps({"$jason": {"head": {"title": "Head title"}, "body": body}}))
        open_page(browser, start_preview(flow))
        wait_for(lambda: "row" in screen_text(browser), message="the body of " + name)
        return browser.find_element(By.ID, "navbar"), browser.find_element(By.ID, "title")

    rows = [{"items": [{"type": "label", "text": "row"}]}]
    bar, title = bar_for("none.json", {"sections": rows})
    assert title.text == "" and bar.is_displayed()
    assert bar.value_of_css_property("background-color") == "rgba(255, 255, 255, 1)"
    assert bar.value_of_css_property("border-bottom-width") == "0px"
    bar, title = bar_for("plain.json", {"header": {"title": "Drinks"}, "sections": rows})
    assert title.text == "Drinks" and title.value_of_css_property("color") == "rgba(0, 0, 0, 1)"
    bar, title = bar_for("unfilled.json", {"header": {"title": "{{$get.name}}"}, "sections": rows})
    assert title.text == ""
    bar, title = bar_for("hidden.json", {"header": {"title": "Gone", "style": {"hide": "true"}}, "sections": rows})
    assert not bar.is_displayed()
