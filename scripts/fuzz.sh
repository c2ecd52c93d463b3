#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz (clang, -fsanitize=fuzzer,
# address,undefined) in build/fuzz and runs each for a fixed time on its corpus
# (build/fuzz/corpus/<fuzzer>, seeded from the examples of docs/operations.md by
# fuzz_make_seeds), then prints the executions of each. Fails on any crash,
# leak, sanitizer report, timeout or out-of-memory; the input that caused it
# is left in build/fuzz/artifacts/.
# Usage: scripts/fuzz.sh [seconds per fuzzer, default 300] [fuzzer names...]
#   npm run fuzz          300 s each
#   scripts/fuzz.sh 20    the short run of npm test
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-300}
shift || true
fuzzers=("$@")
# Every harness of tests/fuzz (fuzz_<op>.cpp), unless names are given.
if ((${#fuzzers[@]} == 0)); then
  for f in tests/fuzz/fuzz_*.cpp; do f=${f##*/fuzz_}; fuzzers+=("${f%.cpp}"); done
fi
dir=build/fuzz

mkdir -p build
# Configured on every run, so that a new harness (or changed flags) is seen.
CC=clang CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTENSOR_OPS_FUZZ=ON -DTENSOR_OPS_TESTS=OFF > "$dir.configure.log" 2>&1 \
  || { cat "$dir.configure.log"; exit 1; }
echo "fuzz: building the harnesses (clang $(clang -dumpversion), -fsanitize=fuzzer,address,undefined)"
targets=(fuzz_make_seeds)
for f in "${fuzzers[@]}"; do targets+=("fuzz_$f"); done
cmake --build "$dir" -j "$(nproc)" --target "${targets[@]}" || exit 1

rm -rf "$dir/seeds"
"$dir/tests/fuzz/fuzz_make_seeds" "$dir/seeds" || exit 1
mkdir -p "$dir/artifacts" "$dir/logs"

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
failed=()
summary=()
for f in "${fuzzers[@]}"; do
  corpus="$dir/corpus/$f"
  mkdir -p "$corpus"
  cp -n "$dir/seeds/$f/"* "$corpus/" 2>/dev/null
  log="$dir/logs/$f.log"
  echo "fuzz: fuzz_$f for $seconds s (corpus $(ls "$corpus" | wc -l) inputs)"
  "$dir/tests/fuzz/fuzz_$f" "$corpus" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$dir/artifacts/$f-" > "$log" 2>&1
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  runs=${runs:-0}
  if ((status != 0)); then
    failed+=("$f")
    echo "fuzz: fuzz_$f FAILED (exit $status); the end of $log:"
    grep -v -E '^#[0-9]+ +(NEW|REDUCE|pulse)|^INFO:' "$log" | tail -40
  fi
  summary+=("$(printf '%-20s %10s executions in %4s s (%s/s), corpus %s' "fuzz_$f" "$runs" "$seconds" \
    "$((runs / (seconds > 0 ? seconds : 1)))" "$(ls "$corpus" | wc -l)")")
done

echo
echo "fuzz: executions per fuzzer"
printf '  %s\n' "${summary[@]}"
if ((${#failed[@]})); then
  echo "fuzz: FAILED: ${failed[*]} (inputs in $dir/artifacts/)"
  exit 1
fi
echo "fuzz: no crash, leak, sanitizer report or timeout"
