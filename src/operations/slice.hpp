// Slice (OpenVINO Slice-8 = ONNX Slice-13 = numpy basic slicing): along each
// listed axis, the elements start, start + step, ... before end, after
// negative values are counted from the end and clamped to the axis.
#pragma once

#include <optional>

#include "operations/op_spec.hpp"

namespace tensor_ops {

// starts, ends and (when given) axes and steps have the same length n;
// axes default to 0..n-1, steps to all 1. Any int64 start or end is valid.
Result<Shape> slice_shape(const Shape& input, const std::vector<int64_t>& starts,
                          const std::vector<int64_t>& ends,
                          const std::optional<std::vector<int64_t>>& axes,
                          const std::optional<std::vector<int64_t>>& steps);

Result<CopyPlan> plan_slice(const Shape& input, const std::vector<int64_t>& starts,
                            const std::vector<int64_t>& ends,
                            const std::optional<std::vector<int64_t>>& axes,
                            const std::optional<std::vector<int64_t>>& steps, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& slice_op();

}  // namespace tensor_ops
