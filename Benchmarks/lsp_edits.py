#!/usr/bin/env python3
"""Edit → diagnostics latency of `jasonrun lsp` on a large flow: opens the document, then makes EDITS
one-character edits (typing into a label, as a user does, one change per message), waiting for the
publishDiagnostics of each version before the next. Prints the median and the 90th percentile. With
`name`, the edits go into the last action's name instead (the action before it calls it by that name).

    Benchmarks/lsp_edits.py JASONRUN FLOW.json [EDITS] [label|name]
"""
import json
import statistics
import subprocess
import sys
import time


def send(process, message):
    body = json.dumps(message).encode()
    process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    process.stdin.flush()


def receive(process):
    length = 0
    while True:
        line = process.stdout.readline()
        if line in (b"\r\n", b"\n"):
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(process.stdout.read(length))


def main():
    binary, path = sys.argv[1], sys.argv[2]
    edits = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    where = sys.argv[4] if len(sys.argv) > 4 else "label"
    text = open(path).read()
    lines = text.split("\n")
    if where == "name":
        # The key of the last entry of head.actions before "$load": the column before its closing quote.
        target = max(i for i, line in enumerate(lines) if line.strip().startswith('"a') and line.rstrip().endswith("{"))
        column = lines[target].index('":')
    else:
        # The string of the last "label" line: its line and the column before the quote.
        target = max(i for i, line in enumerate(lines) if '"label"' in line)
        column = len(lines[target].rstrip().rstrip(",")) - 1
    uri = "file://" + path
    process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    send(process, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    receive(process)
    send(process, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    start = time.monotonic()
    send(process, {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                   "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}})
    while receive(process).get("method") != "textDocument/publishDiagnostics":
        pass
    opened = time.monotonic() - start
    latencies = []
    for version in range(2, edits + 2):
        character = column + version - 2
        change = {"range": {"start": {"line": target, "character": character},
                            "end": {"line": target, "character": character}}, "text": "x"}
        start = time.monotonic()
        send(process, {"jsonrpc": "2.0", "method": "textDocument/didChange",
                       "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
        while True:
            message = receive(process)
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"].get("version") == version:
                break
        latencies.append(time.monotonic() - start)
    send(process, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    receive(process)
    send(process, {"jsonrpc": "2.0", "method": "exit"})
    process.wait(timeout=30)
    latencies.sort()
    print(f"{len(text.splitlines())} lines, {len(text.encode())} bytes: open {opened * 1000:.0f} ms; "
          f"edit → diagnostics median {statistics.median(latencies) * 1000:.1f} ms, "
          f"p90 {latencies[int(len(latencies) * 0.9)] * 1000:.1f} ms over {len(latencies)} edits")


if __name__ == "__main__":
    main()
