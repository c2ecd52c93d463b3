// depthToSpace's reference: written from docs/operations/depthToSpace.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/depth_to_space.hpp"
#include "reference_common.hpp"

namespace ref {

using tensor_ops::BlockMode;
using tensor_ops::DataFormat;

std::optional<Gather> depth_to_space(const Shape& in, int64_t b, DataFormat format,
                                     BlockMode mode);

}  // namespace ref
