#!/usr/bin/env bash
# Installs what the build needs, then runs the whole test suite: the Swift tests (unit, conformance, corpus,
# examples, CLI), the Debian package (scripts/package.sh) and the end-to-end tests with real clients in
# Tests/python (scripts/python-tests.sh).
# The tests read ../shared/ (the corpus and conformance cases) beside this checkout.
# JASONRUN_FUZZ_SHORT=1 adds a short run of each fuzz target (scripts/fuzz.sh all 15): opt-in, since the
# sanitized fuzz build takes many minutes when fresh (Docs/Fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --build-tests
scripts/check-c-apis.sh
swift test "$@"
# The Debian package (a release build: several minutes when fresh), which Tests/python/package checks.
JASONRUN_DEB="$(scripts/package.sh .build/package)"
export JASONRUN_DEB
scripts/python-tests.sh
if [[ "${JASONRUN_FUZZ_SHORT:-0}" == 1 ]]; then JASONRUN_FUZZ_FRESH=1 scripts/fuzz.sh all 15; fi
