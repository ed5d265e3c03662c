// Agents (head.agents) as the phone runs them, each in a hidden web view: here a sandboxed iframe with
// scripts only (an origin of its own: it cannot reach this page, its token or its socket). The server
// serves each agent's page with its scripts written in and agent-bridge.js first; the run's calls come
// as "agent" overlays, and what the agent posts goes back as the overlay's answer.
"use strict";

window.PreviewAgents = (() => {
  const frames = new Map();  // the frame's path → {iframe, posted, ready, listener}

  window.addEventListener("message", (event) => {
    for (const frame of frames.values()) {
      if (event.source !== frame.iframe.contentWindow) continue;
      const message = event.data && event.data.jasonrunAgent;
      if (message && typeof message === "object") frame.receive(message);
      return;
    }
  });

  function open(path) {
    let frame = frames.get(path);
    if (frame) return frame;
    const iframe = document.createElement("iframe");
    iframe.setAttribute("sandbox", "allow-scripts");
    iframe.className = "agent-frame";
    iframe.title = "agent";
    frame = { iframe, posted: [], isReady: false, waiters: [], listener: null };
    frame.receive = (message) => {
      if (message.ready) {
        frame.isReady = true;
        frame.waiters.splice(0).forEach((wake) => wake());
        return;
      }
      frame.posted.push(message);
      if (frame.listener) frame.listener();
    };
    iframe.src = path;
    document.getElementById("agents").appendChild(iframe);
    frames.set(path, frame);
    return frame;
  }

  function close(path) {
    const frame = frames.get(path);
    if (frame) { frame.iframe.remove(); frames.delete(path); }
  }

  function loaded(frame, ms) {
    if (frame.isReady) return Promise.resolve(true);
    return new Promise((resolve) => {
      frame.waiters.push(() => resolve(true));
      setTimeout(() => resolve(frame.isReady), ms);
    });
  }

  // A call is over once the agent answers, asks another agent, throws, or is quiet for `wait` seconds.
  const settles = (m) => m.response !== undefined || m.request !== undefined || m.error !== undefined || m.injected;

  async function handle(m, send) {
    const o = m.options || {};
    const answer = (value) => send({ type: "answer", id: m.id, value });
    if (typeof o.frame !== "string" || !o.frame.startsWith("/agent-frame/")) return answer({ error: "no frame to run in" });
    if (o.op === "clear") { close(o.frame); return answer({ messages: [] }); }
    const frame = open(o.frame);
    if (!(await loaded(frame, 10000))) return answer({ error: "its page did not load within 10 s" });
    const wait = Math.min(Math.max(Number(o.wait) || 10, 1), 60) * 1000;
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, wait);
      frame.listener = () => { if (frame.posted.some(settles)) { clearTimeout(timer); resolve(); } };
      frame.iframe.contentWindow.postMessage(o.op === "inject" ? { jasonrunInject: String(o.code || "") }
        : { jasonrunCall: { method: String(o.method || ""), params: Array.isArray(o.params) ? o.params : [] } }, "*");
    });
    frame.listener = null;
    answer({ messages: frame.posted.splice(0) });
  }

  return { handle, frames };
})();
