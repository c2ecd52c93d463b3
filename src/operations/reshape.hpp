// Reshape (OpenVINO Reshape-1): the same elements under a new shape.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

Result<Shape> reshape_shape(const Shape& input, const std::vector<int64_t>& shape, bool special_zero);

Result<CopyPlan> plan_reshape(const Shape& input, const std::vector<int64_t>& shape, bool special_zero,
                              size_t elem_size);

// The plan of x's elements in order under `output`: one contiguous copy
// (needed only when x is read from a strided view; else the result is a
// view). Every reshape-like operation plans so: reshape, squeeze, unsqueeze,
// flatten. `output`'s error, if it has one, is returned as is.
Result<CopyPlan> plan_as_reshape(const Shape& input, Result<Shape> output, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& reshape_op();

}  // namespace tensor_ops
