#!/usr/bin/env bash
# npm test: installs what is missing, builds everything, runs every suite,
# and ends with one summary line of suites passed and failed.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

start=$(date +%s)
scripts/setup.sh || exit 1
scripts/build.sh || exit 1

passed=0
failed=0
failures=()
suite() {  # name, command...
  local name=$1; shift
  echo
  echo "=== $name"
  local t0=$(date +%s)
  if "$@"; then
    passed=$((passed + 1))
    echo "=== $name: passed ($(( $(date +%s) - t0 )) s)"
  else
    failed=$((failed + 1))
    failures+=("$name")
    echo "=== $name: FAILED ($(( $(date +%s) - t0 )) s)"
  fi
}

for config in native wasm-mt; do
  suite "Catch2 core tests ($config)" ctest --test-dir "build/$config" --output-on-failure -V
done
suite "Catch2 core tests (AddressSanitizer + UndefinedBehaviorSanitizer)" scripts/sanitize.sh
# 120 s in all, shared out over the operations (8 s each for 29, on 2 cores):
# a new operation's fuzzer does not lengthen the run.
suite "Fuzzing (libFuzzer + ASan/UBSan, 120 s over every operation)" scripts/fuzz.sh --total 120
# Two test files at a time (node --test runs one on a 2-core machine): the
# files mostly wait on small calls, and the suite takes 89 s instead of 125.
for threads in 2 1; do
  suite "JavaScript API tests (threads: $threads)" \
    env TENSOR_OPS_TEST_THREADS=$threads node --test --test-concurrency=2 --test-reporter=spec tests/js/
done
# Two files at a time too: each drives its own Chromium and mostly waits on
# the page (131 s one after another, 85-91 s two at a time).
suite "Browser tests (Chromium: the demo page, every view, formulas, pipelines, pictures; isolated and not)" \
  node --test --test-concurrency=2 --test-reporter=spec tests/browser/
suite "Browser tests in Chromium, Firefox and WebKit (package page, Web Worker recipe, demo smoke; isolated and not)" \
  node --test --test-reporter=spec tests/engines/
suite "Consumer projects (npm pack, Node CJS/ESM, TypeScript, Vite, webpack, CDN)" \
  node --test --test-reporter=spec tests/consumers/
suite "Runtimes (the packed package in Node 20, 24 and 26, Deno and Bun: every operation and dtype, errors, build, exit)" \
  node --test --test-reporter=spec tests/runtimes/

echo
echo "npm test took $(( $(date +%s) - start )) s"
((failed)) && printf 'failed: %s\n' "${failures[@]}"
echo "suites: $passed passed, $failed failed"
((failed == 0))
