// DepthToSpace: the exact inverse of SpaceToDepth for the same parameters.
#pragma once

#include "operations/block_layout.hpp"

namespace tensor_ops {

Result<Shape> depth_to_space_shape(const Shape& input, int64_t block_size,
                           DataFormat format = DataFormat::NHWC);

Result<CopyPlan> plan_depth_to_space(const Shape& input, int64_t block_size, DataFormat format,
                             BlockMode mode, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& depth_to_space_op();

}  // namespace tensor_ops
