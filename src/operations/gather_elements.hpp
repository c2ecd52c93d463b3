// GatherElements (ONNX GatherElements, OpenVINO GatherElements-6,
// torch.gather, numpy.take_along_axis): out[i] = x[i with its axis entry
// replaced by indices[i]], one element per index; output shape =
// indices.shape.
#pragma once

#include "operations/gather.hpp"

namespace tensor_ops {

Result<Shape> gather_elements_shape(const Shape& input, const Indices& indices, int64_t axis, size_t elem_size);

Result<CopyPlan> plan_gather_elements(const Shape& input, const Indices& indices, int64_t axis,
                                      size_t elem_size);

}  // namespace tensor_ops
