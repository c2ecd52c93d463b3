// spaceToDepth's reference: written from docs/operations/spaceToDepth.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/space_to_depth.hpp"
#include "reference_common.hpp"

namespace ref {

using tensor_ops::BlockMode;
using tensor_ops::DataFormat;

std::optional<Gather> space_to_depth(const Shape& in, int64_t b, DataFormat format,
                                     BlockMode mode);

}  // namespace ref
