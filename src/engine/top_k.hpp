// Partial selection (the engine of topK): along one axis, the k largest (or
// smallest) elements and their indices.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/dtype.hpp"
#include "base/shape.hpp"
#include "engine/thread_pool.hpp"

namespace tensor_ops {

// For every index i of `dims` (x's dims without the axis, row-major), the
// slice of axis_size elements at src_offset + sum(i[k] * src_strides[k]) +
// a * axis_stride, and of it the k (<= axis_size) chosen elements: the
// largest (or the smallest) by value, equal values in index order, NaN above
// +Infinity in both orders (so last among the smallest), -0 equal to +0. The
// j-th chosen one goes to dst_offset + sum(i[k] * dst_strides[k]) +
// j * dst_axis_stride of both outputs: its bits in `values` (x's dtype) and
// its index in `indices` (Int32 or Int64). Chosen ones come best first
// (descending for largest, ascending for smallest) when `sorted`, else in
// index order.
struct TopKPlan {
  DType dtype = DType::Float32;
  std::vector<int64_t> dims;
  std::vector<int64_t> src_strides;
  std::vector<int64_t> dst_strides;
  int64_t axis_size = 0;
  int64_t axis_stride = 1;
  int64_t src_offset = 0;
  int64_t dst_axis_stride = 1;
  int64_t dst_offset = 0;
  int64_t k = 0;
  bool largest = true;
  bool sorted = true;
  DType index_dtype = DType::Int32;
};

// The plan for a contiguous x of shape `x` along `axis` (in [0, rank)), both
// outputs contiguous of x's shape with k at `axis`.
TopKPlan top_k_plan(const Shape& x, int64_t axis, int64_t k, DType dtype, bool largest, bool sorted,
                    DType index_dtype);

// Runs the plan, slices spread over `pool` when large. Per slice no full
// sort: for small k a heap of the k best so far (most elements are turned
// away by one comparison with its worst), else a quickselect
// (std::nth_element) of the k best; then only the k are sorted.
void execute_top_k(const TopKPlan& plan, const void* x, void* values, void* indices,
                   ThreadPool* pool = nullptr) noexcept;

// The same in two steps, for a plan run many times (an operator's kernel):
// the dims merged once, then runs. A run allocates only its working list
// (one per piece of the split, k or axis_size entries) when that exceeds a
// small buffer on the stack: never for the heap path with k <= 64.
struct PreparedTopK {
  TopKPlan plan;       // its dims merged
  bool empty = false;  // nothing to write (k = 0, or a dim of 0)
};
PreparedTopK prepare_top_k(const TopKPlan& plan);
void run_top_k(const PreparedTopK& prepared, const void* x, void* values, void* indices,
               ThreadPool* pool = nullptr) noexcept;

}  // namespace tensor_ops
