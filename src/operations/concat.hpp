// Concat (OpenVINO Concat-1, ONNX Concat, numpy.concatenate): a non-empty
// list of tensors of rank >= 1, equal in every dim but `axis`, joined along
// `axis` (negative counts from the end).
#pragma once

#include <vector>

#include "operations/op_spec.hpp"

namespace tensor_ops {

Result<Shape> concat_shape(const std::vector<Shape>& inputs, int64_t axis);
// The same for the inputs' shapes as one list (what the operation table passes).
Result<Shape> concat_list_shape(const ShapeList& inputs, int64_t axis);

// One copy per non-empty input: input k (the plan's source k) is written
// whole at its offset along `axis` of the output. Along axis 0 each copy is
// one contiguous run; along the last axis, rows of each input. Beyond
// kMaxPartCopies inputs, one run per input of a RunCopy instead.
Result<CopyPlan> plan_concat(const std::vector<Shape>& inputs, int64_t axis, size_t elem_size);
Result<CopyPlan> plan_concat_list(const ShapeList& inputs, int64_t axis, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& concat_op();

}  // namespace tensor_ops
