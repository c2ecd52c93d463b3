// OneHot fill (the engine of oneHot): an output of `off` values with `on`
// at the place each index names along a new axis.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/shape.hpp"
#include "engine/copy_plan.hpp"
#include "engine/thread_pool.hpp"

namespace tensor_ops {

// Indices: a contiguous tensor seen as [outer, inner] (outer = the product
// of its dims before the new axis, inner = after). Output: contiguous
// [outer, depth, inner] of elem_size-byte elements. out[o, d, i] = on when
// the index v at [o, i] (negative: v + depth) equals d, else off; an index
// outside [-depth, depth) leaves its whole row at `off`. on / off: the
// elements' bits (little-endian, the first elem_size bytes).
struct OneHotPlan {
  int64_t outer = 1;
  int64_t depth = 1;
  int64_t inner = 1;
  IndexType index_type = IndexType::Int64;
  size_t elem_size = 4;
  unsigned char off[8] = {};
  unsigned char on[8] = {};
};

// The plan for indices of shape `indices` with the new axis at `axis` (in
// [0, rank(indices)]); on / off as bits of the output dtype.
OneHotPlan one_hot_plan(const Shape& indices, int64_t depth, int64_t axis, IndexType index_type, size_t elem_size,
                        uint64_t off_bits, uint64_t on_bits);

// Runs the plan: positions of the index tensor spread over `pool` when the
// output is large, each piece filling its own part of the output with
// `off` and then writing `on` where its indices say.
void execute_one_hot(const OneHotPlan& plan, const void* indices, void* dst, ThreadPool* pool = nullptr) noexcept;

}  // namespace tensor_ops
