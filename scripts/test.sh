#!/usr/bin/env bash
# Installs what the build needs, then runs the whole test suite (unit, conformance, corpus, examples, CLI).
# The tests read ../shared/ (the corpus and conformance cases) beside this checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --build-tests
swift test "$@"
