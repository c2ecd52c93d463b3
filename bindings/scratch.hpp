// The scratch area: int64 words that carry a call's arguments into the core
// and its report out (the format: web/call_format.mjs and decode_args in
// src/runtime/op_table.hpp). Calls arrive from one JavaScript thread, one at
// a time, so one area serves them all.
#pragma once

#include <cstddef>
#include <cstdint>

namespace bindings {

// The area's size between calls; a call with long parameters grows it for
// itself and the next ordinary call shrinks it back, so that the heap
// returns to its size at load.
constexpr size_t kScratchWords = 256;

extern int64_t* g_scratch;
extern size_t g_scratch_words;

// The area's address with room for at least `words` words; 0 when memory is full.
uintptr_t scratch(int words) noexcept;

// Grows the area to `words` words, keeping its contents; false when memory is full.
bool grow_scratch(size_t words) noexcept;

}  // namespace bindings
