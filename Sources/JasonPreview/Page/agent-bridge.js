// The phone's $agent bridge inside an agent's frame (a sandboxed iframe of the preview's page, with an
// origin of its own): what the agent posts goes to the page, which hands it to the run; calls and
// injected code come the other way. The server writes this first into every agent's page.
(function () {
  "use strict";
  var lastNonce = 0;
  function post(message) {
    var copy;
    try { copy = JSON.parse(JSON.stringify(message === undefined ? null : message)); }
    catch (e) { copy = { console: { level: "error", text: "a message that is not JSON was dropped: " + e } }; }
    parent.postMessage({ jasonrunAgent: copy }, "*");
  }
  function describe(value) {
    if (typeof value === "string") return value;
    try { return JSON.stringify(value); } catch (e) { return String(value); }
  }
  // Given to the page as $agent once its scripts have run (before its DOMContentLoaded and load
  // handlers), as the phone injects the bridge after the page has loaded.
  var bridge = {
    callbacks: {},
    interface: { postMessage: post },
    request: function (rpc, callback) {
      var nonce = "n" + (++lastNonce);
      bridge.callbacks[nonce] = function (data) {
        delete bridge.callbacks[nonce];
        if (typeof callback === "function") callback(data);
      };
      post({ request: { data: rpc, nonce: nonce } });
    },
    response: function (data) { post({ response: { data: data } }); },
    trigger: function (name, options) { post({ trigger: { name: name, data: options } }); },
    href: function (href) { post({ href: { data: href } }); }
  };
  document.addEventListener("DOMContentLoaded", function () { window.$agent = bridge; });
  ["log", "info", "warn", "error", "debug"].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      post({ console: { level: level, text: Array.prototype.map.call(arguments, describe).join(" ") } });
      return original.apply(console, arguments);
    };
  });
  window.addEventListener("error", function (event) {
    var text = event.message || "error";
    if (/\$agent/.test(text) && window.$agent === undefined) {
      text += "; $agent exists after the page has loaded: call it from a function or an onload handler";
    }
    post({ console: { level: "error", text: "uncaught " + text } });
  });
  window.addEventListener("message", function (event) {
    if (event.source !== parent || !event.data || typeof event.data !== "object") return;
    var data = event.data;
    try {
      if (data.jasonrunCall && typeof data.jasonrunCall.method === "string") {
        // As the phone builds it: METHOD.apply(this, PARAMS), METHOD being any expression naming a function.
        var method = (0, eval)(data.jasonrunCall.method);
        method.apply(window, Array.isArray(data.jasonrunCall.params) ? data.jasonrunCall.params : []);
      } else if (typeof data.jasonrunInject === "string") {
        (0, eval)(data.jasonrunInject);
        post({ injected: true });
      }
    } catch (e) {
      post({ error: e && e.name ? e.name + ": " + e.message : String(e) });
    }
  });
  window.addEventListener("load", function () { post({ ready: true }); });
})();
