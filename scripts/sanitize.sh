#!/usr/bin/env bash
# The Catch2 suite of the core (tests/core) built with clang under
# AddressSanitizer and UndefinedBehaviorSanitizer, in build/asan: any
# out-of-bounds access, leak, overflow, misaligned access or other undefined
# behaviour fails the run (-fno-sanitize-recover=all).
# Usage: scripts/sanitize.sh [catch2 arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."

dir=build/asan
flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g"
mkdir -p build
if [ ! -f "$dir/CMakeCache.txt" ]; then
  CC=clang CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
fi
echo "sanitize: building the Catch2 suite with clang -fsanitize=address,undefined"
cmake --build "$dir" -j "$(nproc)" --target core_tests
export ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
"$dir/tests/core/core_tests" --use-colour no "$@"
