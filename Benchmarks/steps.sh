#!/usr/bin/env bash
# On-demand benchmark of the step machine, whole process: a trigger loop whose condition and option are
# JavaScript ({{#if $get.n < N}}, {{$get.n + 1}}), run in batch (actions per second, peak memory) and
# under the REPL (the default history of 100,000 steps, and snapshots of every step kept), then `back` over that run (time per step back).
# Usage: Benchmarks/steps.sh [STEPS] [JASONRUN]   (default 100000 and .build/release/jasonrun)
set -euo pipefail
cd "$(dirname "$0")/.."
steps="${1:-100000}"
bin="${2:-.build/release/jasonrun}"
[[ -x "$bin" ]] || swift build -c release --static-swift-stdlib --product jasonrun >&2
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
Benchmarks/loop-flow.sh "$steps" '{{$get.n + 1}}' > "$dir/loop.json"
measure() { # label, then the command; prints seconds and peak resident MB
  local label="$1"; shift
  /usr/bin/time -f "%e %M" -o "$dir/time" "$@" > "$dir/out" 2>&1 < "${input:-/dev/null}" || true
  read -r seconds kb < "$dir/time"
  printf '%-34s %8.3f s %8.1f MB\n' "$label" "$seconds" "$(echo "$kb / 1024" | bc -l)"
  echo "$seconds"  > "$dir/last"
}
actions=$((steps * 2 + 3))   # each round: $set and trigger; and $load's $set, its trigger and the toast
measure "batch, $actions actions" "$bin" "$dir/loop.json" --no-persist --max-steps 0
batch=$(cat "$dir/last")
printf '  %.0f actions per second\n' "$(echo "$actions / $batch" | bc -l)"
printf 'run\nquit\n' > "$dir/run.txt"
input="$dir/run.txt" measure "REPL run (last 100,000 steps kept)" "$bin" repl "$dir/loop.json" --offline
input="$dir/run.txt" measure "REPL run (a snapshot per action)" "$bin" repl "$dir/loop.json" --offline --step-history 0
base=$(cat "$dir/last")
{ echo run; for _ in $(seq 1000); do echo back; done; echo "p \$get.n"; echo quit; } > "$dir/back.txt"
input="$dir/back.txt" measure "REPL run, then back 1000 times" "$bin" repl "$dir/loop.json" --offline --step-history 0
printf '  %.3f ms per back\n' "$(echo "($(cat "$dir/last") - $base) * 1000 / 1000" | bc -l)"
{ echo run; echo "back $actions"; echo "p \$get.n"; echo quit; } > "$dir/far.txt"
input="$dir/far.txt" measure "REPL run, then back to the start" "$bin" repl "$dir/loop.json" --offline --step-history 0
{ echo "break \$util.toast"; echo run; echo "break \$load"; echo rc; echo "p \$get.n"; echo quit; } > "$dir/rc.txt"
input="$dir/rc.txt" measure "REPL run, then reverse-continue to \$load" "$bin" repl "$dir/loop.json" --offline --step-history 0
grep -E '^(undefined|[0-9]+)$' "$dir/out" | tail -1 | sed 's/^/  $get.n at the start: /'
