// GatherND (ONNX GatherND-13, OpenVINO GatherND-8 with its batch dims
// kept): the last dim of indices, k, holds index tuples into x's k dims
// after the batch dims; each tuple picks a slice x.shape[batchDims + k:].
#pragma once

#include "operations/gather.hpp"

namespace tensor_ops {

// indices.shape[:-1] + x.shape[batchDims + k:].
Result<Shape> gather_nd_shape(const Shape& input, const Indices& indices, int64_t batch_dims);

Result<CopyPlan> plan_gather_nd(const Shape& input, const Indices& indices, int64_t batch_dims,
                                size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& gather_nd_op();

}  // namespace tensor_ops
