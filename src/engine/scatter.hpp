// Scatter (the engine of scatterElements and scatterND): a copy of x with
// updates written, or combined, at the places index values name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/dtype.hpp"
#include "base/shape.hpp"
#include "engine/copy_plan.hpp"
#include "engine/engine.hpp"
#include "engine/thread_pool.hpp"

namespace tensor_ops {

// How an update meets the element already there, in the order of the API's
// names ('none', 'add', 'mul', 'max', 'min').
enum class ScatterReduction { None = 0, Add = 1, Mul = 2, Max = 3, Min = 4 };

// The output: a contiguous tensor of `output_volume` elements of `dtype`,
// first a copy of x. Then for every index position i of `dims` (row-major
// order, which is the order in which updates to one place are applied),
// with q = sum(i[k] * index_strides[k]) a position in the index buffer, the
// `slice` contiguous elements of updates at sum(i[k] * update_strides[k])
// go to
//   sum(i[k] * dst_strides[k]) + sum_j v_j * axis_strides[j]
// where v_j is the value at q + j (j < axis_dims.size(): 1 component for
// scatterElements, k for scatterND), mapped from [-d, d) to [0, d) with
// d = axis_dims[j]. Offsets count elements.
//
// The index buffer is a contiguous tensor of `index_shape` whose last
// axis_dims.size() elements per position are the components (checked
// before anything is written; axes and index_shape word the error, as in
// IndexedCopy).
//
// Reductions: 'none' writes (several updates to one place: the last in
// row-major order wins); the others combine in that order: integers wrap,
// float32 / float64 round at every step, float16 / bfloat16 accumulate in
// float32 and round once per output element; max / min of floats with a
// NaN give NaN; bool: add and max are or, mul and min are and.
struct ScatterPlan {
  DType dtype = DType::Float32;
  ScatterReduction reduction = ScatterReduction::None;
  int64_t output_volume = 0;
  std::vector<int64_t> dims;
  std::vector<int64_t> dst_strides;
  std::vector<int64_t> update_strides;
  std::vector<int64_t> index_strides;
  int64_t slice = 1;
  std::vector<int64_t> axis_dims;
  std::vector<int64_t> axis_strides;
  std::vector<int64_t> axes;
  Shape index_shape;
  IndexType index_type = IndexType::Int64;
};

// scatterElements(x, indices, updates, axis): indices and updates of shape
// `indices` (rank of x, each dim <= x's but along `axis`, in [0, rank)).
ScatterPlan scatter_elements_plan(const Shape& x, const Shape& indices, int64_t axis, DType dtype,
                                  ScatterReduction reduction, IndexType index_type);
// scatterND(x, indices, updates): indices of shape [..., k] (k <= rank(x)),
// updates of indices.shape[:-1] + x.shape[k:].
ScatterPlan scatter_nd_plan(const Shape& x, const Shape& indices, DType dtype, ScatterReduction reduction,
                            IndexType index_type);

// Checks every index value (split over the pool when large): false with the
// first one out of range (row-major position in index_shape, component,
// value) in *bad.
bool check_scatter_indices(const ScatterPlan& plan, const void* indices, BadIndex* bad,
                           ThreadPool* pool = nullptr) noexcept;

// Checks the indices, then (only when all are in range) copies x to dst
// (skipped when x is null or dst itself: dst already holds x) and applies
// the updates. Returns false, with nothing written, on a bad index. The
// result is the same with or without threads: the copy and the index check
// are split over the pool; the updates run in row-major order on one
// thread, or (long slices) each thread applies all of them to its own
// columns of the slices.
bool execute_scatter(const ScatterPlan& plan, const void* x, const void* indices, const void* updates, void* dst,
                     BadIndex* bad, ThreadPool* pool = nullptr) noexcept;
// The same without the check, for indices already checked (all in range).
void apply_scatter(const ScatterPlan& plan, const void* x, const void* indices, const void* updates, void* dst,
                   ThreadPool* pool = nullptr) noexcept;

}  // namespace tensor_ops
