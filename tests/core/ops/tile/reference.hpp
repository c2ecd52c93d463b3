// tile's reference: written from docs/operations/tile.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/tile.hpp"
#include "reference_common.hpp"

namespace ref {

std::optional<Gather> tile(const Shape& in, const Ints& repeats);

}  // namespace ref
