#!/usr/bin/env bash
# The one clang build that scripts/sanitize.sh (the Catch2 suite) and
# scripts/fuzz.sh (the libFuzzer harnesses) share, in build/sanitize: every
# file under -fsanitize=address,undefined -fno-sanitize-recover=all. The suite
# links the core and the references as the fuzzers build them
# (tests/core/CMakeLists.txt), so that npm test compiles each file once, not
# once per script. Ninja, so that the many small targets (a fuzzer per
# operation) build and link two at a time.
# Usage: scripts/sanitizer_build.sh TARGET...
set -euo pipefail
cd "$(dirname "$0")/.."

dir=build/sanitize
# -gline-tables-only: file and line in every report at 80% of -g's compile
# time (so RelWithDebInfo's own -g is replaced: it came after, and won).
flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -gline-tables-only"
mkdir -p build
# Configured on every run (a second or two), so that changed flags or a new
# harness are seen by a build folder made before the change.
CC=clang CXX=clang++ cmake -G Ninja -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" -DTENSOR_OPS_FUZZ=ON \
  > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
cmake --build "$dir" -j "$(nproc)" --target "$@"
