// Draws a Jasonette body as HTML. Every element that has an action or href carries data-path, the
// JSON pointer of its JSON in the body, which a tap sends back to the server. Bad input never throws:
// unknown components and styles that are not objects are drawn as marked boxes.
"use strict";

const Draw = (() => {
  const pointer = (base, key) => base + "/" + String(key).replace(/~/g, "~0").replace(/\//g, "~1");
  const text = (v) => v === undefined || v === null ? "" : typeof v === "string" ? v : JSON.stringify(v);
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const el = (tag, cls, content) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined) e.textContent = content;
    return e;
  };

  const applyStyle = Style.apply, styleOf = Style.of, color = Style.color, markBad = Style.markBad, source = Style.source;

  // An <img> that keeps its place when it cannot be loaded: a placeholder of its declared size.
  function image(url, cls) {
    const img = el("img", cls);
    img.src = source(url);
    img.addEventListener("error", () => {
      img.classList.add("broken");
      img.title = "could not load " + url;
    });
    return img;
  }

  // A control's own action, run after its value changed.
  function runAction(json, path, ctx) {
    if (json.action !== undefined || json.href !== undefined) ctx.send({ type: "tap", path });
  }

  function tappable(e, json, path) {
    if (isObject(json) && (json.action !== undefined || json.href !== undefined)) {
      e.classList.add("tappable");
      e.dataset.path = path;
    }
  }

  function component(json, path, ctx) {
    if (!isObject(json)) {
      const box = el("div", "unknown", "not a component: " + text(json));
      box.dataset.unknown = "true";
      return box;
    }
    let e;
    switch (json.type) {
      case "vertical":
      case "horizontal":
        return layout(json, path, ctx);
      case "label":
      case "text":
        e = el("div", "label", text(json.text));
        if (json.badge !== undefined && json.badge !== null) e.appendChild(el("span", "badge", text(json.badge)));
        break;
      case "image":
        e = image(json.url, "image");
        e.alt = text(json.text || "");
        break;
      case "button":
        e = el("button", "button");
        e.type = "button";
        if (json.text === undefined && typeof json.url === "string") {
          e.classList.add("image-button");
          e.appendChild(image(json.url));
        } else e.textContent = text(json.text);
        break;
      case "textfield":
      case "textarea": {
        e = el(json.type === "textarea" ? "textarea" : "input", json.type);
        // The documented place is style.secure; a top-level secure is taken too.
        const style = styleOf(json, ctx);
        const secure = [json.secure, isObject(style) ? style.secure : undefined].some((v) => v === true || v === "true");
        if (json.type === "textfield") e.type = secure ? "password" : "text";
        e.name = text(json.name);
        if (json.placeholder !== undefined) e.placeholder = text(json.placeholder);
        const current = ctx.get[e.name];
        e.value = current !== undefined && current !== null ? text(current) : text(json.value);
        if (e.name) e.addEventListener("input", () => ctx.send({ type: "input", name: e.name, value: e.value }));
        break;
      }
      case "switch": {
        e = el("input", "switch");
        e.type = "checkbox";
        e.name = text(json.name);
        const v = json.value;
        e.checked = v === true || v === "true" || v === 1 || v === "1";
        // UISwitch: its on colour is style.color; a switch built on puts `true` in $get (JasonSwitchComponent build:).
        const own = styleOf(json, ctx);
        if (isObject(own) && color(own.color)) e.style.setProperty("--on", color(own.color));
        if (e.checked && e.name && ctx.get[e.name] === undefined) ctx.send({ type: "input", name: e.name, value: true });
        e.addEventListener("change", () => {
          if (e.name) ctx.send({ type: "input", name: e.name, value: e.checked });
          runAction(json, path, ctx);
        });
        break;
      }
      case "slider": {
        e = el("input", "slider");
        e.type = "range";
        e.min = "0"; e.max = "1"; e.step = "0.01";
        e.name = text(json.name);
        const n = parseFloat(json.value);
        e.value = isFinite(n) ? String(n) : "0.5";
        const own = styleOf(json, ctx);
        if (isObject(own) && color(own.color)) e.style.accentColor = color(own.color);
        if (e.name) e.addEventListener("input", () => ctx.send({ type: "input", name: e.name, value: parseFloat(e.value) }));
        // As on the phone, the action runs once the value is let go of, after $get has it.
        e.addEventListener("change", () => runAction(json, path, ctx));
        break;
      }
      case "space":
        e = el("div", "space");
        break;
      case "map":
        e = map(json, ctx);
        break;
      case "html":
        e = el("iframe", "html");
        e.setAttribute("sandbox", "");
        e.srcdoc = text(json.text);
        break;
      default:
        e = el("div", "unknown", "unknown component: " + text(json.type === undefined ? "(no type)" : json.type));
        e.dataset.unknown = "true";
    }
    e.dataset.type = text(json.type);
    applyStyle(e, styleOf(json, ctx));
    if (json.type === "space" && (e.style.width || e.style.height)) e.classList.add("sized");
    tappable(e, json, path);
    return e;
  }

  // A stand-in for MKMapView (JasonMapComponent build:), drawn offline: the region's centre and extent,
  // and each pin placed where it falls in it. A map has no height of its own: without style.height it
  // takes none, on the phone as here.
  function map(json, ctx) {
    const box = el("div", "map");
    const region = isObject(json.region) ? json.region : {};
    const centre = String(region.coord || "").split(",").map(Number);
    const width = Number(region.width || region.height) || 1000, height = Number(region.height || region.width) || 1000;
    box.appendChild(el("span", "map-label", centre.length === 2 && centre.every(isFinite)
      ? "map " + centre.join(", ") + " · " + width + " × " + height + " m" : "map (the user's location)"));
    for (const pin of Array.isArray(json.pins) ? json.pins : []) {
      const at = isObject(pin) ? String(pin.coord || "").split(",").map(Number) : [];
      if (at.length !== 2 || !at.every(isFinite) || centre.length !== 2) continue;
      const x = 50 + (at[1] - centre[1]) * 111320 * Math.cos(centre[0] * Math.PI / 180) / width * 100;
      const y = 50 - (at[0] - centre[0]) * 110540 / height * 100;
      const dot = el("span", "map-pin");
      dot.style.left = x + "%";
      dot.style.top = y + "%";
      dot.title = [pin.title, pin.description].filter((t) => t).map(text).join(" — ");
      box.appendChild(dot);
    }
    const own = styleOf(json, ctx);
    if (!isObject(own) || own.height === undefined) ctx.note("a map with no style.height has no height on the phone either");
    return box;
  }

  // A layout as iOS stacks it (JasonLayout fillChildLayout:): no spacing unless given; a vertical one
  // stretches its children across (align fill), a horizontal one puts them at the top; `align` and
  // `distribution` as UIStackView reads them (an unknown align is fill); a child with a width keeps it.
  const ALIGN = { fill: "stretch", top: "flex-start", left: "flex-start", bottom: "flex-end", right: "flex-end",
                  center: "center", firstbaseline: "baseline", lastbaseline: "last baseline" };
  const DISTRIBUTIONS = ["fill", "equalsize", "proportional", "equalspace", "equalcentertocenter"];
  function layout(json, path, ctx) {
    const horizontal = json.type === "horizontal";
    const e = el("div", "layout " + (horizontal ? "horizontal" : "vertical"));
    const children = Array.isArray(json.components) ? json.components : [];
    children.forEach((c, i) => e.appendChild(component(c, pointer(pointer(path, "components"), i), ctx)));
    const style = styleOf(json, ctx);
    applyStyle(e, style);
    const own = isObject(style) ? style : {};
    e.style.textAlign = "";
    e.style.alignItems = own.align === undefined ? (horizontal ? "flex-start" : "stretch") : ALIGN[own.align] || "stretch";
    if (DISTRIBUTIONS.includes(own.distribution)) e.dataset.distribution = own.distribution;
    if (horizontal) for (const child of e.children) if (child.style.width) child.style.flexShrink = "0";
    tappable(e, json, path);
    return e;
  }

  // A row of a section, as iOS builds it (JasonViewController getVerticalSectionItem:, JasonLayout
  // fill:with:atIndexPath:withForm:): the cell takes the item's background; its padding is the item's when
  // the item gives one, else 10 (0 in a horizontal section), never the two added up; an item with an href
  // shows the › chevron. In a horizontal section (JasonHorizontalSection) a cell is exactly the item's
  // width × height, 100 × 100 unless it says, side by side with no spacing.
  function item(json, path, ctx, horizontal) {
    const cell = el("div", "item");
    const content = component(json, path, ctx);
    cell.appendChild(content);
    const moved = ["padding", "backgroundColor", "backgroundImage", "backgroundSize"].concat(horizontal ? ["width", "height"] : []);
    if (horizontal) {
      cell.style.width = content.style.width || "100px";
      cell.style.height = content.style.height || "100px";
    }
    for (const prop of moved) {
      if (!content.style[prop]) continue;
      cell.style[prop] = content.style[prop];
      content.style[prop] = "";
    }
    if (isObject(json) && json.href !== undefined) cell.classList.add("chevron");
    // The cell, not only its content, answers a tap on an item with an action.
    if (isObject(json) && (json.action !== undefined || json.href !== undefined)) {
      cell.classList.add("tappable");
      cell.dataset.path = path;
    }
    return cell;
  }

  function sections(list, ctx) {
    const root = el("div", "sections");
    if (!Array.isArray(list)) return root;
    list.forEach((section, s) => {
      const base = pointer("/sections", s);
      const box = el("div", "section");
      if (!isObject(section)) { box.appendChild(component(section, base, ctx)); root.appendChild(box); return; }
      // A section header is a cell built as an item is, pinned while its section scrolls
      // (JasonViewController tableView:viewForHeaderInSection: in a plain table).
      if (section.header !== undefined) {
        const head = isObject(section.header) ? item(section.header, pointer(base, "header"), ctx, false)
                                              : el("div", "item", text(section.header));
        head.classList.add("section-header");
        box.appendChild(head);
      }
      const items = el("div", "items" + (section.type === "horizontal" ? " horizontal" : ""));
      (Array.isArray(section.items) ? section.items : []).forEach((it, i) =>
        items.appendChild(item(it, pointer(pointer(base, "items"), i), ctx, section.type === "horizontal")));
      box.appendChild(items);
      applyStyle(box, styleOf(section, ctx));
      root.appendChild(box);
    });
    return root;
  }

  // The navigation bar as iOS draws it (Jason.m setupHeader:forVC:): only header.title is a title (never
  // head.title), a title still holding {{ }} is not drawn, the bar is white with a black title and no
  // hairline; with no header it stays, empty; header.style.hide hides it (the ‹ Back stays, alone, when
  // the view can be left). A header.search field goes in a bar of its own above the list.
  function header(json, titleEl, menuEl, ctx) {
    titleEl.textContent = "";
    menuEl.textContent = "";
    const bar = titleEl.parentElement;
    bar.removeAttribute("style");
    bar.classList.remove("bad-style", "hidden-bar");
    const searchBar = document.getElementById("searchbar");
    if (searchBar) searchBar.textContent = "";
    if (!isObject(json)) return;
    const style = styleOf(json, ctx);
    // header.style: background, color, font and size, on the whole bar.
    applyStyle(bar, style);
    if (isObject(style) && (style.hide === true || style.hide === "true")) bar.classList.add("hidden-bar");
    if (isObject(json.search) && searchBar) searchBar.appendChild(search(json.search, ctx));
    const t = json.title;
    const unfilled = (value) => /{{|}}/.test(typeof value === "string" ? value : JSON.stringify(value) || "");
    if (t !== undefined && !unfilled(t)) {
      if (isObject(t)) titleEl.appendChild(component(t, "/header/title", ctx));
      else if (typeof t === "string") titleEl.textContent = t;
    }
    if (isObject(json.menu)) {
      const m = json.menu;
      // The phone draws a text or image button in the bar, not a filled one.
      const b = el("button", "menu");
      b.type = "button";
      if (m.text === undefined && typeof m.image === "string") {
        b.appendChild(image(m.image));
      } else b.textContent = text(m.text === undefined ? "Menu" : m.text);
      if (m.badge !== undefined && m.badge !== null) b.appendChild(el("span", "badge", text(m.badge)));
      tappable(b, m, "/header/menu");
      applyStyle(b, styleOf(m, ctx));
      menuEl.appendChild(b);
    }
  }

  // header.search: a search field; typing sets $get[name] when named, Return runs its action.
  function search(json, ctx) {
    const field = el("input", "search");
    field.type = "search";
    field.name = text(json.name);
    field.placeholder = text(json.placeholder === undefined ? "Search" : json.placeholder);
    const current = field.name ? ctx.get[field.name] : undefined;
    if (current !== undefined && current !== null) field.value = text(current);
    field.addEventListener("input", () => { if (field.name) ctx.send({ type: "input", name: field.name, value: field.value }); });
    field.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (json.action !== undefined || json.href !== undefined)) {
        ctx.send({ type: "tap", path: "/header/search" });
      }
    });
    applyStyle(field, styleOf(json, ctx));
    return field;
  }

  function footer(json, ctx) {
    const root = el("div", "footer-content");
    if (!isObject(json)) return root;
    if (isObject(json.input)) {
      const input = json.input;
      const row = el("div", "footer-input");
      if (isObject(input.left)) row.appendChild(component({ type: "button", ...input.left }, "/footer/input/left", ctx));
      const field = isObject(input.textfield) ? input.textfield : {};
      row.appendChild(component({ type: "textfield", ...field }, "/footer/input/textfield", ctx));
      if (isObject(input.right)) row.appendChild(component({ type: "button", text: "Send", ...input.right }, "/footer/input/right", ctx));
      applyStyle(row, input.style);
      root.appendChild(row);
    }
    if (isObject(json.tabs) && Array.isArray(json.tabs.items)) {
      const tabs = el("div", "tabs");
      json.tabs.items.forEach((tab, i) => {
        const b = el("button", "tab");
        b.type = "button";
        if (isObject(tab) && typeof tab.image === "string") b.appendChild(image(tab.image));
        b.appendChild(el("span", "", isObject(tab) ? text(tab.text) : text(tab)));
        const path = pointer("/footer/tabs/items", i);
        // A tab with a url switches the view to it (the server replaces the view); the one showing is marked.
        if (isObject(tab) && tab.href === undefined && tab.action === undefined && typeof tab.url === "string") {
          b.dataset.url = tab.url;
          b.classList.add("tappable");
          b.dataset.path = path;
          if (sameURL(tab.url, ctx.url)) b.classList.add("selected");
        }
        tappable(b, tab, path);
        tabs.appendChild(b);
      });
      applyStyle(tabs, json.tabs.style);
      root.appendChild(tabs);
    }
    return root;
  }

  // A background the page cannot be (a web container, the camera): a labelled stand-in, not a blank screen.
  function backgroundStandIn(background) {
    const kind = text(background.type);
    const box = el("div", "background-stand-in");
    box.dataset.background = kind || "unknown";
    if (kind === "html") {
      const where = background.url !== undefined ? text(background.url) : "its text";
      box.textContent = "web container background (" + where + "): drawn by a web view on the phone, not here";
    } else if (kind === "camera") {
      box.textContent = "camera background (" + text(background.options && background.options.device || "back") + " camera): not available in the preview";
    } else {
      box.textContent = "background of type " + (kind || "(none)") + ": not drawn in the preview";
    }
    return box;
  }

  // body.style as the phone reads it: the screen's background, and `border` for the lines between items
  // ("none" hides them, a colour colours them). Other keys are said in the output pane, not drawn.
  function bodyStyle(style, screen, ctx) {
    if (style === undefined || style === null) return;
    if (!isObject(style)) { ctx.note("body.style is not an object: " + text(style)); return; }
    for (const [key, value] of Object.entries(style)) {
      if (key === "background") {
        if (!applyStyle(screen, { background: value })) {
          screen.classList.remove("bad-style");
          ctx.note("body.style.background: " + text(value) + " is not a colour or an image URL");
        }
      } else if (key === "border") {
        if (value === "none" || value === "0" || value === 0) screen.classList.add("no-separators");
        else if (color(value)) screen.style.setProperty("--separator", color(value));
        else ctx.note("body.style.border: " + text(value) + " is not none or a colour");
      } else {
        ctx.note("body.style." + key + " is not drawn in the preview (the phone's body style has background and border)");
      }
    }
  }

  // Whether `url` (as a tab writes it, maybe relative) names the view at `current`.
  function sameURL(url, current) {
    if (typeof current !== "string" || !current) return false;
    try {
      return new URL(url.replace(/^file:\/\/(?!\/)/, ""), current).href === new URL(current).href;
    } catch (e) {
      return false;
    }
  }

  // Layers as iOS sets them up (JasonLayer setupLayers:withView:): only an image with a url and a label
  // with a text are layers; each sits at 100, 100 unless its style places it.
  function layers(list, ctx) {
    const root = el("div", "layers");
    if (!Array.isArray(list)) return root;
    list.forEach((layer, i) => {
      const kind = isObject(layer) ? layer.type : undefined;
      if (!((kind === "image" && typeof layer.url === "string") || (kind === "label" && layer.text !== undefined))) {
        ctx.note("layers/" + i + ": the phone draws only image (with a url) and label (with a text) layers; this one is not drawn");
        return;
      }
      const e = component(layer, pointer("/layers", i), ctx);
      if (!e.style.left && !e.style.right) e.style.left = "100px";
      if (!e.style.top && !e.style.bottom) e.style.top = "100px";
      root.appendChild(e);
    });
    return root;
  }

  // Draws `view` (a "view" message) into the page's parts.
  function view(message, parts, ctx) {
    const body = message.body;
    parts.screen.textContent = "";
    parts.layers.textContent = "";
    parts.footer.textContent = "";
    ctx.styles = isObject(message.styles) ? message.styles : {};
    ctx.url = message.url;
    Style.setToken(ctx.token || "");
    parts.screen.style.background = "";
    parts.screen.style.removeProperty("--separator");
    parts.screen.classList.remove("no-separators", "bad-style");
    if (!isObject(body)) {
      header(null, parts.title, parts.menu, ctx);
      const note = body === null || body === undefined ? "This view has no body yet." : "The body is not an object: " + text(body);
      parts.screen.appendChild(el("div", "empty-body", note));
      return;
    }
    header(body.header, parts.title, parts.menu, ctx);
    bodyStyle(body.style, parts.screen, ctx);
    if (typeof body.background === "string") applyStyle(parts.screen, { background: body.background });
    else if (isObject(body.background)) parts.screen.appendChild(backgroundStandIn(body.background));
    parts.screen.appendChild(sections(body.sections, ctx));
    // Layers float over the screen and stay put while the body scrolls under them.
    if (body.layers !== undefined) parts.layers.appendChild(layers(body.layers, ctx));
    parts.footer.appendChild(footer(body.footer, ctx));
    const known = ["header", "sections", "layers", "footer", "style", "background", "ads"];
    for (const key of Object.keys(body)) {
      if (!known.includes(key)) {
        const box = el("div", "unknown", "unknown body part: " + key);
        box.dataset.unknown = "true";
        parts.screen.appendChild(box);
      }
    }
    for (const note of Style.takeNotes()) ctx.note(note);
  }

  return { view, component, applyStyle, pointer, text };
})();
