// ScatterND (ONNX ScatterND-18, tf.tensor_scatter_nd_update): a copy of x
// with each slice of updates written (or combined) at the place a tuple of
// leading coordinates names. The rules are docs/operations/scatterND.md;
// the engine is engine/scatter.hpp.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

// The output shape (x's) once the shapes fit: indices of rank >= 1 whose
// last dim k <= rank(x), updates of indices.shape[:-1] + x.shape[k:].
Result<Shape> scatter_nd_shape(const Shape& x, const Shape& indices, const Shape& updates);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& scatter_nd_op();

}  // namespace tensor_ops
