// Where (ONNX Where-16, WebNN where, numpy.where): out = condition ? a : b,
// element by element, the three shapes broadcast together (numpy). The
// engine is engine/select.hpp; docs/operations/where.md states the rules.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

// The shape the three broadcast to (aligned at their last dims; a dim of 1
// stretches), or SHAPE_MISMATCH naming the inputs that do not fit.
Result<Shape> where_shape(const Shape& condition, const Shape& a, const Shape& b);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& where_op();

}  // namespace tensor_ops
