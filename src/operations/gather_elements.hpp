// GatherElements (ONNX GatherElements, OpenVINO GatherElements-6,
// torch.gather, numpy.take_along_axis): out[i] = x[i with its axis entry
// replaced by indices[i]], one element per index; output shape =
// indices.shape.
#pragma once

#include "operations/gather.hpp"

namespace tensor_ops {

Result<Shape> gather_elements_shape(const Shape& input, const Indices& indices, int64_t axis);

Result<CopyPlan> plan_gather_elements(const Shape& input, const Indices& indices, int64_t axis,
                                      size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& gather_elements_op();

}  // namespace tensor_ops
