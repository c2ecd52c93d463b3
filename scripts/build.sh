#!/usr/bin/env bash
# Builds the three configurations into build/ and the package's wasm into dist/.
#   native   g++: the core and its Catch2 tests
#   wasm-mt  Emscripten, SIMD + pthreads: package module + Catch2 tests
#   wasm-st  Emscripten, SIMD single-threaded: package module + Catch2 tests
# Usage: scripts/build.sh [--package]   (--package: only the package's wasm modules)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

target=all
[ "${1:-}" = "--package" ] && target=tensor_ops_module
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
  cmake --build "build/wasm-$variant" -j "$jobs" --target $target
done
