#!/usr/bin/env bash
# The Catch2 suite of the core (tests/core) built with clang under
# AddressSanitizer and UndefinedBehaviorSanitizer, in build/sanitize (shared
# with scripts/fuzz.sh, see scripts/sanitizer_build.sh): any out-of-bounds
# access, leak, overflow, misaligned access or other undefined behaviour fails
# the run (-fno-sanitize-recover=all).
# Usage: scripts/sanitize.sh [catch2 arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."

echo "sanitize: building the Catch2 suite with clang -fsanitize=address,undefined"
scripts/sanitizer_build.sh core_tests
export ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
tests=build/sanitize/tests/core/core_tests
if (($#)); then exec "$tests" --use-colour no "$@"; fi

# Two processes at once, one per core (the suite spends most of its time on
# one): test_engine.cpp's tests (about half the time under the sanitizers) in
# one, every other test in the other (-# tags each test with its file). The
# second is the first's complement, so a renamed or new file still runs in
# one of them. ~[.]: hidden tests stay hidden, as in a plain run.
logs=build/sanitize/logs
mkdir -p "$logs"
"$tests" --use-colour no -# "[#test_engine]~[.]" > "$logs/core_tests-1.log" 2>&1 & one=$!
"$tests" --use-colour no -# "~[.]~[#test_engine]" > "$logs/core_tests-2.log" 2>&1 & two=$!
status=0
wait $one || status=1
wait $two || status=1
cat "$logs/core_tests-1.log" "$logs/core_tests-2.log"
exit $status
