// spaceToBatch's reference: written from docs/operations/spaceToBatch.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/space_to_batch.hpp"
#include "reference_common.hpp"

namespace ref {

// In spaceToBatch's gather, -1 marks an output element of zero bytes (padding).
std::optional<Gather> space_to_batch(const Shape& in, const Ints& block, const Ints& pads_begin,
                                     const Ints& pads_end);

}  // namespace ref
