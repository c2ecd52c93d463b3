// slice's reference: written from docs/operations/slice.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/slice.hpp"
#include "reference_common.hpp"

namespace ref {

std::optional<Gather> slice(const Shape& in, const Ints& starts, const Ints& ends,
                            const std::optional<Ints>& axes, const std::optional<Ints>& steps);

}  // namespace ref
