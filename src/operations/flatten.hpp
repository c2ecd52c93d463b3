// Flatten (ONNX Flatten-13): the same elements as a matrix
// [prod(dims[:axis]), prod(dims[axis:])], axis in [-rank, rank].
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

Result<Shape> flatten_shape(const Shape& input, int64_t axis);

Result<CopyPlan> plan_flatten(const Shape& input, int64_t axis, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& flatten_op();

}  // namespace tensor_ops
