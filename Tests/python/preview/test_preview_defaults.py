"""The screen, round 2: layouts, horizontal sections, size expressions and colours as iOS draws them,
each checked in headless Chromium against its source in Jasonette/JASONETTE-iOS (Docs/Preview.md,
"iOS's defaults")."""
import json

from selenium.webdriver.common.by import By

from test_preview_page import open_page, screen_text
from conftest import wait_for


def notes(browser):
    """The preview notes pane (folded: its text is read as the page holds it)."""
    return browser.find_element(By.ID, "notes").get_attribute("textContent")


def box(browser, element):
    """The element's exact box (Selenium's rect rounds)."""
    return browser.execute_script("const r = arguments[0].getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}", element)


def draw(browser, start_preview, tmp_path, body, name="flow.json"):
    flow = tmp_path / name
    flow.write_text(json.dumps({"$jason": {"head": {"title": "t"}, "body": body}}))
    open_page(browser, start_preview(flow))
    wait_for(lambda: "mark" in screen_text(browser), message="the body")
    return lambda text: [e for e in browser.find_elements(By.CSS_SELECTOR, "#screen [data-type]") if e.text == text][0]


def test_layouts_stack_as_ios_does(browser, start_preview, tmp_path):
    """JasonLayout fillChildLayout: no spacing unless given; vertical children fill the width; horizontal
    children sit at the top; align and distribution as UIStackView reads them; a fixed width stays."""
    find = draw(browser, start_preview, tmp_path, {"sections": [{"items": [
        {"type": "vertical", "components": [{"type": "label", "text": "mark"}, {"type": "label", "text": "under"}]},
        {"type": "horizontal", "components": [
            {"type": "label", "text": "tall", "style": {"height": "60"}}, {"type": "label", "text": "top"},
            {"type": "label", "text": "fixed", "style": {"width": "150"}},
            {"type": "label", "text": "a long label that would like to take the whole row for itself and more"}]},
        {"type": "horizontal", "style": {"align": "center"}, "components": [
            {"type": "label", "text": "high", "style": {"height": "60"}}, {"type": "label", "text": "centred"}]},
        {"type": "horizontal", "style": {"distribution": "equalsize", "spacing": "10"}, "components": [
            {"type": "label", "text": "one"}, {"type": "label", "text": "two words"}]},
        {"type": "label", "text": "stacked", "style": {"z_index": "2"}}]}]})
    mark, under = find("mark"), find("under")
    assert under.rect["y"] == mark.rect["y"] + mark.rect["height"]
    assert mark.rect["width"] == mark.find_element(By.XPATH, "..").rect["width"]
    assert find("top").rect["y"] == find("tall").rect["y"]
    assert find("fixed").rect["width"] == 150
    high, centred = find("high"), find("centred")
    assert abs((centred.rect["y"] + centred.rect["height"] / 2) - (high.rect["y"] + high.rect["height"] / 2)) <= 1
    # What the preview draws is not outlined; a key it does not draw (z_index) is, as Preview.md says.
    assert "bad-style" not in find("one").find_element(By.XPATH, "..").get_attribute("class")
    assert "bad-style" in find("stacked").get_attribute("class")
    one, two = box(browser, find("one")), box(browser, find("two words"))
    assert one["width"] == two["width"] and two["x"] - (one["x"] + one["width"]) == 10


def test_horizontal_sections_are_cells_of_their_size(browser, start_preview, tmp_path):
    """JasonHorizontalSection: each cell exactly width × height, 100 × 100 unless the item says, no spacing."""
    draw(browser, start_preview, tmp_path, {"sections": [{"type": "horizontal", "items": [
        {"type": "label", "text": "mark"}, {"type": "label", "text": "wide", "style": {"width": "150", "height": "50"}}]}]})
    cells = browser.find_elements(By.CSS_SELECTOR, "#screen .items.horizontal > .item")
    assert [(c.rect["width"], c.rect["height"]) for c in cells] == [(100, 100), (150, 50)]
    assert cells[1].rect["x"] == cells[0].rect["x"] + 100


def test_sizes_are_expressions_of_the_screen(browser, start_preview, tmp_path):
    """JasonHelper pixelsInDirection:fromExpression: "50%-50", "70% - 30", fractions, of the 375 × 667 screen."""
    find = draw(browser, start_preview, tmp_path, {"sections": [{"items": [
        {"type": "horizontal", "components": [
            {"type": "label", "text": "mark", "style": {"width": "50%-50"}},
            {"type": "label", "text": "seventy", "style": {"width": "70% - 30"}}]},
        {"type": "vertical", "components": [{"type": "label", "text": "third", "style": {"width": "1/3 + 5", "height": "10%"}}]},
        {"type": "label", "text": "bad", "style": {"width": "wide"}}]}]})
    assert box(browser, find("mark"))["width"] == 137.5
    assert box(browser, find("seventy"))["width"] == 232.5
    third = box(browser, find("third"))
    assert third["width"] == 130 and abs(third["height"] - 66.7) < 0.05
    assert "bad-style" in find("bad").get_attribute("class")


