// Roll (OpenVINO Roll-7): cyclic shifts along axes.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

// `shift` and `axes` are the flattened scalar-or-1-D inputs.
Result<Shape> roll_shape(const Shape& input, const std::vector<int64_t>& shift,
                 const std::vector<int64_t>& axes);

Result<CopyPlan> plan_roll(const Shape& input, const std::vector<int64_t>& shift,
                   const std::vector<int64_t>& axes, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& roll_op();

}  // namespace tensor_ops
