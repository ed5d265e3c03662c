#!/usr/bin/env bash
# Installs the Debian packages the build needs (listed in scripts/apt-packages.txt), using sudo when not
# root, then builds. Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
while read -r pkg; do
  [[ -z "$pkg" || "$pkg" == \#* ]] && continue
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done < scripts/apt-packages.txt

if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  echo "setup: packages: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
else
  echo "setup: packages: all there" >&2
fi
echo "setup: build: swift build $* (a first build compiles every dependency: several minutes on 2 cores)" >&2

# SwiftPM can crash on its own (a continuation resumed twice in AsyncProcess, seen under load); the
# build it leaves behind is sound, so one more run finishes it.
swift build "$@" >&2 || { echo "setup: swift build failed; trying once more" >&2; swift build "$@" >&2; }
