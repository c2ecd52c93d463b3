// ScatterElements (ONNX ScatterElements-18, torch.scatter): a copy of x
// with each element of updates written (or combined) at the place along
// `axis` its index names. The rules are docs/operations/scatterElements.md;
// the engine is engine/scatter.hpp.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

// The output shape (x's) once the shapes fit: indices and updates of one
// shape and x's rank, each dim <= x's off the axis.
Result<Shape> scatter_elements_shape(const Shape& x, const Shape& indices, const Shape& updates, int64_t axis);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& scatter_elements_op();

}  // namespace tensor_ops
