// flatten's reference: written from docs/operations/flatten.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/flatten.hpp"
#include "reference_common.hpp"

namespace ref {

std::optional<Gather> flatten(const Shape& in, int64_t axis);

}  // namespace ref
