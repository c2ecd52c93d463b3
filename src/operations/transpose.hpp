// Transpose (OpenVINO Transpose-1, ONNX Transpose, numpy.transpose): output
// dim i is input dim perm[i]; perm left out reverses the axes.
#pragma once

#include <optional>

#include "engine/copy_plan.hpp"

namespace tensor_ops {

Result<Shape> transpose_shape(const Shape& input, const std::optional<std::vector<int64_t>>& perm);

Result<CopyPlan> plan_transpose(const Shape& input, const std::optional<std::vector<int64_t>>& perm,
                                size_t elem_size);

}  // namespace tensor_ops
