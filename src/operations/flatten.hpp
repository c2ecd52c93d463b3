// Flatten (ONNX Flatten-13): the same elements as a matrix
// [prod(dims[:axis]), prod(dims[axis:])], axis in [-rank, rank].
#pragma once

#include "engine/copy_plan.hpp"

namespace tensor_ops {

Result<Shape> flatten_shape(const Shape& input, int64_t axis);

Result<CopyPlan> plan_flatten(const Shape& input, int64_t axis, size_t elem_size);

}  // namespace tensor_ops
