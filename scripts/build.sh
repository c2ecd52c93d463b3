#!/usr/bin/env bash
# Builds the three configurations into build/ and the package's wasm into dist/.
#   native   g++: the core and its Catch2 tests
#   wasm-mt  Emscripten, SIMD + pthreads: package module + Catch2 tests
#   wasm-st  Emscripten, SIMD single-threaded: package module (its Catch2 tests
#            only when asked: npm test runs the JS suites on this module instead)
# Usage: scripts/build.sh [--package | --all]
#   --package: only the package's wasm modules; --all: wasm-st's Catch2 tests too
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

target=all
[ "${1:-}" = "--package" ] && target=tensor_ops_module
# The single-threaded core's Catch2 suite repeats the threaded one's without
# the pool; the JS suites run the whole package on this module (threads: 1).
st_target=tensor_ops_module
[ "${1:-}" = "--all" ] && st_target=all
jobs=$(nproc)

# Configured on every build (a second or two), so that options changed here
# reach build folders made before the change.
configure() {  # dir, extra cmake args...
  local dir=$1; shift
  "$@" -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release > "$dir.configure.log" 2>&1 \
    || { cat "$dir.configure.log"; exit 1; }
}

mkdir -p build
if [ $target = all ]; then
  echo "build: native (g++)"
  configure build/native cmake
  cmake --build build/native -j "$jobs"
fi
for variant in mt st; do
  threads=ON
  [ $variant = st ] && threads=OFF
  echo "build: wasm simd-$variant (emscripten $(emcc -dumpversion))"
  configure "build/wasm-$variant" emcmake cmake -DTENSOR_OPS_THREADS=$threads
  variant_target=$target
  [ $variant = st ] && [ $target = all ] && variant_target=$st_target
  cmake --build "build/wasm-$variant" -j "$jobs" --target $variant_target
done
