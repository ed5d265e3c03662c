"""A small Debug Adapter Protocol client over a subprocess's stdio, for the `jasonrun dap` tests.

Every message sent and received is validated with jsonschema against the official protocol schema
(../shared/protocols/dap/debugAdapterProtocol.json, beside the checkout): requests, responses and
events against the definition of their command or event (`StackTraceResponse`, `StoppedEvent`…),
failed responses against `ErrorResponse`."""
import json
import pathlib
import queue
import subprocess
import threading

import jsonschema

REPO = pathlib.Path(__file__).resolve().parents[3]
SCHEMA_PATH = REPO.parent / "shared" / "protocols" / "dap" / "debugAdapterProtocol.json"
SCHEMA = json.loads(SCHEMA_PATH.read_text())
DEFINITIONS = SCHEMA["definitions"]
WAIT = 60  # seconds a message may take to arrive (a generous bound for a loaded machine; no test sleeps)


def definition(message: dict) -> str:
    """The schema definition a message must satisfy."""
    kind = message["type"]
    if kind == "request":
        name = message["command"][0].upper() + message["command"][1:] + "Request"
        return name if name in DEFINITIONS else "Request"
    if kind == "response":
        if not message["success"]:
            return "ErrorResponse"
        name = message["command"][0].upper() + message["command"][1:] + "Response"
        return name if name in DEFINITIONS else "Response"
    name = message["event"][0].upper() + message["event"][1:] + "Event"
    return name if name in DEFINITIONS else "Event"


def validate(message: dict) -> str:
    name = definition(message)
    schema = {"$ref": f"#/definitions/{name}", "definitions": DEFINITIONS}
    jsonschema.Draft4Validator(schema).validate(message)
    return name


class DAPClient:
    def __init__(self, binary: str, cwd: str | None = None):
        self.process = subprocess.Popen([binary, "dap"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, cwd=cwd)
        self.seq = 0
        self.inbox: queue.Queue = queue.Queue()
        self.received: list[dict] = []
        self.validated: list[str] = []
        self.pending: list[dict] = []  # read but not yet asked for
        threading.Thread(target=self._read, daemon=True).start()

    # -- wire

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.strip()
                if not line:
                    if length is not None:
                        break
                    continue
                name, _, value = line.decode().partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            body = stream.read(length)
            self.inbox.put(json.loads(body))

    def send(self, command: str, arguments: dict | None = None) -> int:
        self.seq += 1
        message = {"seq": self.seq, "type": "request", "command": command}
        if arguments is not None:
            message["arguments"] = arguments
        self.validated.append(validate(message))
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return self.seq

    def _next(self) -> dict:
        message = self.inbox.get(timeout=WAIT)
        assert message is not None, "the adapter closed its output: " + self.stderr()
        self.validated.append(validate(message))
        self.received.append(message)
        return message

    def _take(self, match) -> dict:
        for i, message in enumerate(self.pending):
            if match(message):
                return self.pending.pop(i)
        while True:
            message = self._next()
            if match(message):
                return message
            self.pending.append(message)

    # -- conversation

    def response(self, seq: int) -> dict:
        return self._take(lambda m: m["type"] == "response" and m["request_seq"] == seq)

    def request(self, command: str, arguments: dict | None = None) -> dict:
        return self.response(self.send(command, arguments))

    def ok(self, command: str, arguments: dict | None = None) -> dict:
        reply = self.request(command, arguments)
        assert reply["success"], reply
        return reply.get("body", {})

    def event(self, name: str) -> dict:
        return self._take(lambda m: m["type"] == "event" and m["event"] == name)

    def events(self, name: str) -> list[dict]:
        """The events of that name received so far (or waiting), without waiting for more."""
        return [m for m in self.received if m["type"] == "event" and m["event"] == name]

    def output(self) -> str:
        return "".join(m["body"]["output"] for m in self.events("output"))

    # -- sessions

    def start(self, program: str, breakpoints: dict[str, list[dict]] | None = None,
              functions: list[dict] | None = None, exceptions: list[str] | None = None,
              send_exceptions: bool = True, **launch) -> dict:
        """initialize, launch, the breakpoints, configurationDone; the setBreakpoints answers by file."""
        capabilities = self.ok("initialize", {"adapterID": "jasonrun", "clientID": "pytest",
                                              "linesStartAt1": True, "columnsStartAt1": True,
                                              "pathFormat": "path"})
        assert capabilities["supportsStepBack"]
        self.ok("launch", {"program": program, "offline": True, **launch})
        self.event("initialized")
        answers = {}
        for path, lines in (breakpoints or {}).items():
            answers[path] = self.ok("setBreakpoints", {"source": {"path": path}, "breakpoints": lines})["breakpoints"]
        if functions is not None:
            answers["functions"] = self.ok("setFunctionBreakpoints", {"breakpoints": functions})["breakpoints"]
        if send_exceptions:  # dap-mode sends it only when line breakpoints exist
            self.ok("setExceptionBreakpoints", {"filters": exceptions or []})
        self.ok("configurationDone")
        return answers

    def stopped(self) -> dict:
        return self.event("stopped")["body"]

    def frames(self) -> list[dict]:
        return self.ok("stackTrace", {"threadId": 1})["stackFrames"]

    def top_line(self) -> int:
        return self.frames()[0]["line"]

    def scopes(self, frame_id: int) -> dict[str, int]:
        return {s["name"]: s["variablesReference"] for s in self.ok("scopes", {"frameId": frame_id})["scopes"]}

    def variables(self, reference: int) -> dict[str, dict]:
        return {v["name"]: v for v in self.ok("variables", {"variablesReference": reference})["variables"]}

    def exit_code(self) -> int:
        code = self.event("exited")["body"]["exitCode"]
        self.event("terminated")
        return code

    def close(self) -> int:
        if self.process.poll() is None:
            self.ok("disconnect", {})
        return self.process.wait(timeout=WAIT)

    def stderr(self) -> str:
        if self.process.poll() is None:
            return ""
        return self.process.stderr.read().decode(errors="replace")
