#include "ops/flatten/reference.hpp"

namespace ref {

// flatten: [product of the dims before axis, product of the rest], axis in [-rank, rank].
std::optional<Gather> flatten(const Shape& in, int64_t axis) {
  if (!valid_shape(in)) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  if (axis < -rank || axis > rank) return std::nullopt;
  const size_t at = static_cast<size_t>(axis < 0 ? axis + rank : axis);
  int64_t outer = 1, inner = 1;
  for (size_t k = 0; k < in.size(); ++k) (k < at ? outer : inner) *= in[k];
  if (outer > kMaxDim || inner > kMaxDim) return std::nullopt;
  return identity({outer, inner});
}

}  // namespace ref
