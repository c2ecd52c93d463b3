// transpose's reference: written from docs/operations/transpose.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/transpose.hpp"
#include "reference_common.hpp"

namespace ref {

std::optional<Gather> transpose(const Shape& in, const std::optional<Ints>& perm);

}  // namespace ref
