# Flags shared by everything built with Emscripten, so the Catch2 tests run
# exactly the configuration the npm package ships.
#
# SIMD128 and bulk memory: the engine's kernels. Exceptions: core errors are
# C++ exceptions, caught at the binding boundary, so catching must be on
# (the hot loops are noexcept and pay nothing for it). JS-based catching, not
# -fwasm-exceptions: Debian's frozen cache has no wasm-EH libc++abi, and a
# build with it lets exceptions escape the threaded module.
set(TENSOR_OPS_WASM_COMPILE -msimd128 -mbulk-memory -fexceptions)
set(TENSOR_OPS_WASM_LINK
    -fexceptions
    -sALLOW_MEMORY_GROWTH=1
    -sMAXIMUM_MEMORY=4GB
    -sNODEJS_CATCH_EXIT=0
    -sNODEJS_CATCH_REJECTION=0)

if(TENSOR_OPS_THREADS)
  set(TENSOR_OPS_VARIANT simd-mt)
  list(APPEND TENSOR_OPS_WASM_COMPILE -pthread)
  # Growth with shared memory only costs the JS glue (heap views are
  # re-read after each call); the kernels copy in bulk inside wasm.
  list(APPEND TENSOR_OPS_WASM_LINK -pthread -Wno-pthreads-mem-growth)
else()
  set(TENSOR_OPS_VARIANT simd-st)
endif()

add_compile_options(${TENSOR_OPS_WASM_COMPILE})
add_link_options(${TENSOR_OPS_WASM_LINK})
