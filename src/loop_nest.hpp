// A strided copy brought into the form the kernels run fastest: unit dims
// dropped, contiguous dims merged, elements widened to the longest
// contiguous unit (up to 128 bytes), loops ordered so that writes stream, and
// the innermost two dims matched to a kernel.
#pragma once

#include <cstddef>
#include <cstdint>

#include "copy_plan.hpp"

namespace tensor_ops {

constexpr int kMaxLoopRank = 64;  // dims of 1 are dropped, so 2^64 bounds the rank

enum class Kernel {
  Empty,         // nothing to copy
  CopyRows,      // inner: contiguous on both sides
  SplatRows,     // inner: one source element repeated (broadcast)
  Deinterleave,  // inner: source stride k in {2, 4}; second: the k phases (source stride 1)
  Interleave,    // inner: k in {2, 4} sources; second: source stride 1, destination stride k
  RotateRows,    // inner: contiguous rows rotated by `rotate` (roll's last axis)
  ReverseRows,   // inner: source stride -1 (a reversed axis)
  Transpose,     // inner: destination stride 1; second: source stride 1 (a 2-D transpose)
  Strided,       // anything else, element by element
};

struct LoopNest {
  Kernel kernel = Kernel::Empty;
  size_t elem_size = 0;  // bytes, after widening: 1, 2, 4, ... 128
  int source = 0;        // of StridedCopy
  int rank = 0;          // >= 2: dims[rank-1] is the inner dim, dims[rank-2] the second
  int64_t dims[kMaxLoopRank];
  int64_t src_strides[kMaxLoopRank];  // in elements of elem_size
  int64_t dst_strides[kMaxLoopRank];
  int64_t src_offset = 0;
  int64_t dst_offset = 0;
  int factor = 0;      // k of Deinterleave / Interleave
  int64_t rotate = 0;  // of RotateRows, in elements of elem_size

  // Rows: one kernel call covers the inner two dims; rows are the rest.
  int64_t rows() const noexcept;
  int64_t bytes() const noexcept;
};

// Never throws: plans are valid by construction.
LoopNest make_loop_nest(const StridedCopy& copy, size_t elem_size) noexcept;

}  // namespace tensor_ops
