// concat's reference: written from docs/operations/concat.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/concat.hpp"
#include "reference_common.hpp"

namespace ref {

// Concat: `from` indexes the inputs laid end to end (input k's flat index i
// is sum(volume(ins[j]), j < k) + i).
std::optional<Gather> concat(const std::vector<Shape>& ins, int64_t axis);

}  // namespace ref
