#!/usr/bin/env bash
# Whole-process time and peak memory of jasonrun against node on the scale documents
# (../shared/bench): parse.json against JSON.parse, path.json and js.json against st.js.
# Run on demand, not by the tests:  Benchmarks/scale.sh [ITEMS] [RUNS]
# Each figure is the best of RUNS (default 3) whole-process runs, the two programs taking turns;
# ratio = jasonrun / node.
# Set JASONRUN to measure another binary (for instance the build of an older commit).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$root/../shared}
items=${1:-100000}
runs=${2:-3}

command -v node >/dev/null || { echo "scale.sh: node is not installed" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "scale.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$shared/bench/scale-docs.py" "$work" "$items"

if [ -z "${JASONRUN:-}" ]; then
    (cd "$root" && swift build -c release --static-swift-stdlib --product jasonrun >&2)
    JASONRUN="$root/.build/release/jasonrun"
fi

# One run of a command; $work/time gets "seconds kilobytes" (wall time, peak resident memory).
once() {
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || {
        echo "scale.sh: failed: $*" >&2; cat "$work/err" >&2; exit 1; }
}

min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }

printf '%-8s %11s %9s %8s %12s %9s %8s\n' document "jasonrun s" "node s" "ratio" "jasonrun MB" "node MB" "ratio"
for doc in parse path js; do
    file="$work/$doc.json"
    if [ "$doc" = parse ]; then
        peer=(node -e "JSON.parse(require('fs').readFileSync(process.argv[1],'utf8'))" "$file")
    else
        peer=(node "$work/peer.js" "$shared/peers/st.js" "$file")
    fi
    js="" jkb="" ns="" nkb=""
    for _ in $(seq "$runs"); do
        once "$JASONRUN" "$file" --render none --no-persist
        read -r s kb <"$work/time"
        js=$(min "$js" "$s"); jkb=$(min "$jkb" "$kb")
        once "${peer[@]}"
        read -r s kb <"$work/time"
        ns=$(min "$ns" "$s"); nkb=$(min "$nkb" "$kb")
    done
    awk -v d="$doc" -v js="$js" -v ns="$ns" -v jkb="$jkb" -v nkb="$nkb" 'BEGIN {
        printf "%-8s %11.2f %9.2f %8.2f %12.1f %9.1f %8.2f\n", d, js, ns, (ns > 0 ? js / ns : 0),
            jkb / 1024, nkb / 1024, (nkb > 0 ? jkb / nkb : 0) }'
done
