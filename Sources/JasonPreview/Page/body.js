// Draws the parts of a body around its components (draw.js): the sections and their items, the header,
// the footer, the layers and the screen's own style, each as iOS lays it out.
"use strict";

const Body = (() => {
  const { component, image, tappable, applyStyle, styleOf, color, source, pointer, text, isObject, el } = Draw;

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
      // An empty {} item is built as nothing on iOS (JasonLayout fillChildLayout: skips it).
      (Array.isArray(section.items) ? section.items : []).forEach((it, i) => {
        if (isObject(it) && Object.keys(it).length === 0) return;
        items.appendChild(item(it, pointer(pointer(base, "items"), i), ctx, section.type === "horizontal"));
      });
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
      // The older form puts the field's name and placeholder on `input` itself (Jasonpedia's footer-input).
      const field = isObject(input.textfield) ? input.textfield
        : { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.placeholder !== undefined ? { placeholder: input.placeholder } : {}) };
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
      if (key === "background" && isObject(value)) {
        // A web page as the background (the older place for body.background): the same stand-in.
        screen.appendChild(backgroundStandIn(value));
      } else if (key === "background") {
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

  return { view };
})();
