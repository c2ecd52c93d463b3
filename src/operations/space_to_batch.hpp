// SpaceToBatch (OpenVINO SpaceToBatch-2, TensorFlow SpaceToBatchND): pads
// x with zeros, then moves blocks of each axis into the batch (block
// offsets outermost in the output batch index, the original batch innermost).
#pragma once

#include "operations/batch_layout.hpp"

namespace tensor_ops {

Result<Shape> space_to_batch_shape(const Shape& input, const std::vector<int64_t>& block_shape,
                                   const std::vector<int64_t>& pads_begin,
                                   const std::vector<int64_t>& pads_end);

Result<CopyPlan> plan_space_to_batch(const Shape& input, const std::vector<int64_t>& block_shape,
                                     const std::vector<int64_t>& pads_begin,
                                     const std::vector<int64_t>& pads_end, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& space_to_batch_op();

}  // namespace tensor_ops
