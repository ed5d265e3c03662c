#!/usr/bin/env bash
# Builds jasonrun (installing what it needs) and runs an example flow: scripts/example.sh [FLOW] [OPTIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
flow="${1:-Examples/01-hello/flow.json}"
[[ $# -gt 0 ]] && shift
exec .build/debug/jasonrun "$flow" "$@"
