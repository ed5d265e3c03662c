#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (Docs/Fuzzing.md).
#   scripts/fuzz.sh TARGET [SECONDS] [LIBFUZZER FLAGS...]
# TARGET is json, template, interpreter or all (all: each in turn, SECONDS each); SECONDS defaults to 15.
# The build lives in .build-fuzz (release, AddressSanitizer and coverage on our modules); seeds are
# rebuilt from ../shared by scripts/fuzz-seeds.py, inputs found to be new are kept in
# .build-fuzz/corpus/TARGET, and findings (crash-*, timeout-*, oom-*, leak-*) go to
# .build-fuzz/findings/TARGET. Exit status: 0 when no run found anything, else the first failure's.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-}
seconds=${2:-15}
shift $(( $# > 2 ? 2 : $# ))
case "$target" in
    json|template|interpreter) targets=("$target") ;;
    all) targets=(json template interpreter) ;;
    *) echo "usage: scripts/fuzz.sh json|template|interpreter|all [SECONDS] [LIBFUZZER FLAGS...]" >&2; exit 64 ;;
esac

fuzzer_lib=${JASONRUN_FUZZER_LIB:-}
if [[ -z "$fuzzer_lib" ]]; then
    resource_dir=$(dirname "$(dirname "$(command -v swiftc)")")/lib/clang
    fuzzer_lib=$(ls "$resource_dir"/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -n 1 || true)
fi
if [[ ! -f "$fuzzer_lib" ]]; then
    echo "fuzz.sh: libclang_rt.fuzzer_no_main-x86_64.a not found in the toolchain; set JASONRUN_FUZZER_LIB" >&2
    exit 69
fi

product() {
    case "$1" in json) echo FuzzJSON ;; template) echo FuzzTemplate ;; interpreter) echo FuzzInterpreter ;; esac
}

# The bounds past which a run is a finding: seconds per input (libFuzzer -timeout), MB of resident
# memory (-rss_limit_mb) and MB in one allocation (-malloc_limit_mb), and the longest input (-max_len).
bounds() {
    case "$1" in
        json) echo "-timeout=5 -rss_limit_mb=2048 -malloc_limit_mb=512 -max_len=4096" ;;
        template) echo "-timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=4096" ;;
        interpreter) echo "-timeout=20 -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=16384" ;;
    esac
}

for name in "${targets[@]}"; do
    JASONRUN_FUZZ=1 JASONRUN_FUZZER_LIB="$fuzzer_lib" \
        swift build -c release --scratch-path .build-fuzz --product "$(product "$name")" 2>&1 \
        | grep -v -e "Cannot export local symbol '__asan" -e "swift-distributed-tracing': found 1 file" || true
    test -x ".build-fuzz/release/$(product "$name")" || { echo "fuzz.sh: the build of $(product "$name") failed" >&2; exit 70; }
done
[[ -d .build-fuzz/seeds/json ]] || python3 scripts/fuzz-seeds.py .build-fuzz/seeds > /dev/null

status=0
for name in "${targets[@]}"; do
    corpus=".build-fuzz/corpus/$name"
    # JASONRUN_FUZZ_FRESH=1 starts from the seeds alone (the short run): loading a corpus grown by long
    # runs takes longer than the run itself.
    [[ "${JASONRUN_FUZZ_FRESH:-0}" != 1 ]] || corpus=$(mktemp -d)
    mkdir -p "$corpus" ".build-fuzz/findings/$name"
    echo "== fuzz $name for ${seconds}s" >&2
    # SWIFT_BACKTRACE=enable=no: Swift's backtracer would otherwise hang over a trap under ASan.
    # detect_leaks=0: Swift keeps enum tags in a pointer's spare bits, which hides live objects from
    # LeakSanitizer's scan, so it reports leaks that are not.
    # shellcheck disable=SC2046
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} ".build-fuzz/release/$(product "$name")" \
        "$corpus" ".build-fuzz/seeds/$name" \
        -dict="Fuzz/Dictionaries/$name.dict" -max_total_time="$seconds" $(bounds "$name") \
        -artifact_prefix=".build-fuzz/findings/$name/" -detect_leaks=0 -print_final_stats=1 "$@" \
        || { rc=$?; echo "fuzz.sh: $name found something (exit $rc); see .build-fuzz/findings/$name" >&2; [[ $status -ne 0 ]] || status=$rc; }
    [[ "${JASONRUN_FUZZ_FRESH:-0}" != 1 ]] || rm -rf "$corpus"
done
exit $status
