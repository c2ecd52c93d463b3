// Roll (OpenVINO Roll-7): cyclic shifts along axes.
#pragma once

#include "engine/copy_plan.hpp"

namespace tensor_ops {

// `shift` and `axes` are the flattened scalar-or-1-D inputs.
Result<Shape> roll_shape(const Shape& input, const std::vector<int64_t>& shift,
                 const std::vector<int64_t>& axes);

Result<CopyPlan> plan_roll(const Shape& input, const std::vector<int64_t>& shift,
                   const std::vector<int64_t>& axes, size_t elem_size);

}  // namespace tensor_ops
