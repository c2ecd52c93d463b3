// split's reference: written from docs/operations/split.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/split.hpp"
#include "reference_common.hpp"

namespace ref {

// Split: one Gather per part, in order. `count`: splits is {k}, k equal
// parts; else the lengths (one may be -1).
std::optional<std::vector<Gather>> split(const Shape& in, const Ints& splits, bool count, int64_t axis);

}  // namespace ref
