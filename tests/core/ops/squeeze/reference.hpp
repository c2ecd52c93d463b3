// squeeze's reference: written from docs/operations/squeeze.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/squeeze.hpp"
#include "reference_common.hpp"

namespace ref {

std::optional<Gather> squeeze(const Shape& in, const std::optional<Ints>& axes);

}  // namespace ref
