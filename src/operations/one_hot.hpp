// oneHot (ONNX OneHot-11, tf.one_hot): indices of an integer dtype spread
// along a new axis of size depth: values[1] where an index names the place,
// values[0] everywhere else; an index in [-depth, -1] counts from the end,
// one outside [-depth, depth) leaves its row at values[0]. The output's
// dtype is the `dtype` option (float32 by default). docs/operations/oneHot.md
// states the rules.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

// The output shape of oneHot on indices of `input` shape and `dtype`:
// indices of an integer dtype, depth >= 1, axis in [-rank - 1, rank].
Result<Shape> one_hot_shape(const Shape& input, DType dtype, int64_t depth, int64_t axis);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& one_hot_op();

}  // namespace tensor_ops
