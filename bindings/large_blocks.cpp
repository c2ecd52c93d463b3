#include "large_blocks.hpp"

#include <emscripten/heap.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <malloc.h>
#include <unistd.h>

namespace bindings {
namespace {

// Why malloc alone stops near 3 GiB: Emscripten 3.1.6's dlmalloc extends
// its top chunk by asking sbrk for less than 2 GiB at a time (requests
// above HALF_MAX_SIZE_T are refused), and once any extension has failed
// (that refusal included) it disables its contiguous path for good: from
// then on it only extends for a whole request below 2 GiB. So the first
// block of 2 GiB or more fails, and after it no block larger than the free
// top can be had. Growing the top in 1 GiB steps (held, then freed) got to
// 3 GiB, where a fourth 1 GiB step no longer fitted, and those steps stayed
// grown when the block then failed.
//
// Here: plain malloc first (it never grows the memory when it fails). Then
// the largest block the top could become, its free bytes plus what the
// memory may still grow by (emscripten_get_heap_max(), 4 GiB - 64 KiB),
// decides: a block beyond it fails at once, nothing grown. Otherwise the
// top is taken whole (blocks held, cut from it, no growth), then grown in
// held steps of at most 1 GiB sized to what the block needs, then all
// freed: the top becomes one chunk holding the block, which is cut from it.
// A fresh module's largest block is then 4 GiB less its own memory (static
// data, stacks, 2 MiB per pool thread) and these margins: 4,289,135,263
// bytes in simd-st, 4,287,034,287 in simd-mt with 2 threads.
size_t top_chunk_bytes() noexcept { return static_cast<size_t>(static_cast<uint32_t>(mallinfo().keepcost)); }

uintptr_t heap_break() noexcept { return reinterpret_cast<uintptr_t>(sbrk(0)); }

// What a block of `bytes` takes of a chunk (dlmalloc's header and 16-byte
// alignment), and margins for what each extension of the top adds to its
// request (padding, 64 KiB granularity) and the top's footer.
constexpr size_t kChunkOverhead = 32;
constexpr size_t kGrowthSlack = 256 * 1024;

// The largest block the top chunk can become: its free bytes and all the
// memory may still grow by, less the margins.
size_t largest_block() noexcept {
  const uintptr_t brk = heap_break();
  const size_t max = emscripten_get_heap_max();
  const size_t room = top_chunk_bytes() + (brk < max ? max - brk : 0);
  return room > kGrowthSlack + kChunkOverhead ? room - kGrowthSlack - kChunkOverhead : 0;
}

}  // namespace

void* malloc_large(size_t bytes) noexcept {
  if (void* block = std::malloc(bytes)) return block;
  const size_t top0 = top_chunk_bytes();
  const uintptr_t brk0 = heap_break();
  if (bytes > largest_block()) return nullptr;  // cannot fit: fail before growing anything
  const size_t need = bytes + kChunkOverhead + kGrowthSlack / 2;
  // Held blocks: the top (after any free chunks that fit its size better,
  // which malloc hands out first) and at most 4 steps of growth.
  constexpr size_t kHeld = 64, kStep = size_t{1} << 30, kTiny = 64 * 1024;
  void* held[kHeld];
  size_t n = 0;
  auto release = [&] {
    while (n > 0) std::free(held[--n]);
  };
  // Take the top whole: cut from it (or from a free chunk that fits better),
  // nothing grows. Then every step below extends the top.
  for (size_t top = top0; top > kTiny && n < kHeld; top = top_chunk_bytes()) {
    held[n] = std::malloc(top - 64);
    if (held[n] == nullptr) break;
    ++n;
  }
  if (top_chunk_bytes() > kTiny) {  // (free chunks everywhere: give up before growing)
    release();
    return nullptr;
  }
  // Grow: each step is carved from the new memory at the end of the top.
  for (;;) {
    const uintptr_t brk = heap_break();
    const size_t potential = top0 + (brk - brk0);  // the top, once every held block is freed
    if (potential >= need || n == kHeld) break;
    const size_t max = emscripten_get_heap_max();
    const size_t growable = brk < max ? max - brk : 0;
    if (growable <= kTiny * 2) break;
    const size_t step = std::min({kStep, std::max(need - potential, kTiny), growable - kTiny * 2});
    held[n] = std::malloc(step);
    if (held[n] == nullptr) break;
    ++n;
  }
  release();
  return std::malloc(bytes);
}

}  // namespace bindings
