#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz (clang, -fsanitize=fuzzer,
# address,undefined) in build/sanitize (shared with scripts/sanitize.sh, see
# scripts/sanitizer_build.sh) and runs each for a fixed time on its corpus
# (build/fuzz/corpus/<fuzzer>, seeded from the examples of docs/operations.md by
# fuzz_make_seeds), then prints the executions of each. A fuzzer is one process
# on one core, so as many run at a time as there are cores. Fails on any crash,
# leak, sanitizer report, timeout or out-of-memory; the input that caused it
# is left in build/fuzz/artifacts/.
# Usage: scripts/fuzz.sh [SECONDS | --total SECONDS] [fuzzer names...]
#   SECONDS          each fuzzer runs that long (default 300: npm run fuzz)
#   --total SECONDS  the whole run takes about that long, shared out evenly
#                    (at least 1 s each): npm test's run, so that a new
#                    operation's fuzzer shortens the others' share instead of
#                    lengthening CI
set -uo pipefail
cd "$(dirname "$0")/.."

total=
if [ "${1:-}" = --total ]; then total=$2; shift 2; else seconds=${1:-300}; shift || true; fi
fuzzers=("$@")
# Every harness of tests/fuzz (fuzz_<op>.cpp), unless names are given.
if ((${#fuzzers[@]} == 0)); then
  for f in tests/fuzz/fuzz_*.cpp; do f=${f##*/fuzz_}; fuzzers+=("${f%.cpp}"); done
fi
lanes=$(nproc)
if [ -n "$total" ]; then  # rounds of $lanes fuzzers at a time, each round total/rounds s
  rounds=$(( (${#fuzzers[@]} + lanes - 1) / lanes ))
  seconds=$(( total / rounds > 0 ? total / rounds : 1 ))
fi
bin=build/sanitize/tests/fuzz
dir=build/fuzz

echo "fuzz: building the harnesses (clang $(clang -dumpversion), -fsanitize=fuzzer,address,undefined)"
targets=(fuzz_make_seeds)
for f in "${fuzzers[@]}"; do targets+=("fuzz_$f"); done
scripts/sanitizer_build.sh "${targets[@]}" || exit 1

rm -rf "$dir/seeds"
mkdir -p "$dir/artifacts" "$dir/logs"
"$bin/fuzz_make_seeds" "$dir/seeds" || exit 1

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
run() {  # fuzzer: runs it; its exit status goes to logs/<fuzzer>.status
  "$bin/fuzz_$1" "$dir/corpus/$1" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$dir/artifacts/$1-" > "$dir/logs/$1.log" 2>&1
  echo $? > "$dir/logs/$1.status"
}
echo "fuzz: ${#fuzzers[@]} fuzzers, $seconds s each, $lanes at a time"
for f in "${fuzzers[@]}"; do
  mkdir -p "$dir/corpus/$f"
  cp -n "$dir/seeds/$f/"* "$dir/corpus/$f/" 2>/dev/null
  rm -f "$dir/logs/$f.status"
  while (( $(jobs -rp | wc -l) >= lanes )); do wait -n; done
  echo "fuzz: fuzz_$f for $seconds s (corpus $(ls "$dir/corpus/$f" | wc -l) inputs)"
  run "$f" &
done
wait

failed=()
summary=()
for f in "${fuzzers[@]}"; do
  log="$dir/logs/$f.log"
  status=$(cat "$dir/logs/$f.status" 2>/dev/null || echo "none")
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  runs=${runs:-0}
  if [ "$status" != 0 ]; then
    failed+=("$f")
    echo "fuzz: fuzz_$f FAILED (exit $status); the end of $log:"
    grep -v -E '^#[0-9]+ +(NEW|REDUCE|pulse)|^INFO:' "$log" | tail -40
  fi
  summary+=("$(printf '%-20s %10s executions in %4s s (%s/s), corpus %s' "fuzz_$f" "$runs" "$seconds" \
    "$((runs / (seconds > 0 ? seconds : 1)))" "$(ls "$dir/corpus/$f" | wc -l)")")
done

echo
echo "fuzz: executions per fuzzer"
printf '  %s\n' "${summary[@]}"
if ((${#failed[@]})); then
  echo "fuzz: FAILED: ${failed[*]} (inputs in $dir/artifacts/)"
  exit 1
fi
echo "fuzz: no crash, leak, sanitizer report or timeout"
