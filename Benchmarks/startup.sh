#!/usr/bin/env bash
# On-demand benchmark of what a run costs before and around the flow itself, whole process, medians of RUNS
# runs (wall time from the parent, peak resident memory from wait4; Benchmarks/measure.py):
#   - start-up: `--version`, the hello example (no JavaScript needed), a flow with one expression only
#     JavaScriptCore answers, and one with 50 different such expressions (each compiled once); beside them,
#     node starting and running st.js on the same templates;
#   - the engine-bound loop: a trigger loop whose option only JavaScriptCore answers
#     ({{[$get.n].map(function(x){return x + 1;})[0]}}), ROUNDS rounds of two actions each, and beside
#     it node + st.js rendering that option ROUNDS times, each time with the data the loop would give.
# Usage: Benchmarks/startup.sh [RUNS] [ROUNDS] [JASONRUN]   (default 15, 100000, .build/release/jasonrun)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-15}"
rounds="${2:-100000}"
bin="${3:-.build/release/jasonrun}"
shared="$(cd "${SHARED:-../shared}" && pwd)"   # absolute: node resolves require() from the script's folder
[[ -x "$bin" ]] || swift build -c release --static-swift-stdlib --product jasonrun >&2
command -v node >/dev/null || { echo "startup.sh: node is not installed" >&2; exit 1; }
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
measure=Benchmarks/measure.py
option='{{[$get.n].map(function(x){return x + 1;})[0]}}'

cat > "$dir/one.json" <<JSON
{"\$jason": {"head": {"actions": {"\$load": {"type": "\$util.toast",
  "options": {"text": "{{[1, 2, 3].map(function (x) { return x * 2; }).join(', ')}}"}}}}}}
JSON
# 50 options, each a different expression only JavaScriptCore answers.
many=$(for i in $(seq 0 49); do printf '"k%d": "{{[%d].map(function (x) { return x * 2; })[0]}}", ' "$i" "$i"; done)
many=${many%, }
cat > "$dir/many.json" <<JSON
{"\$jason": {"head": {"actions": {"\$load": {"type": "\$set", "options": {$many},
  "success": {"type": "\$util.toast", "options": {"text": "{{\$get.k49}}"}}}}}}}
JSON
Benchmarks/loop-flow.sh "$rounds" "$option" > "$dir/loop.json"
"$bin" "$dir/loop.json" --no-persist --max-steps 0 | grep -q "done $rounds" || { echo "startup.sh: the loop did not finish" >&2; exit 1; }

printf '%-44s %12s %12s\n' "" "median time" "peak memory"
"$measure" "$runs" "jasonrun --version" -- "$bin" --version
"$measure" "$runs" "jasonrun hello (Swift answers every {{ }})" -- "$bin" Examples/01-hello/flow.json --no-persist
# Every form of the command takes the same path (RunArguments): each within a few percent of the above.
"$measure" "$runs" "jasonrun --no-persist hello" -- "$bin" --no-persist Examples/01-hello/flow.json
"$measure" "$runs" "jasonrun run hello" -- "$bin" run Examples/01-hello/flow.json --no-persist
# The floor: a static Swift + Foundation program that prints one line.
if [[ ! -x "$dir/floor/floor" ]]; then
  mkdir -p "$dir/floor"
  printf 'import Foundation\nprint("Hello, " + ProcessInfo.processInfo.processName)\n' > "$dir/floor/main.swift"
  swiftc -O -static-stdlib "$dir/floor/main.swift" -o "$dir/floor/floor" 2>/dev/null || true
fi
[[ -x "$dir/floor/floor" ]] && "$measure" "$runs" "floor: static Swift + Foundation, one print" -- "$dir/floor/floor"
"$measure" "$runs" "jasonrun one JavaScript {{ }}" -- "$bin" "$dir/one.json" --no-persist
"$measure" "$runs" "jasonrun 50 different JavaScript {{ }}" -- "$bin" "$dir/many.json" --no-persist
"$measure" "$runs" "node + st.js, a path template" -- node Benchmarks/peer.js "$shared/peers/st.js" hello
"$measure" "$runs" "node + st.js, one JavaScript {{ }}" -- node Benchmarks/peer.js "$shared/peers/st.js" one
"$measure" "$runs" "node + st.js, 50 different JavaScript {{ }}" -- node Benchmarks/peer.js "$shared/peers/st.js" many
loops=$(( runs < 5 ? runs : 5 ))
actions=$(( rounds * 2 + 3 ))
line=$("$measure" "$loops" "jasonrun engine-bound loop, $actions actions" -- "$bin" "$dir/loop.json" --no-persist --max-steps 0)
echo "$line"
ms=$(awk '{print $(NF-3)}' <<<"$line")
printf '  %.0f actions per second\n' "$(echo "$actions * 1000 / $ms" | bc -l)"
"$measure" "$loops" "node + st.js, the option rendered $rounds times" -- node Benchmarks/peer.js "$shared/peers/st.js" loop "$rounds" "$option"
