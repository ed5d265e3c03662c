#!/usr/bin/env bash
# Builds jasonrun (installing what it needs) and runs an example flow: scripts/example.sh [FLOW] [OPTIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
# Only the jasonrun product is built: the tests and the other targets wait for scripts/test.sh.
scripts/setup.sh --product jasonrun
flow="${1:-Examples/01-hello/flow.json}"
[[ $# -gt 0 ]] && shift
echo "example: run: jasonrun $flow $*" >&2
exec .build/debug/jasonrun "$flow" "$@"
