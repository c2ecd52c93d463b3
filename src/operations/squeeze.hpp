// Squeeze (ONNX Squeeze-13, numpy.squeeze): the same elements without the
// listed axes of dim 1 (every axis of dim 1 when none are listed).
#pragma once

#include <optional>

#include "operations/op_spec.hpp"

namespace tensor_ops {

Result<Shape> squeeze_shape(const Shape& input, const std::optional<std::vector<int64_t>>& axes);

Result<CopyPlan> plan_squeeze(const Shape& input, const std::optional<std::vector<int64_t>>& axes, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& squeeze_op();

}  // namespace tensor_ops
