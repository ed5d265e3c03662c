#!/usr/bin/env bash
# Runs the end-to-end tests that need a real client (pytest-lsp, Selenium with headless Chromium) against
# the built binary. Installs the PyPI packages of Tests/python/requirements.txt into .build-venv.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3 python3-venv >&2
fi
[[ -x .build-venv/bin/python ]] || python3 -m venv .build-venv
.build-venv/bin/python -m pip install -q --disable-pip-version-check -r Tests/python/requirements.txt >&2

swift build --product jasonrun >&2
JASONRUN_BIN="$(swift build --show-bin-path)/jasonrun"
export JASONRUN_BIN
exec .build-venv/bin/python -m pytest -q Tests/python "$@"
