#!/usr/bin/env bash
# Prints the benchmarks' trigger loop: ROUNDS rounds of a `$set` of n to OPTION (a template reading
# $get.n), each chosen by {{#if $get.n < ROUNDS}}; the last action toasts "done ROUNDS".
# Usage: Benchmarks/loop-flow.sh ROUNDS OPTION
set -euo pipefail
rounds="$1"
option="$2"
cat <<JSON
{"\$jason": {"head": {"actions": {
  "\$load": {"type": "\$set", "options": {"n": 0}, "success": {"trigger": "loop"}},
  "loop": [{"{{#if \$get.n < $rounds}}": {"type": "\$set", "options": {"n": "$option"}, "success": {"trigger": "loop"}}},
           {"{{#else}}": {"type": "\$util.toast", "options": {"text": "done {{\$get.n}}"}}}]}}}}
JSON
