// BatchToSpace (OpenVINO BatchToSpace-2, TensorFlow BatchToSpaceND): the
// exact inverse of SpaceToBatch, moving blocks of the batch back into the
// axes, then cropping.
#pragma once

#include "operations/batch_layout.hpp"

namespace tensor_ops {

Result<Shape> batch_to_space_shape(const Shape& input, const std::vector<int64_t>& block_shape,
                                   const std::vector<int64_t>& crops_begin,
                                   const std::vector<int64_t>& crops_end);

Result<CopyPlan> plan_batch_to_space(const Shape& input, const std::vector<int64_t>& block_shape,
                                     const std::vector<int64_t>& crops_begin,
                                     const std::vector<int64_t>& crops_end, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& batch_to_space_op();

}  // namespace tensor_ops
