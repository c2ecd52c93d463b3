// topK (ONNX TopK-11, torch.topk): along one axis, the k largest (or
// smallest) elements and their indices, as two outputs: values in x's dtype,
// indices in int32 or int64. Equal values keep the smaller index first; NaN
// ranks above +Infinity; -0 equals +0. The selection is engine/top_k.hpp's;
// docs/operations/topK.md states the rules.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

// The two output shapes of topK on x of `input` shape: x's shape with k at
// `axis` (negative from the end), k in [0, x.shape[axis]], x of rank >= 1.
Result<ShapeList> top_k_shapes(const char* op, const Shape& input, int64_t k, int64_t axis);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& top_k_op();

}  // namespace tensor_ops
