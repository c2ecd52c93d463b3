// Arg reduction (the engine of argMax / argMin): along one axis, the index
// of the largest (smallest) element.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/dtype.hpp"
#include "base/shape.hpp"
#include "engine/thread_pool.hpp"

namespace tensor_ops {

// For every index i of `dims` (x's dims without the reduced axis,
// row-major), the elements of x at src_offset + sum(i[k] * src_strides[k])
// + a * axis_stride for a in [0, axis_size) (axis_size >= 1), and the index
// a of the largest (max) or smallest one, written to out[flat(i)] (a
// contiguous tensor of `index_dtype`, Int32 or Int64; keepDims only changes
// its shape).
// The order: numbers by value (-0 equals +0); bool false < true; NaN wins
// over every number in both directions. Equal values (and NaNs among
// themselves) give the first index, or the last one with `last`.
struct ArgReducePlan {
  DType dtype = DType::Float32;
  std::vector<int64_t> dims;
  std::vector<int64_t> src_strides;
  int64_t axis_size = 1;
  int64_t axis_stride = 1;
  int64_t src_offset = 0;
  bool max = true;
  bool last = false;
  DType index_dtype = DType::Int32;
};

// The plan for a contiguous x of shape `x` reduced along `axis` (in
// [0, rank); x.shape[axis] >= 1).
ArgReducePlan arg_reduce_plan(const Shape& x, int64_t axis, DType dtype, bool max, bool last,
                              DType index_dtype);

// Runs the plan, spread over `pool` when large. Elements are compared as
// integer keys that order like the values (elements.hpp). Vector paths: x
// contiguous along the output's inner dim (a reduction across planes, e.g.
// channels: running best keys and indices over a chunk of each plane in
// turn), and x contiguous along the axis (running best per lane, then across
// lanes). Other strides: element by element.
void execute_arg_reduce(const ArgReducePlan& plan, const void* x, void* out, ThreadPool* pool = nullptr) noexcept;

// The same in two steps, for a plan run many times (an operator's kernel):
// the dims merged once, then runs that allocate nothing.
struct PreparedArgReduce {
  ArgReducePlan plan;  // its dims merged
  bool empty = false;  // nothing to reduce (a dim of 0)
};
PreparedArgReduce prepare_arg_reduce(const ArgReducePlan& plan);
void run_arg_reduce(const PreparedArgReduce& prepared, const void* x, void* out, ThreadPool* pool = nullptr) noexcept;

}  // namespace tensor_ops