def test_colours_are_read_as_the_phone_reads_them(browser, start_preview, tmp_path):
    """JasonHelper colorwithHexString:alpha: only hex and rgb()/rgba(); a name is read as hex digits
    ("white" is black), and "#fff" as 0x000fff; the preview notes pane says so once."""
    find = draw(browser, start_preview, tmp_path, {"sections": [{"items": [
        {"type": "label", "text": "mark", "style": {"color": "white"}},
        {"type": "label", "text": "short", "style": {"color": "#fff"}},
        {"type": "label", "text": "rgb", "style": {"color": "rgba(255, 0, 0, 0.5)"}},
        {"type": "label", "text": "hex", "style": {"color": "#00ff00"}}]}]})
    colour = lambda text: find(text).value_of_css_property("color")
    assert colour("mark") == "rgba(0, 0, 0, 1)"
    assert colour("short") == "rgba(0, 15, 255, 1)"
    assert colour("rgb") == "rgba(255, 0, 0, 0.5)"
    assert colour("hex") == "rgba(0, 255, 0, 1)"
    output = wait_for(lambda: notes(browser) if "white" in notes(browser) else None,
                      message="the note about colour names")
    assert 'the colour "white" is drawn rgb(0, 0, 0), as the phone reads it' in output


def test_form_controls_look_like_the_phones(browser, start_preview, tmp_path):
    """JasonTextfieldComponent, JasonSwitchComponent, JasonSliderComponent build: a text field has no
    border; a switch is a switch, in style.color when on, and one built on is `true` in $get at once;
    a slider takes style.color."""
    find = draw(browser, start_preview, tmp_path, {"sections": [{"items": [
        {"type": "label", "text": "mark"},
        {"type": "textfield", "name": "who", "placeholder": "name"},
        {"type": "switch", "name": "milk", "value": "true", "style": {"color": "#ff0000"}},
        {"type": "slider", "name": "level", "style": {"color": "#00ff00"}}]}]})
    field = browser.find_element(By.CSS_SELECTOR, "input.textfield")
    assert field.value_of_css_property("border-top-width") == "0px"
    switch = browser.find_element(By.CSS_SELECTOR, "input.switch")
    assert (switch.size["width"], switch.size["height"]) == (51, 31)
    assert switch.value_of_css_property("background-color") == "rgba(255, 0, 0, 1)"
    wait_for(lambda: '"milk": true' in browser.find_element(By.ID, "state-get").text, message="the switch's value in $get")
    slider = browser.find_element(By.CSS_SELECTOR, "input.slider")
    assert slider.value_of_css_property("accent-color") == "rgb(0, 255, 0)"


def test_layers_headers_and_images_that_do_not_load(browser, start_preview, tmp_path):
    """JasonLayer setupLayers:withView: only image and label layers, at 100, 100 unless placed; a section
    header is a cell like an item, pinned while its section scrolls; an image that does not load keeps
    the size the bar (25 × 25) or a tab (30 × 30) gives it."""
    rows = [{"type": "label", "text": "row %d" % i} for i in range(40)]
    draw(browser, start_preview, tmp_path, {
        "header": {"title": "t", "menu": {"image": "http://127.0.0.1:9/menu.png", "action": {"type": "$util.toast"}}},
        "sections": [{"header": {"type": "label", "text": "Drinks"}, "items": [{"type": "label", "text": "mark"}] + rows}],
        "layers": [{"type": "label", "text": "floating"}, {"type": "button", "text": "not a layer"}],
        "footer": {"tabs": {"items": [{"text": "Home", "image": "http://127.0.0.1:9/tab.png"}]}}})
    layers = browser.find_elements(By.CSS_SELECTOR, "#layers .layers > *")
    assert [e.text for e in layers] == ["floating"]
    assert (layers[0].value_of_css_property("left"), layers[0].value_of_css_property("top")) == ("100px", "100px")
    output = wait_for(lambda: notes(browser) if "only image" in notes(browser) else None,
                      message="the note about the button layer")
    assert "layers/1: the phone draws only image (with a url) and label (with a text) layers" in output
    head = browser.find_element(By.CSS_SELECTOR, "#screen .section-header")
    assert head.value_of_css_property("padding-top") == "10px" and head.value_of_css_property("position") == "sticky"
    screen = browser.find_element(By.ID, "screen")
    browser.execute_script("arguments[0].scrollTop = 400", screen)
    assert abs(box(browser, head)["y"] - box(browser, screen)["y"]) <= 1
    menu = browser.find_element(By.CSS_SELECTOR, "#navbar .menu img")
    tab = browser.find_element(By.CSS_SELECTOR, ".tab img")
    wait_for(lambda: "broken" in menu.get_attribute("class") and "broken" in tab.get_attribute("class"), message="the images to fail")
    assert (menu.size["width"], menu.size["height"]) == (25, 25) and (tab.size["width"], tab.size["height"]) == (30, 30)


