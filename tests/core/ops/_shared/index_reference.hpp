// What the references of the gather family share: index values read by the
// rules, one output index at a time. `values` are the index tensor's values
// (row-major) as exact integers; a reference is nullopt also when one is
// outside [-d, d) for the dim d it indexes.
#pragma once

#include <optional>
#include <vector>

#include "operations/gather.hpp"
#include "reference_common.hpp"

namespace ref {

// An index value v for a dim of size d: v (v >= 0) or d + v, nullopt outside [-d, d).
inline std::optional<int64_t> pick(__int128 v, int64_t d) {
  if (v < -static_cast<__int128>(d) || v >= d) return std::nullopt;
  return static_cast<int64_t>(v < 0 ? v + d : v);
}

inline bool all_in_range(const std::vector<__int128>& values, const std::vector<int64_t>& dims) {
  // dims[j]: the range of component j (values cycle through the components).
  for (size_t p = 0; p < values.size(); ++p) {
    if (!pick(values[p], dims[p % dims.size()])) return false;
  }
  return true;
}

}  // namespace ref
