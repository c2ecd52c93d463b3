// Band fill (the engine of `triangular`, ONNX Trilu): a copy of x that keeps
// a band of each matrix of its last two dims and zeroes the rest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/shape.hpp"
#include "engine/thread_pool.hpp"

namespace tensor_ops {

// x of `dims` (rank >= 2: [..., rows, cols]) read at src_offset +
// sum(i[k] * src_strides[k]) (a view: any strides), written at dst_offset +
// sum(i[k] * dst_strides[k]). Element [i, j] of each matrix is kept when
// j - i >= diagonal (upper) or j - i <= diagonal (lower), else written as
// zero (all bytes 0: +0 for floats, false for bool). `diagonal` may be any
// int64. Elements move as bits, 1, 2, 4 or 8 bytes.
struct BandPlan {
  std::vector<int64_t> dims;
  std::vector<int64_t> src_strides;
  std::vector<int64_t> dst_strides;
  int64_t src_offset = 0;
  int64_t dst_offset = 0;
  size_t elem_size = 4;
  bool upper = true;
  int64_t diagonal = 0;
};

// The plan for a contiguous x of shape `x` (rank >= 2), written contiguously.
BandPlan band_plan(const Shape& x, size_t elem_size, bool upper, int64_t diagonal);

// Runs the plan: per row one copy of the kept columns and fills of zeros
// around them (memcpy / memset where rows are contiguous), spread over
// `pool` when large.
void execute_band(const BandPlan& plan, const void* x, void* dst, ThreadPool* pool = nullptr) noexcept;

// The same in two steps, for a plan run many times (an operator's kernel):
// the batch dims merged once, then runs that allocate nothing.
struct PreparedBand {
  BandPlan plan;
  std::vector<int64_t> batch_dims, batch_src, batch_dst;  // all but the last two dims, merged
  bool empty = false;  // nothing to write
};
PreparedBand prepare_band(const BandPlan& plan);
void run_band(const PreparedBand& prepared, const void* x, void* dst, ThreadPool* pool = nullptr) noexcept;

}  // namespace tensor_ops