def test_a_map_is_a_stand_in_with_its_pins(browser, start_preview, tmp_path):
    """JasonMapComponent build: the region's centre and extent (1000 m unless given), each pin where it
    falls in it; no height unless style.height gives one."""
    draw(browser, start_preview, tmp_path, {"sections": [{"items": [
        {"type": "label", "text": "mark"},
        {"type": "map", "style": {"height": "200"}, "region": {"coord": "51.5,-0.12", "width": "2000"},
         "pins": [{"coord": "51.5,-0.12", "title": "Here"}, {"coord": "51.5045,-0.12", "title": "North"}]}]}]})
    stand_in = browser.find_element(By.CSS_SELECTOR, "#screen .map")
    assert stand_in.size["height"] == 200 and "51.5, -0.12 · 2000 × 2000 m" in stand_in.text
    here, north = browser.find_elements(By.CSS_SELECTOR, ".map-pin")
    assert here.get_attribute("title") == "Here" and here.value_of_css_property("top") == "100px"
    assert box(browser, north)["y"] < box(browser, here)["y"]


def test_the_older_footer_input_names_its_field(browser, start_preview, tmp_path):
    """The older form of footer.input puts name and placeholder on `input` itself (as Jasonpedia's
    view-footer-input does): typing sets $get[name]."""
    draw(browser, start_preview, tmp_path, {"sections": [{"items": [{"type": "label", "text": "mark"}]}],
                                            "footer": {"input": {"name": "message", "placeholder": "Say something...",
                                                                 "right": {"text": "Send", "action": {"type": "$util.toast"}}}}})
    field = browser.find_element(By.CSS_SELECTOR, ".footer-input input.textfield")
    assert field.get_attribute("placeholder") == "Say something..."
    field.send_keys("hi")
    wait_for(lambda: '"message": "hi"' in browser.find_element(By.ID, "state-get").text, message="$get.message")


def test_fonts_keep_their_family_and_a_web_page_background_has_a_stand_in(browser, start_preview, tmp_path):
    """A PostScript font name keeps its family (JasonComponent stylize:, fontWithName:size:); a web page as
    body.style.background is drawn as the same stand-in as body.background."""
    find = draw(browser, start_preview, tmp_path, {"style": {"background": {"type": "html", "text": "<p>page</p>"}},
                                                   "sections": [{"items": [
        {"type": "label", "text": "mark", "style": {"font": "HelveticaNeue-Bold"}}]}]})
    label = find("mark")
    assert label.value_of_css_property("font-family").startswith('"Helvetica Neue"')
    assert label.value_of_css_property("font-weight") == "700"
    assert "body.style.background" not in notes(browser)
    assert browser.find_element(By.CSS_SELECTOR, "#screen .background-stand-in").get_attribute("data-background") == "html"


def test_separators_points_and_the_menu(browser, start_preview, tmp_path):
    """Separators are #f5f5f5 (JasonViewController viewDidLoad); padding, size and corner_radius are the
    number they start with ("10px" is 10, floatValue); the header's menu text is in the header's colour,
    HelveticaNeue 14 (Jason.m setupHeader:forVC:)."""
    find = draw(browser, start_preview, tmp_path, {
        "header": {"title": "t", "style": {"color": "#ff0000"}, "menu": {"text": "More", "action": {"type": "$util.toast"}}},
        "sections": [{"items": [{"type": "label", "text": "mark", "style": {"padding": "10px", "corner_radius": "4pt"}},
                                {"type": "label", "text": "next"}]}]})
    cell = find("mark").find_element(By.XPATH, "..")
    assert cell.value_of_css_property("border-bottom-color") == "rgba(245, 245, 245, 1)"
    assert cell.value_of_css_property("padding-top") == "10px"
    assert find("mark").value_of_css_property("border-top-left-radius") == "4px"
    menu = browser.find_element(By.CSS_SELECTOR, "#navbar .menu")
    assert menu.value_of_css_property("color") == "rgba(255, 0, 0, 1)" and menu.value_of_css_property("font-size") == "14px"
