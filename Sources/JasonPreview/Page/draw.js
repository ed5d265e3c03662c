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
    children.forEach((c, i) => {
      if (!(isObject(c) && Object.keys(c).length === 0)) e.appendChild(component(c, pointer(pointer(path, "components"), i), ctx));
    });
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

  return { component, image, tappable, applyStyle, styleOf, color, source, pointer, text, isObject, el };
})();
