// Select (the engine of `where`): out = cond ? a : b, element by element,
// over an iteration space where each of the three sources has strides of its
// own (0 for a broadcast dim, anything for a view).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/shape.hpp"
#include "engine/thread_pool.hpp"

namespace tensor_ops {

// For every index i of `dims` (row-major): the element of `a` at
// a_offset + sum(i[k] * a_strides[k]) when the condition byte at
// cond_offset + sum(i[k] * cond_strides[k]) is nonzero (bool or uint8), else
// the element of `b` (strides alike), written to dst_offset +
// sum(i[k] * dst_strides[k]). Offsets and strides count elements (the
// condition's count bytes); a and b have the same element width, 1, 2, 4 or 8.
// Elements are moved as bits: any dtype of that width.
struct SelectPlan {
  std::vector<int64_t> dims;
  std::vector<int64_t> cond_strides;
  std::vector<int64_t> a_strides;
  std::vector<int64_t> b_strides;
  std::vector<int64_t> dst_strides;
  int64_t cond_offset = 0;
  int64_t a_offset = 0;
  int64_t b_offset = 0;
  int64_t dst_offset = 0;
  size_t elem_size = 4;
};

// The plan for contiguous cond, a and b broadcast (numpy rules, aligned at
// the last dim) to `output` (their broadcast shape, which the caller has
// checked), written contiguously. A shape of rank 0 (or all ones) is a
// scalar: a plain number for a or b is a one-element buffer of its dtype.
SelectPlan select_plan(const Shape& output, const Shape& cond, const Shape& a, const Shape& b, size_t elem_size);

// A plan in its shortest form (dims of 1 dropped, dims merged where every
// operand allows), made once: runs of it allocate nothing.
struct PreparedSelect {
  SelectPlan plan;
  bool empty = false;  // a dim of 0: nothing to write
};
PreparedSelect prepare_select(SelectPlan plan);
void run_select(const PreparedSelect& prepared, const void* cond, const void* a, const void* b, void* dst,
                ThreadPool* pool = nullptr) noexcept;

// Runs the plan (prepared, then run), spread over `pool` when the output is large. Fast paths:
// contiguous rows of cond, a, b and dst (a or b may be a scalar broadcast
// along the row) select 16 elements per step with vector masks; a condition
// constant along a row copies or splats the row it picks.
void execute_select(const SelectPlan& plan, const void* cond, const void* a, const void* b, void* dst,
                    ThreadPool* pool = nullptr) noexcept;

}  // namespace tensor_ops
