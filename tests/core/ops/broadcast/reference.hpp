// broadcast's reference: written from docs/operations/broadcast.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/broadcast.hpp"
#include "reference_common.hpp"

namespace ref {

using tensor_ops::BroadcastMode;

std::optional<Gather> broadcast(const Shape& in, const Ints& target, BroadcastMode mode,
                                const std::optional<Ints>& axes_mapping);

}  // namespace ref
