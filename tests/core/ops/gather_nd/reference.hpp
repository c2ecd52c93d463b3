// gatherND's reference: written from docs/operations/gatherND.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/gather_nd.hpp"
#include "reference_common.hpp"

namespace ref {

std::optional<Gather> gather_nd(const Shape& in, const Shape& indices, const std::vector<__int128>& values,
                                int64_t batch_dims);

}  // namespace ref
