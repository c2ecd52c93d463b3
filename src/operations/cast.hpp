// Cast (ONNX Cast-21, WebNN cast, numpy astype), with scale and bias: every
// dtype to every dtype, optionally as convert(x * scale + bias) with one
// scale and bias or one per index of an axis. The value rules are the
// engine's (engine/convert_scalar.hpp); docs/operations/cast.md states them.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

// The checks of a cast of x of `input` shape: `scale` and `bias` have 0
// (not given), 1 or input[axis] values; axis (when given) is an axis of x
// and comes with scale or bias; one that has several values needs it.
Status check_cast(const Shape& input, const std::vector<double>& scale, const std::vector<double>& bias,
                  std::optional<int64_t> axis);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& cast_op();

}  // namespace tensor_ops
