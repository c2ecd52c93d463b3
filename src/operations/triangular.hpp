// Triangular (ONNX Trilu-14, WebNN triangular): keeps the upper or lower
// triangle of each matrix of x's last two dims, counted from a diagonal,
// and zeroes the rest. The engine is engine/band.hpp;
// docs/operations/triangular.md states the rules.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

// The output shape of triangular on x of `input` shape: x itself, of rank >= 2.
Result<Shape> triangular_shape(const Shape& input);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& triangular_op();

}  // namespace tensor_ops
