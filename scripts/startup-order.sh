#!/usr/bin/env bash
# Writes Sources/jasonrun/startup-order.txt: the functions a start runs (`--version`, the hello example,
# `check` of it), in the order valgrind's callgrind first meets them. The release link lays them out
# together (lld's --symbol-ordering-file, Package.swift), so a start touches a few pages of code instead of
# one here and there across 30 MB: the hello example's peak memory goes from 19 to 16 MiB. Names that no
# longer exist are skipped by the linker; run this again after large changes.
# Usage: scripts/startup-order.sh   (needs valgrind; builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "startup-order.sh: valgrind is not installed" >&2; exit 1; }
swift build -c release --static-swift-stdlib --product jasonrun >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug .build/release/jasonrun "$work/jasonrun"   # valgrind cannot read this binary's DWARF
run() { valgrind --tool=callgrind --callgrind-out-file="$work/$1.out" "$work/jasonrun" "${@:2}" >/dev/null 2>&1 || true; }
run version --version
run hello Examples/01-hello/flow.json --no-persist
run check check Examples/01-hello/flow.json
python3 - "$work" > Sources/jasonrun/startup-order.txt <<'PY'
import re, sys
seen, order = set(), []
for name in ("version", "hello", "check"):
    for line in open(f"{sys.argv[1]}/{name}.out"):
        m = re.match(r"^c?fn=\(\d+\) (\S+)$", line)
        # Mangled Swift names and plain C names only: demangled C++ names are not what the linker sees.
        if m and (m.group(1).startswith("$s") or re.fullmatch(r"[A-Za-z_]\w*", m.group(1))) and m.group(1) not in seen:
            seen.add(m.group(1))
            order.append(m.group(1))
print("\n".join(order))
PY
wc -l Sources/jasonrun/startup-order.txt
