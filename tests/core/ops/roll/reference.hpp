// roll's reference: written from docs/operations/roll.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/roll.hpp"
#include "reference_common.hpp"

namespace ref {

std::optional<Gather> roll(const Shape& in, const Ints& shift, const Ints& axes);

}  // namespace ref
