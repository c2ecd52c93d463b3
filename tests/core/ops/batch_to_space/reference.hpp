// batchToSpace's reference: written from docs/operations/batchToSpace.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/batch_to_space.hpp"
#include "reference_common.hpp"

namespace ref {

std::optional<Gather> batch_to_space(const Shape& in, const Ints& block, const Ints& crops_begin,
                                     const Ints& crops_end);

}  // namespace ref
