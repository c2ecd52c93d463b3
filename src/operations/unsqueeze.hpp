// Unsqueeze (ONNX Unsqueeze-13): the same elements with dims of 1 inserted
// at the listed positions of the output.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

Result<Shape> unsqueeze_shape(const Shape& input, const std::vector<int64_t>& axes);

Result<CopyPlan> plan_unsqueeze(const Shape& input, const std::vector<int64_t>& axes, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& unsqueeze_op();

}  // namespace tensor_ops
