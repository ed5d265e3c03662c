#!/usr/bin/env bash
# On-demand: instructions per round of the engine-bound loop (the one of startup.sh: {{#if $get.n < N}},
# then a $set whose option only JavaScriptCore answers), counted by callgrind, for each binary given and
# for node + st.js rendering the same option. Wall times on these machines move by up to half between
# runs of the same binary; instruction counts move by a few hundred a round (what runs on its own
# schedule is counted too: JavaScriptCore's collector, the script watch's thread), and each binary's count
# is split by where it runs: the program's own binary, JavaScriptCore, the C library, and the rest.
# A round is counted as the difference between runs of SMALL and LARGE rounds, divided by their gap:
# what starting up costs cancels out.
# Usage: Benchmarks/loop-instructions.sh [JASONRUN...]   (default .build/release/jasonrun; several are
#        compared in one run: the counts move with what else the machine is doing)
#        SMALL and LARGE in the environment (default 1000 and 10000).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "loop-instructions.sh: valgrind is not installed (apt install valgrind)" >&2; exit 1; }
command -v node >/dev/null || { echo "loop-instructions.sh: node is not installed" >&2; exit 1; }
small="${SMALL:-1000}"
large="${LARGE:-10000}"
(( large > small )) || { echo "loop-instructions.sh: LARGE must be more than SMALL" >&2; exit 1; }
[[ $# -gt 0 ]] || set -- .build/release/jasonrun
[[ -x "$1" ]] || swift build -c release --static-swift-stdlib --product jasonrun >&2
shared="$(cd "${SHARED:-../shared}" && pwd)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
option='{{[$get.n].map(function(x){return x + 1;})[0]}}'
for rounds in "$small" "$large"; do Benchmarks/loop-flow.sh "$rounds" "$option" > "$dir/loop$rounds.json"; done

# Self instructions by object file, as "object count" lines, from one callgrind output.
by_object() {
  callgrind_annotate --inclusive=no --threshold=100 "$1" 2>/dev/null |
    sed -nE 's/^ *([0-9,]+) +\([^)]*\) +.* \[([^]]+)\]$/\2 \1/p' | tr -d , |
    awk '{ n = split($1, part, "/"); sum[part[n]] += $2 } END { for (o in sum) print o, sum[o] }'
}

# Runs one command under callgrind at both sizes; prints the per-round split. $1: label, $2: the file
# name of the program's own binary, then the command with ROUNDS where the size goes.
count() {
  local label="$1" own="$2"; shift 2
  for rounds in "$small" "$large"; do
    local command=("${@//ROUNDS/$rounds}")
    valgrind --tool=callgrind --callgrind-out-file="$dir/cg$rounds" "${command[@]}" >"$dir/out" 2>/dev/null
    grep -q "done $rounds" "$dir/out" || { echo "loop-instructions.sh: $label did not finish the loop" >&2; exit 1; }
    by_object "$dir/cg$rounds" > "$dir/objects$rounds"
  done
  awk -v label="$label" -v own="$own" -v gap=$(( large - small )) '
    FNR == NR { before[$1] = $2; next }
    { d = ($2 - before[$1]) / gap
      if ($1 == own) k = own; else if ($1 ~ /^libjavascriptcoregtk/) k = "JavaScriptCore"
      else if ($1 ~ /^libc\./) k = "C library"; else k = "the rest"
      part[k] += d; total += d }
    END { printf "%-44s %8.0f a round: %s %.0f, JavaScriptCore %.0f, C library %.0f, the rest %.0f\n",
                 label, total, own, part[own], part["JavaScriptCore"], part["C library"], part["the rest"] }
  ' "$dir/objects$small" "$dir/objects$large"
}

for bin in "$@"; do
  # A copy without debug sections: callgrind reads them at start, which costs minutes on ours.
  cp "$bin" "$dir/jasonrun" && objcopy --strip-debug "$dir/jasonrun"
  # Under callgrind one call may pass the usual 1 s limit; the limit is not what is measured here.
  count "jasonrun ($bin)" jasonrun "$dir/jasonrun" "$dir/loopROUNDS.json" --no-persist --max-steps 0 --js-time 1000
done
count "node + st.js, the option rendered" node node Benchmarks/peer.js "$shared/peers/st.js" loop ROUNDS "$option"
