// Reshape (OpenVINO Reshape-1): the same elements under a new shape.
#pragma once

#include "engine/copy_plan.hpp"

namespace tensor_ops {

Result<Shape> reshape_shape(const Shape& input, const std::vector<int64_t>& shape, bool special_zero);

Result<CopyPlan> plan_reshape(const Shape& input, const std::vector<int64_t>& shape, bool special_zero,
                      size_t elem_size);

}  // namespace tensor_ops
