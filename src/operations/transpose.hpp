// Transpose (OpenVINO Transpose-1, ONNX Transpose, numpy.transpose): output
// dim i is input dim perm[i]; perm left out reverses the axes.
#pragma once

#include <optional>

#include "operations/op_spec.hpp"

namespace tensor_ops {

Result<Shape> transpose_shape(const Shape& input, const std::optional<std::vector<int64_t>>& perm);

Result<CopyPlan> plan_transpose(const Shape& input, const std::optional<std::vector<int64_t>>& perm,
                                size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& transpose_op();

}  // namespace tensor_ops
