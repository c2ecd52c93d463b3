// Tile (OpenVINO Tile-1, numpy.tile): the whole input repeated as a block
// along each axis; repeats shorter than the rank get ones prepended, longer
// ones prepend ones to the input shape.
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

Result<Shape> tile_shape(const Shape& input, const std::vector<int64_t>& repeats);

Result<CopyPlan> plan_tile(const Shape& input, const std::vector<int64_t>& repeats, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& tile_op();

}  // namespace tensor_ops
