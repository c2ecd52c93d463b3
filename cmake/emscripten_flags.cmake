# Flags shared by everything built with Emscripten, so the Catch2 tests run
# exactly the configuration the npm package ships.
#
# SIMD128 and bulk memory: the engine's kernels. No C++ exceptions: the core
# returns errors as values (src/base/error.hpp), so nothing pays for Emscripten
# 3.1.6's JavaScript-based exception catching. Only the Catch2 test programs
# turn exceptions on for themselves (tests/core/CMakeLists.txt).
set(TENSOR_OPS_WASM_COMPILE -msimd128 -mbulk-memory)
set(TENSOR_OPS_WASM_LINK
    -sALLOW_MEMORY_GROWTH=1
    -sMAXIMUM_MEMORY=4GB
    -sNODEJS_CATCH_EXIT=0
    -sNODEJS_CATCH_REJECTION=0)

if(TENSOR_OPS_THREADS)
  set(TENSOR_OPS_VARIANT simd-mt)
  list(APPEND TENSOR_OPS_WASM_COMPILE -pthread)
  # Growth with shared memory only costs the JS glue (heap views are
  # re-read when they fall short: web/runtime.mjs); the kernels copy in bulk
  # inside wasm.
  list(APPEND TENSOR_OPS_WASM_LINK -pthread -Wno-pthreads-mem-growth)
else()
  set(TENSOR_OPS_VARIANT simd-st)
endif()

add_compile_options(${TENSOR_OPS_WASM_COMPILE})
add_link_options(${TENSOR_OPS_WASM_LINK})
