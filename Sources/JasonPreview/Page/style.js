// Style as the phone reads it (JasonComponent stylize:, JasonHelper): sizes are numbers of points or
// expressions of the screen ("50%", "50%-50", "1/3 + 10"), colours are hex or rgb()/rgba() only — a
// colour name is read as hex digits, so "white" is black on the phone, and here. What cannot be used is
// outlined (`bad-style`); what the phone draws differently from the web is said once in the output.
"use strict";

const Style = (() => {
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  // The screen the preview draws, in points (an iPhone 8, as #device).
  const SCREEN = { horizontal: 375, vertical: 667 };
  const notes = new Set();
  // Style keys read where they apply rather than here: a layout's distribution, a text field's secure,
  // the header's hide.
  const drawnElsewhere = ["distribution", "secure", "hide"];

  // style key -> [CSS property, kind]: "dimension" is an expression of the screen (its direction
  // given), "points" a leading number as NSString floatValue reads it.
  const styleMap = {
    color: ["color", "color"], background: ["background", "background"], opacity: ["opacity", "number"],
    width: ["width", "dimension", "horizontal"], height: ["height", "dimension", "vertical"], size: ["fontSize", "points"],
    padding: ["padding", "points"], padding_left: ["paddingLeft", "points"], padding_right: ["paddingRight", "points"],
    padding_top: ["paddingTop", "points"], padding_bottom: ["paddingBottom", "points"],
    corner_radius: ["borderRadius", "points"], border_width: ["borderWidth", "points"],
    border_color: ["borderColor", "color"], spacing: ["gap", "dimension", "axis"],
    top: ["top", "dimension", "vertical"], left: ["left", "dimension", "horizontal"],
    right: ["right", "dimension", "horizontal"], bottom: ["bottom", "dimension", "vertical"],
  };

  // Where the page loads an image from: a file:// URL (the app's own assets) through the preview, which
  // reads it inside the folders the flow may read; any other URL as it is.
  let token = "";
  function source(url) {
    if (typeof url !== "string") return "";
    if (!url.startsWith("file://")) return url;
    return "/local-file?token=" + encodeURIComponent(token) + "&url=" + encodeURIComponent(url);
  }

  // JasonHelper pixelsInDirection:fromExpression: points, a percentage or fraction of the screen, each
  // optionally plus or minus points; nil for anything else.
  function pixels(v, direction) {
    if (typeof v === "number") return isFinite(v) ? v : null;
    if (typeof v !== "string") return null;
    const full = SCREEN[direction] || SCREEN.horizontal;
    const signed = (sign, n) => sign === "-" ? -parseFloat(n) : sign === "+" ? parseFloat(n) : 0;
    let m;
    if ((m = /^([0-9.]+)%[ ]*([+-]?)[ ]*([0-9]+)$/.exec(v))) return full * parseFloat(m[1]) / 100 + signed(m[2], m[3]);
    if (/^[0-9.]+$/.test(v)) return parseFloat(v);
    if ((m = /^([0-9]+)\/([0-9]+)[ ]*([+-]?)[ ]*([0-9]+)$/.exec(v))) return full * m[1] / m[2] + signed(m[3], m[4]);
    if ((m = /^([0-9.]+)%$/.exec(v))) return full * parseFloat(m[1]) / 100;
    if ((m = /^([0-9]+)\/([0-9]+)$/.exec(v))) return full * m[1] / m[2];
    return null;
  }

  // NSString floatValue: the number a string starts with (after spaces), 0 when none.
  function points(v) {
    if (typeof v === "number") return isFinite(v) ? v : null;
    if (typeof v !== "string") return null;
    const m = /^\s*[+-]?(\d+\.?\d*|\.\d+)/.exec(v);
    return m ? parseFloat(m[0]) : null;
  }

  // JasonHelper colorwithHexString:alpha: rgb() and rgba() by their numbers; anything else by the hex
  // digits it starts with after a "#" (NSScanner scanHexInt), so a name or "#fff" is not what CSS reads.
  function color(v) {
    if (typeof v !== "string") return null;
    const lower = v.toLowerCase();
    if (lower.includes("rgb(") || lower.includes("rgba(")) {
      const n = v.match(/[0-9.]+/g) || [];
      const [r, g, b] = [0, 1, 2].map((i) => parseInt(n[i] || "0", 10) || 0);
      const a = lower.includes("rgba(") ? parseFloat(n[3] || "0") || 0 : 1;
      return "rgba(" + r + ", " + g + ", " + b + ", " + a + ")";
    }
    const digits = /^#*([0-9a-fA-F]*)/.exec(v)[1];
    const value = digits.length > 8 ? 0xFFFFFFFF : digits ? parseInt(digits, 16) : 0;
    const css = "rgb(" + ((value >>> 16) & 255) + ", " + ((value >>> 8) & 255) + ", " + (value & 255) + ")";
    if (!/^#[0-9a-fA-F]{6}$/.test(v)) notes.add("the colour " + JSON.stringify(v) + " is drawn " + css + ", as the phone reads it "
                                               + "(hex digits only: write #RRGGBB or rgb())");
    return css;
  }

  function markBad(e, why) {
    e.classList.add("bad-style");
    e.title = why;
  }

  // Applies `style` to `e`; returns false when some of it could not be used.
  function apply(e, style) {
    if (style === undefined || style === null) return true;
    if (!isObject(style)) {
      markBad(e, "style is not an object");
      return false;
    }
    let ok = true;
    for (const [key, value] of Object.entries(style)) {
      const mapped = styleMap[key];
      if (mapped) {
        const [prop, kind, direction] = mapped;
        let css = null;
        if (kind === "dimension") {
          const axis = direction === "axis" ? (e.classList.contains("horizontal") ? "horizontal" : "vertical") : direction;
          const n = pixels(value, axis);
          css = n === null ? null : n + "px";
        } else if (kind === "points") {
          const n = points(value);
          css = n === null ? null : n + "px";
        } else if (kind === "color") css = color(value);
        else if (kind === "number") css = typeof value === "number" || /^[\d.]+$/.test(String(value)) ? String(value) : null;
        else if (kind === "background") {
          if (typeof value === "string" && /^(https?:|data:|file:)/.test(value)) {
            e.style.backgroundImage = "url(" + JSON.stringify(source(value)) + ")";
            e.style.backgroundSize = "cover";
            continue;
          }
          css = color(value);
        }
        if (css === null) { ok = false; continue; }
        e.style[prop] = css;
      } else if (key === "font" && typeof value === "string") {
        // A PostScript name, "Family-Face": the family kept ("HelveticaNeue" reads "Helvetica Neue"), the
        // face as weight and slant; where the machine lacks the family, the browser's sans-serif.
        const [family] = value.split("-");
        e.style.fontFamily = /courier|mono|menlo/i.test(value) ? "ui-monospace, monospace"
          : JSON.stringify(family.replace(/([a-z])([A-Z])/g, "$1 $2")) + ", " + JSON.stringify(family) + ", sans-serif";
        if (/bold|heavy|black|semibold/i.test(value)) e.style.fontWeight = "700";
        if (/italic|oblique/i.test(value)) e.style.fontStyle = "italic";
      } else if (key === "align" && typeof value === "string") {
        e.style.textAlign = value;
        e.style.alignItems = { left: "flex-start", center: "center", right: "flex-end" }[value] || "";
      } else if (!drawnElsewhere.includes(key)) {
        ok = false;  // a key the phone may know (ratio, z_index, shy…) that the preview does not draw
      }
    }
    if (!ok) markBad(e, "some style values could not be used: " + JSON.stringify(style));
    return ok;
  }

  // The style a component is drawn with, as the phone makes it: the named styles of its "class" (head.styles,
  // several names separated by spaces), then its own "style" over them.
  function of(json, ctx) {
    if (!isObject(json)) return undefined;
    const own = json.style;
    if (typeof json.class !== "string" || !isObject(ctx.styles)) return own;
    const merged = {};
    for (const name of json.class.split(/\s+/)) {
      if (isObject(ctx.styles[name])) Object.assign(merged, ctx.styles[name]);
    }
    if (own === undefined || own === null) return merged;
    return isObject(own) ? Object.assign(merged, own) : own;
  }

  // What the last drawing read differently from the web, each said once.
  function takeNotes() {
    const taken = [...notes];
    notes.clear();
    return taken;
  }

  return { apply, of, color, pixels, points, source, markBad, takeNotes, setToken: (t) => { token = t; } };
})();
