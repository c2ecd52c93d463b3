// Reverse (WebNN reverse, numpy.flip, OpenVINO Reverse-1 "index" mode): the
// listed axes run backwards; axes left out reverses every axis.
#pragma once

#include <optional>

#include "operations/op_spec.hpp"

namespace tensor_ops {

Result<Shape> reverse_shape(const Shape& input, const std::optional<std::vector<int64_t>>& axes);

Result<CopyPlan> plan_reverse(const Shape& input, const std::optional<std::vector<int64_t>>& axes,
                              size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& reverse_op();

}  // namespace tensor_ops
