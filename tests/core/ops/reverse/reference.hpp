// reverse's reference: written from docs/operations/reverse.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/reverse.hpp"
#include "reference_common.hpp"

namespace ref {

std::optional<Gather> reverse(const Shape& in, const std::optional<Ints>& axes);

}  // namespace ref
