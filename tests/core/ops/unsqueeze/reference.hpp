// unsqueeze's reference: written from docs/operations/unsqueeze.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/unsqueeze.hpp"
#include "reference_common.hpp"

namespace ref {

std::optional<Gather> unsqueeze(const Shape& in, const Ints& axes);

}  // namespace ref
