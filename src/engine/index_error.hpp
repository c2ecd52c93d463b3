// The error of an index value out of range, worded one way for every
// operation that reads indices (gather*, the scatters):
// "<op>: indices[i, j] value v is out of range [-d, d) of x.shape[a] = d".
#pragma once

#include <cstdint>
#include <vector>

#include "base/error.hpp"
#include "base/shape.hpp"
#include "engine/copy_plan.hpp"
#include "engine/engine.hpp"

namespace tensor_ops {

// `bad` as the checks report it: its row-major position in an index tensor
// of `index_shape`, the component (which of `axes`, of sizes `axis_dims`,
// the value indexes) and the value's bits in `type`.
Status index_out_of_range(const char* op, const Shape& index_shape, IndexType type, const BadIndex& bad,
                          const std::vector<int64_t>& axes, const std::vector<int64_t>& axis_dims);

}  // namespace tensor_ops
