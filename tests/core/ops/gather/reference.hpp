// gather's reference: written from docs/operations/gather.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/gather.hpp"
#include "reference_common.hpp"

namespace ref {

// `values`: the index tensor's values (row-major, of `indices` shape) as
// exact integers; nullopt also when one is outside [-d, d) for the dim d it
// indexes.
std::optional<Gather> gather(const Shape& in, const Shape& indices, const std::vector<__int128>& values,
                             int64_t axis, int64_t batch_dims);

}  // namespace ref
