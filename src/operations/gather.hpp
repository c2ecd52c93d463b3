// Gather (OpenVINO Gather-8, ONNX Gather, numpy.take): slices of x along
// `axis` picked by an integer index tensor, with leading batch dims shared
// by x and the indices. The index values are data: the plan is an indexed
// copy (copy_plan.hpp) that reads them at run time, after the engine has
// checked them all against the axis's size.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

// An index tensor as a call describes it: its dtype, its data's length
// (< 0: not checked, as for shape inference) and its shape.
struct Indices {
  IndexType type = IndexType::Int32;
  int64_t length = -1;
  Shape shape;
};

// The checks every gather* operation makes of its indices: indices.shape
// valid, indices.data's length matching it.
Status check_indices_arg(const char* op, const Indices& indices);

// The index tensor of a gather* call: its parameter "indices", whose words
// decode_args checked to be [dtype code, data length, dims...].
Indices indices_of(const OpArgs& args);

// x.shape[:axis] + indices.shape[batchDims:] + x.shape[axis+1:].
Result<Shape> gather_shape(const Shape& input, const Indices& indices, int64_t axis, int64_t batch_dims);

Result<CopyPlan> plan_gather(const Shape& input, const Indices& indices, int64_t axis, int64_t batch_dims,
                             size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& gather_op();

}  // namespace tensor_ops
