// pad's reference: written from docs/operations/pad.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/pad.hpp"
#include "reference_common.hpp"

namespace ref {

// value: the fill value's bits, or nullopt when not given (then 0).
std::optional<Gather> pad(const Shape& in, const Ints& pads_begin, const Ints& pads_end,
                          tensor_ops::PadMode mode, std::optional<uint64_t> value);

}  // namespace ref
