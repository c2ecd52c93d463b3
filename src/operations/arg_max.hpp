// argMax (ONNX ArgMax-13, numpy.argmax): along one axis, the index of the
// largest element; NaN wins over every number, ties give the first index
// (or the last). The rules are arg_reduce_op.hpp's; docs/operations/argMax.md
// states them.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& arg_max_op();

}  // namespace tensor_ops
