// What argMax and argMin share (ONNX ArgMax-13 / ArgMin-13, numpy): their
// parameters, checks, output shape and dtype, and the kernel over
// engine/arg_reduce.hpp. Each operation's own file names its entry.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

// The output shape of an index reduction of x of `input` shape along `axis`
// (negative from the end): x of rank >= 1, x.shape[axis] >= 1; the axis
// dropped, or kept as 1 with `keep_dims`. `op` names the operation in errors.
Result<Shape> arg_reduce_shape(const char* op, const Shape& input, int64_t axis, bool keep_dims);

// The table entry `name`(x, axis, { keepDims, selectLastIndex, dtype }):
// the index of the largest element (max) or of the smallest.
OpSpec arg_reduce_spec(const char* name, bool max);

}  // namespace tensor_ops
