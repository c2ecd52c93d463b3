// What the wasm module exposes to JavaScript, registered with Embind: the
// call functions (calls.hpp), kept data as typed-array views of wasm memory,
// and what ops.memory() reports. Their JavaScript side is web/runtime.mjs
// and web/call.mjs. Embind's invokers are the fast, eval-free ones of
// fast_invokers.js.
#include <emscripten/bind.h>
#include <emscripten/heap.h>

#include <cstdint>
#include <cstdlib>
#include <malloc.h>
#include <string>

#include "call_errors.hpp"
#include "calls.hpp"
#include "runtime/op_table.hpp"
#include "scratch.hpp"

namespace bindings {
namespace {

// The element types of tensorView(), by Embind's typed-array index
// (TypedArrayIndex in embind's bind.cpp): the order JavaScript gets in
// constants().
const char* const kViewArrays[] = {"Int8Array",  "Uint8Array",   "Int16Array",   "Uint16Array",    "Int32Array",
                                   "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array"};

template <typename T>
emscripten::val view_of(uintptr_t address, double length) {
  return emscripten::val(emscripten::typed_memory_view(static_cast<size_t>(length), reinterpret_cast<const T*>(address)));
}

// A typed array over `length` elements of kept data at `address`: a view of
// wasm memory, not a copy. `array` indexes kViewArrays.
emscripten::val tensor_view(int array, uintptr_t address, double length) {
  switch (array) {
    case 0: return view_of<int8_t>(address, length);
    case 1: return view_of<uint8_t>(address, length);
    case 2: return view_of<int16_t>(address, length);
    case 3: return view_of<uint16_t>(address, length);
    case 4: return view_of<int32_t>(address, length);
    case 5: return view_of<uint32_t>(address, length);
    case 6: return view_of<float>(address, length);
    case 7: return view_of<double>(address, length);
    case 8: return view_of<int64_t>(address, length);
    case 9: return view_of<uint64_t>(address, length);
    default: return emscripten::val::undefined();
  }
}

std::string constants() {
  std::string json = constants_json();
  json.pop_back();  // its closing brace
  json += ",\"viewArrays\":[";
  for (size_t i = 0; i < sizeof kViewArrays / sizeof *kViewArrays; ++i) {
    json += std::string(i ? "," : "") + "\"" + kViewArrays[i] + "\"";
  }
  return json + "]}";
}

std::string describe() { return tensor_ops::describe_ops(); }

int scratch_words() noexcept { return static_cast<int>(g_scratch_words); }

void release(uintptr_t ptr) noexcept { std::free(reinterpret_cast<void*>(ptr)); }

// Cuts a block down to its first `bytes` bytes (a kept result of a list of
// tensors, whose inputs followed it in the block). Returns its address,
// which may change; the old one when it cannot be cut.
uintptr_t shrink(uintptr_t ptr, double bytes) noexcept {
  void* cut = std::realloc(reinterpret_cast<void*>(ptr), static_cast<size_t>(bytes) + 1);
  return cut != nullptr ? reinterpret_cast<uintptr_t>(cut) : ptr;
}

// The most the allocator has ever held (mallinfo's int read as unsigned: exact up to 4 GiB).
double heap_peak_bytes() noexcept { return static_cast<double>(static_cast<uint32_t>(mallinfo().usmblks)); }

}  // namespace
}  // namespace bindings

EMSCRIPTEN_BINDINGS(tensor_ops) {
  using namespace emscripten;
  using namespace bindings;
  // 3.1.6 registers no 8-byte memory views; with WASM_BIGINT, embind.js maps
  // these indices to BigInt64Array and BigUint64Array.
  internal::_embind_register_memory_view(internal::TypeID<memory_view<int64_t>>::get(), 8,
                                         "emscripten::memory_view<int64_t>");
  internal::_embind_register_memory_view(internal::TypeID<memory_view<uint64_t>>::get(), 9,
                                         "emscripten::memory_view<uint64_t>");
  // The call, in the order a call makes them.
  function("scratch", &scratch);
  function("scratchWords", &scratch_words);
  function("prepare", &prepare);
  function("execute", &execute);
  function("executeSources", &execute_sources);
  function("allocTensor", &alloc_tensor);
  function("shrinkBlock", &shrink);
  function("releaseBlock", &release);
  function("errorCode", &take_error_code);
  function("errorMessage", &error_message);
  function("tensorView", &tensor_view);
  // Once, at load.
  function("startPool", &start);
  function("constants", &constants);
  function("describeOps", &describe);
  // ops.memory(), and the bench.
  function("heapBytes", &heap_bytes);
  function("heapPeakBytes", &heap_peak_bytes);
  function("planCacheBytes", &plan_cache_bytes);
  function("cachedPlans", &cached_plans);
  function("setParallelMinBytes", &set_parallel_min_bytes);
}
