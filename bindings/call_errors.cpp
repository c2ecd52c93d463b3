#include "call_errors.hpp"

#include <emscripten/heap.h>

#include <charconv>
#include <cstdlib>

namespace bindings {
namespace {
const char* g_error_code = nullptr;
char g_error_message[4096];
}  // namespace

int fail(const char* code, std::initializer_list<ErrorPart> parts) noexcept {
  g_error_code = code;
  char* at = g_error_message;
  char* const end = g_error_message + sizeof g_error_message - 1;
  auto text = [&](const char* c) {
    for (; *c && at < end; ++c) *at++ = *c;
  };
  for (const ErrorPart& part : parts) {
    if (part.text) {
      text(part.text);
    } else if (part.shape) {
      text("[");
      for (size_t i = 0; i < part.shape->size(); ++i) {
        if (i) text(", ");
        at = std::to_chars(at, end, (*part.shape)[i]).ptr;
      }
      text("]");
    } else {
      at = std::to_chars(at, end, part.number).ptr;
    }
  }
  *at = '\0';
  return -1;
}

int fail(const tensor_ops::Status& status) noexcept {
  return fail(tensor_ops::error_code_name(status.code()), {status.message().c_str()});
}

int fail_out_of_memory(const char* op) noexcept {
  return fail("OUT_OF_MEMORY", {op, ": out of WebAssembly memory (", emscripten_get_heap_size(),
                                " bytes, all in use)"});
}

int fail_malformed(const char* op) noexcept {
  return fail("INVALID_ARGUMENT", {op, ": malformed call arguments (the scratch area is too short)"});
}

// The probe is freed at once: it is where the core's small allocations then
// come from. (Below dlmalloc's mmap threshold of 256 KiB: a larger block
// would be mapped apart and unmapped by free(), leaving no room behind.)
bool has_room(size_t words) noexcept {
  constexpr size_t kBase = 128 * 1024, kMost = 240 * 1024;
  const size_t bytes = words < (kMost - kBase) / 64 ? kBase + words * 64 : kMost;
  // Through a volatile, or the compiler may drop the pair and assume success.
  static void* volatile probe;
  probe = std::malloc(bytes);
  const bool room = probe != nullptr;
  std::free(probe);
  return room;
}

uintptr_t take_error_code() noexcept {
  const char* code = g_error_code ? g_error_code : "UNKNOWN";
  g_error_code = nullptr;
  return reinterpret_cast<uintptr_t>(code);
}

uintptr_t error_message() noexcept { return reinterpret_cast<uintptr_t>(g_error_message); }

}  // namespace bindings
