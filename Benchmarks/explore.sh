#!/usr/bin/env bash
# On-demand benchmark of `jasonrun explore`, whole process, medians of RUNS runs (Benchmarks/measure.py):
#   - a flow of N independent requests, each answer kept in $get so no two paths meet (2^N paths), for
#     N = 10 (1,024 paths: the goal is under 2 s) and N = 12 (4,096 paths: memory should stay as it is,
#     since it grows with the depth of the forks, not the number of paths);
#   - a flow of 20 such requests cut at 1,024 paths (deeper forks, as many paths: memory grows with depth);
#   - beside them, the baseline of following the same 1,024 paths by re-running the flow from its start:
#     `jasonrun test` on the 1,024 cases `--write-tests` wrote, and one plain run of the flow.
# Usage: Benchmarks/explore.sh [RUNS] [JASONRUN]   (default 5, .build/release/jasonrun)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
bin="${2:-.build/release/jasonrun}"
[[ -x "$bin" ]] || swift build -c release --static-swift-stdlib --product jasonrun >&2
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
measure=Benchmarks/measure.py

# N requests in a row; each success keeps its answer in $get, each failure goes on too.
flow() {
    local n=$1 actions=""
    for i in $(seq 0 $((n - 1))); do
        actions+="\"s$i\": {\"type\": \"\$network.request\", \"options\": {\"url\": \"https://api.example/$i\"},
          \"success\": {\"type\": \"\$set\", \"options\": {\"r$i\": \"ok\"}, \"success\": {\"trigger\": \"s$((i + 1))\"}},
          \"error\": {\"trigger\": \"s$((i + 1))\"}}, "
    done
    printf '{"$jason": {"head": {"actions": {"$load": {"trigger": "s0"}, %s "s%d": {"type": "$util.toast", "options": {"text": "end"}}}}}}\n' \
        "$actions" "$n"
}
flow 10 > "$dir/ten.json"
flow 12 > "$dir/twelve.json"
flow 20 > "$dir/twenty.json"
"$bin" explore "$dir/ten.json" --max-paths 2000 | grep -q "1024 paths" || { echo "explore.sh: expected 1024 paths" >&2; exit 1; }
"$bin" explore "$dir/ten.json" --max-paths 2000 --write-tests "$dir/ten.test.json" >/dev/null

printf '%-52s %12s %12s\n' "" "median time" "peak memory"
"$measure" "$runs" "explore 10 requests: 1,024 paths" -- "$bin" explore "$dir/ten.json" --max-paths 2000
"$measure" "$runs" "explore 12 requests: 4,096 paths" -- "$bin" explore "$dir/twelve.json" --max-paths 5000
"$measure" "$runs" "explore 20 requests, cut at 1,024 paths" -- "$bin" explore "$dir/twenty.json" --max-paths 1024
"$measure" "$runs" "baseline: jasonrun test, the 1,024 paths re-run" -- "$bin" test "$dir/ten.test.json"
"$measure" "$runs" "baseline: one plain run of the 10-request flow" -- "$bin" "$dir/ten.json" --no-persist --offline
