// SpaceToDepth (TensorFlow), with OpenVINO's blocks_first / depth_first modes.
#pragma once

#include "operations/block_layout.hpp"

namespace tensor_ops {

Result<Shape> space_to_depth_shape(const Shape& input, int64_t block_size,
                           DataFormat format = DataFormat::NHWC);

Result<CopyPlan> plan_space_to_depth(const Shape& input, int64_t block_size, DataFormat format,
                             BlockMode mode, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& space_to_depth_op();

}  // namespace tensor_ops
