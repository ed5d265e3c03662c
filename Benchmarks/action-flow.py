#!/usr/bin/env python3
"""Writes an action-heavy flow for `lsp_edits.py`: N entries in head.actions, each an action whose options
hold a `{{ }}` template and a label, and whose success branch triggers the next entry (the last one
triggers none). About ten lines an action: 5,000 actions make about 50,000 lines.

    Benchmarks/action-flow.py [N] > flow.json
"""
import json
import sys


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    actions = {}
    for i in range(count):
        action = {"type": "$set",
                  "options": {"n%d" % i: "{{($get.n%d || 0) + %d}}" % (max(i - 1, 0), i),
                              "label": "step %d" % i}}
        if i + 1 < count:
            action["success"] = {"trigger": "a%d" % (i + 1), "options": {"from": "{{$jason}}"}}
        actions["a%d" % i] = action
    actions["$load"] = {"trigger": "a0"}
    print(json.dumps({"$jason": {"head": {"title": "actions", "actions": actions}}}, indent=2))


main()
