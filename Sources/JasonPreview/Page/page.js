// The page's side of the WebSocket protocol (Docs/Preview.md): draws what the server sends, sends taps,
// input and answers back, and reconnects when the connection drops.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const parts = { screen: $("screen"), layers: $("layers"), footer: $("footer"), title: $("title"), menu: $("menu") };
  const state = { ws: null, connected: false, view: null, get: {}, retry: 0 };
  window.jasonPreview = state;

  function send(message) {
    if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
  }
  // What the page itself has to say about a body (style keys it does not draw…), once each.
  const noted = new Set();
  const ctx = { send, get: {}, token: new URLSearchParams(location.search).get("token") || "", note: (text) => { if (!noted.has(text)) { noted.add(text); output(text, "notes"); } } };

  // The run's token, from the URL jasonrun printed: the socket is refused without it.
  const token = new URLSearchParams(location.search).get("token") || "";

  function connect() {
    if (!token) {
      $("connection").textContent = "no token: open the URL that jasonrun preview printed (it ends with ?token=…)";
      return;
    }
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws?token="
      + encodeURIComponent(token));
    state.ws = ws;
    ws.onopen = () => {
      state.connected = true;
      state.everConnected = true;
      state.retry = 0;
      for (const pane of PANES) $(pane).textContent = "";  // the server sends the recent lines again
      noted.clear();
      $("connection").textContent = "connected";
      $("connection").className = "up";
    };
    ws.onclose = () => {
      state.connected = false;
      $("connection").textContent = state.everConnected ? "disconnected; reconnecting…"
        : "not connected: is jasonrun preview still running, and is this the URL it printed?";
      $("connection").className = "down";
      state.retry = Math.min(state.retry + 1, 5);
      setTimeout(connect, 200 * state.retry);
    };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      receive(message);
    };
  }

  function receive(m) {
    switch (m.type) {
      case "view": drawView(m); break;
      // $get at once: a field drawn by the next view shows what was typed (the panel waits for the frame).
      case "state": later.state = m; ctx.get = m.get || {}; schedule(); break;
      case "trace": later.trace.push(...m.events); schedule(); break;
      case "overlay": showOverlay(m); break;
      case "overlay-closed": closeOverlay(m.id); break;
      case "output": later.output.push([PANES.includes(m.pane) ? m.pane : "output", m.text]); schedule(); break;
      case "error": $("error").textContent = m.message; break;
    }
  }

  function drawView(m) {
    state.view = m;
    $("back").hidden = !(m.depth > 0);
    try {
      Body.view(m, parts, ctx);
    } catch (e) {
      parts.screen.textContent = "the page could not draw this body: " + e;
    }
    document.body.dataset.views = String(m.depth + 1);
  }

  // A busy program sends many state and trace messages: they are drawn once per frame, the newest
  // state and the last lines of the trace only, so the page keeps up with any speed.
  const later = { state: null, trace: [], output: [], scheduled: false };
  function schedule() {
    if (later.scheduled) return;
    later.scheduled = true;
    requestAnimationFrame(() => {
      later.scheduled = false;
      if (later.state) drawState(later.state);
      later.state = null;
      const events = later.trace.slice(-TRACE_LINES);
      later.trace = [];
      const fragment = document.createDocumentFragment();
      events.forEach((event) => { const li = traceLine(event); if (li) fragment.appendChild(li); });
      const list = $("trace");
      list.appendChild(fragment);
      while (list.children.length > TRACE_LINES) list.removeChild(list.firstChild);
      list.scrollTop = list.scrollHeight;
      for (const pane of PANES) {
        const lines = later.output.filter((l) => l[0] === pane).map((l) => l[1]);
        if (lines.length) output(lines.slice(-OUTPUT_LINES).join("\n"), pane);
      }
      later.output = [];
    });
  }
  const OUTPUT_LINES = 500;
  const TRACE_LINES = 400;

  const show = (v) => v === undefined || v === null ? "undefined" : JSON.stringify(v, null, 2);

  function drawState(m) {
    state.get = m.get || {};
    ctx.get = state.get;
    $("state-get").textContent = show(m.get);
    $("state-jason").textContent = show(m.jason);
    $("state-global").textContent = show(m.global);
    $("state-cache").textContent = show(m.cache);
    $("mode").textContent = m.mode;
    $("steps").textContent = m.steps + " actions · " + m.views + (m.views === 1 ? " view" : " views");
    $("pending").textContent = m.pending ? "next: " + m.pending.name + "  " + m.pending.at : "";
    document.body.dataset.mode = m.mode;
  }

  let lastSeq = 0;
  function traceLine(event) {
    // A page that reconnects is sent the recent trace again: keep what it already shows.
    if (typeof event.seq === "number") {
      if (event.seq <= lastSeq) return null;
      lastSeq = event.seq;
    }
    const li = document.createElement("li");
    let line = event.event;
    if (event.event === "start") line = "▶ " + event.origin;
    else if (event.event === "run") line = "  ".repeat(event.depth || 0) + event.name + "  " + event.at;
    else if (event.event === "ok") line = "  ✓ " + event.name + (event.jason !== undefined ? " → " + JSON.stringify(event.jason) : "");
    else if (event.event === "error") { line = "  ✗ " + event.name + " " + JSON.stringify(event.payload); li.className = "error"; }
    else if (event.event === "end") {
      line = "■ end" + (event.failed ? ": " + event.failed : event.abandoned ? ": " + event.abandoned : "");
      if (event.failed) li.className = "error";
    }
    li.textContent = line;
    li.dataset.event = event.event;
    return li;
  }

  // The three panes: what actions printed, the run's warnings and errors, the preview's own notes.
  const PANES = ["output", "warnings", "notes"];
  function output(text, pane = "output") {
    const out = $(pane);
    out.textContent += text + "\n";
    if (out.textContent.length > 20000) out.textContent = out.textContent.slice(-20000);
    out.scrollTop = out.scrollHeight;
  }

  // Overlays ------------------------------------------------------------------------------------
  const overlays = new Map();
  const txt = (v) => Draw.text(v);

  function showOverlay(m) {
    if (overlays.has(m.id)) return;
    if (m.kind === "agent") {
      // Not shown: a call into an agent's frame, answered with what the agent posted.
      overlays.set(m.id, document.createElement("span"));
      return window.PreviewAgents.handle(m, send);
    }
    const o = m.options || {};
    let box;
    if (m.kind === "toast" || m.kind === "banner") {
      box = document.createElement("div");
      box.className = m.kind + (typeof o.type === "string" ? " " + o.type : "");
      box.textContent = m.kind === "toast" ? txt(o.text)
        : [txt(o.title), txt(o.description)].filter((s) => s).join(": ");
      // As on the phone, toasts come one after another rather than on top of each other.
      if (m.kind === "toast") return queueToast(m, box);
      setTimeout(() => closeOverlay(m.id), 4000);
    } else {
      box = dialog(m, o);
    }
    box.dataset.overlay = m.kind;
    box.dataset.id = String(m.id);
    overlays.set(m.id, box);
    $("overlays").appendChild(box);
  }

  const toasts = [];
  function queueToast(m, box) {
    box.dataset.overlay = "toast";
    box.dataset.id = String(m.id);
    overlays.set(m.id, box);
    toasts.push(box);
    if (toasts.length === 1) showNextToast();
  }
  function showNextToast() {
    // A toast closed while it waited (another page, a back) is skipped.
    while (toasts.length && !overlays.has(Number(toasts[0].dataset.id))) toasts.shift();
    const box = toasts[0];
    if (!box) return;
    $("overlays").appendChild(box);
    setTimeout(() => {
      closeOverlay(Number(box.dataset.id));
      toasts.shift();
      showNextToast();
    }, 3000);
  }

  function closeOverlay(id) {
    const box = overlays.get(id);
    if (box) { box.remove(); overlays.delete(id); }
  }

  function button(label, onClick, cls) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.className = cls || "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function dialog(m, o) {
    const modal = document.createElement("div");
    modal.className = "modal";
    const d = document.createElement("div");
    d.className = "dialog";
    d.setAttribute("role", "dialog");
    modal.appendChild(d);
    if (o.title !== undefined) { const h = document.createElement("h2"); h.textContent = txt(o.title); d.appendChild(h); }
    if (o.description !== undefined) { const p = document.createElement("p"); p.textContent = txt(o.description); d.appendChild(p); }
    const answer = (value) => { send({ type: "answer", id: m.id, value }); closeOverlay(m.id); };
    const cancel = () => { send({ type: "answer", id: m.id, cancel: true }); closeOverlay(m.id); };
    const buttons = document.createElement("div");
    buttons.className = "buttons";
    if (m.kind === "alert") {
      const fields = Array.isArray(o.form) ? o.form.filter((f) => f && typeof f.name === "string") : [];
      const inputs = fields.map((f) => {
        const i = document.createElement("input");
        i.className = "textfield";
        i.name = f.name;
        i.type = f.type === "secure" ? "password" : f.type === "hidden" ? "hidden" : "text";
        i.placeholder = txt(f.placeholder);
        i.value = txt(f.value);
        d.appendChild(i);
        return i;
      });
      buttons.appendChild(button("Cancel", cancel, "choice"));
      buttons.appendChild(button("OK", () => {
        const values = {};
        inputs.forEach((i) => { values[i.name] = i.value; });
        answer(fields.length ? values : null);
      }));
    } else if (m.kind === "picker") {
      (Array.isArray(o.items) ? o.items : []).forEach((it, index) =>
        d.appendChild(button(txt(it && it.text), () => answer({ index }), "choice")));
      buttons.appendChild(button("Cancel", cancel, "choice"));
    } else if (m.kind === "datepicker") {
      const i = document.createElement("input");
      i.type = "datetime-local";
      i.className = "textfield";
      // The phone's picker starts at the local time, and what is picked is local time too.
      const now = new Date();
      const pad = (n) => String(n).padStart(2, "0");
      i.value = now.getFullYear() + "-" + pad(now.getMonth() + 1) + "-" + pad(now.getDate()) + "T"
        + pad(now.getHours()) + ":" + pad(now.getMinutes());
      d.appendChild(i);
      buttons.appendChild(button("Cancel", cancel, "choice"));
      buttons.appendChild(button("OK", () => answer(Math.floor(new Date(i.value).getTime() / 1000))));
    } else {
      buttons.appendChild(button("Close", cancel, "choice"));
    }
    d.appendChild(buttons);
    return modal;
  }

  // Taps and controls -------------------------------------------------------------------------------
  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-path]");
    if (target && !event.target.closest("input, textarea")) {
      send({ type: "tap", path: target.dataset.path });
      event.stopPropagation();
    }
    const debug = event.target.closest("[data-debug]");
    if (debug) send({ type: "debug", command: debug.dataset.debug });
  });
  $("back").addEventListener("click", () => send({ type: "back" }));

  connect();
})();
