// gatherElements's reference: written from docs/operations/gatherElements.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/gather_elements.hpp"
#include "reference_common.hpp"

namespace ref {

std::optional<Gather> gather_elements(const Shape& in, const Shape& indices, const std::vector<__int128>& values,
                                      int64_t axis);

}  // namespace ref
