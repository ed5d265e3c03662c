import JasonJSON

/// What an agent's context holds before its page's scripts run: the bridge the phone injects (`$agent`
/// with `request`, `response`, `trigger` and `href`, each posting a message to the host), and the little
/// of a browser that scripts which only define functions expect. Anything else of the DOM throws an
/// error that names what was touched, so the `$agent.*` action can say why it failed.
///
/// Messages wait in an outbox the host empties after each call (`__jasonrun.take()`); timers run when
/// the host lets them (`__jasonrun.tick()`), in order, without waiting.
enum AgentPrelude {
    static func source(url: String) -> String {
        let quotedURL = JSONPrinter.compact(.string(url))
        return #"""
        (function (global) {
          var outbox = [], timers = [], cancelled = {}, loaded = [], lastTimer = 0, lastNonce = 0;
          function missing(what) {
            var error = new Error(what + " is not available: agents run without a browser in the terminal (no DOM)");
            error.name = "MissingInTerminal";
            throw error;
          }
          function post(message) {
            if (outbox.length >= 10000) throw new Error("the agent posted more than 10000 messages in one call");
            outbox.push(JSON.parse(JSON.stringify(message === undefined ? null : message)));
          }
          function later(fn, args) {
            if (typeof fn !== "function") return 0;
            var id = ++lastTimer;
            timers.push({ id: id, run: function () { fn.apply(global, args); } });
            return id;
          }
          function strict(name, known) {
            return new Proxy(known, {
              get: function (target, key) {
                if (key in target || typeof key === "symbol") return target[key];
                missing(name + "." + String(key));
              },
              set: function (target, key, value) { target[key] = value; return true; }
            });
          }
          function listen(type, fn) { if (type === "load" || type === "DOMContentLoaded") loaded.push(fn); }
          function say(level) {
            return function () {
              var parts = [];
              for (var i = 0; i < arguments.length; i++) {
                var a = arguments[i];
                parts.push(typeof a === "string" ? a : (function () { try { return JSON.stringify(a); } catch (e) { return String(a); } })());
              }
              outbox.push({ console: { level: level, text: parts.join(" ") } });
            };
          }
          global.window = global;
          global.self = global;
          global.top = global;
          global.parent = global;
          global.location = { href: \#(quotedURL), toString: function () { return this.href; } };
          global.navigator = { userAgent: "jasonrun agent", language: "en", onLine: false };
          global.document = strict("document", {
            readyState: "complete", title: "", cookie: "", referrer: "",
            addEventListener: listen, removeEventListener: function () {}
          });
          global.addEventListener = listen;
          global.removeEventListener = function () {};
          global.console = { log: say("log"), info: say("info"), warn: say("warn"), error: say("error"), debug: say("debug") };
          global.setTimeout = function (fn) { return later(fn, Array.prototype.slice.call(arguments, 2)); };
          global.setImmediate = global.setTimeout;
          global.requestAnimationFrame = function (fn) { return later(fn, [0]); };
          global.clearTimeout = function (id) { cancelled[id] = true; };
          global.cancelAnimationFrame = global.clearTimeout;
          global.setInterval = function () { return 0; };
          global.clearInterval = function () {};
          global.alert = function (text) { outbox.push({ console: { level: "alert", text: String(text) } }); };
          global.XMLHttpRequest = function () { missing("XMLHttpRequest"); };
          global.fetch = function () { missing("fetch"); };
          global.WebSocket = function () { missing("WebSocket"); };
          global.localStorage = strict("localStorage", {});
          // Given to the page as $agent once its scripts have run, as the phone injects it after the load.
          var bridge = {
            callbacks: {},
            interface: { postMessage: post },
            request: function (rpc, callback) {
              var nonce = "n" + (++lastNonce);
              bridge.callbacks[nonce] = function (data) {
                delete bridge.callbacks[nonce];
                if (typeof callback === "function") callback(data);
              };
              bridge.interface.postMessage({ request: { data: rpc, nonce: nonce } });
            },
            response: function (data) { bridge.interface.postMessage({ response: { data: data } }); },
            trigger: function (name, options) { bridge.interface.postMessage({ trigger: { name: name, data: options } }); },
            href: function (href) { bridge.interface.postMessage({ href: { data: href } }); }
          };
          Object.defineProperty(global, "__jasonrun", { enumerable: false, value: {
            take: function () { return outbox.splice(0, outbox.length); },
            ready: function () {
              global.$agent = bridge;
              var waiting = loaded.splice(0, loaded.length);
              for (var i = 0; i < waiting.length; i++) waiting[i].call(global, { type: "DOMContentLoaded" });
            },
            tick: function () {
              var due = timers.splice(0, timers.length);
              for (var i = 0; i < due.length; i++) if (!cancelled[due[i].id]) due[i].run();
              return due.length;
            }
          }});
        })(this);
        """#
    }
}
