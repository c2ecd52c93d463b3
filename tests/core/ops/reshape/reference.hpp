// reshape's reference: written from docs/operations/reshape.md index by index
// (tests/core/reference_common.hpp says how references are written).
#pragma once

#include "operations/reshape.hpp"
#include "reference_common.hpp"

namespace ref {

// Each returns nullopt when docs/operations.md says the parameters are invalid (with
// any error code). The inputs must be small: no overflow handling beyond
// what the tests need.
std::optional<Gather> reshape(const Shape& in, const Ints& shape, bool special_zero);

}  // namespace ref
