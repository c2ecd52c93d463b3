// Squeeze (ONNX Squeeze-13, numpy.squeeze): the same elements without the
// listed axes of dim 1 (every axis of dim 1 when none are listed).
#pragma once

#include <optional>

#include "engine/copy_plan.hpp"

namespace tensor_ops {

Result<Shape> squeeze_shape(const Shape& input, const std::optional<std::vector<int64_t>>& axes);

Result<CopyPlan> plan_squeeze(const Shape& input, const std::optional<std::vector<int64_t>>& axes, size_t elem_size);

}  // namespace tensor_ops
