# The node and web modules of a variant are the same wasm: only their glue
# differs. Binaryen's -O3 pass over it is 56 s of each 60 s link here, and
# both links ran it. wasm_opt_cache(first second) gives the links a binaryen
# whose wasm-opt keeps its results (wasm-opt-cached.sh.in), and has the
# second link wait for the first: it then takes the first one's result.
# Both links of simd-st: 92 s side by side before, 52 s one after the
# other now (simd-mt 63 s); the modules and glue are byte for byte the same.
function(wasm_opt_cache first second)
  execute_process(COMMAND em-config BINARYEN_ROOT OUTPUT_VARIABLE real_root OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE failed)
  if(failed OR NOT EXISTS "${real_root}/bin/wasm-opt")
    message(STATUS "wasm-opt cache: no binaryen found by em-config; each link optimizes on its own")
    return()
  endif()
  set(root ${CMAKE_BINARY_DIR}/binaryen)
  file(MAKE_DIRECTORY ${root}/bin)
  # The other tools as they are.
  file(GLOB tools "${real_root}/bin/wasm*" "${real_root}/bin/binaryen*")
  foreach(tool IN LISTS tools)
    get_filename_component(name ${tool} NAME)
    if(NOT name STREQUAL "wasm-opt")
      file(CREATE_LINK ${tool} ${root}/bin/${name} SYMBOLIC)
    endif()
  endforeach()
  set(WASM_OPT_REAL ${real_root}/bin/wasm-opt)
  set(WASM_OPT_CACHE_DIR ${CMAKE_BINARY_DIR}/wasm-opt-cache)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/wasm-opt-cached.sh.in ${root}/wasm-opt @ONLY)
  file(COPY ${root}/wasm-opt DESTINATION ${root}/bin
    FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  # emcc runs binaryen's tools from BINARYEN_ROOT/bin, or (Debian's) by name from PATH: both lead here.
  file(WRITE ${root}/link-launcher "#!/bin/sh\nEM_BINARYEN_ROOT='${root}' PATH='${root}/bin':\"$PATH\" exec \"$@\"\n")
  file(COPY ${root}/link-launcher DESTINATION ${root}/bin
    FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  set_property(TARGET ${first} ${second} PROPERTY CXX_LINKER_LAUNCHER ${root}/bin/link-launcher)
  add_dependencies(${second} ${first})
endfunction()
