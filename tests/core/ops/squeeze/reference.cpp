#include "ops/squeeze/reference.hpp"

namespace ref {

// squeeze: the listed axes (each of dim 1, none twice; negative from the
// end) or every axis of dim 1 dropped; the elements in order.
std::optional<Gather> squeeze(const Shape& in, const std::optional<Ints>& axes) {
  if (!valid_shape(in)) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  std::vector<bool> drop(in.size(), false);
  if (!axes) {
    for (size_t k = 0; k < in.size(); ++k) drop[k] = in[k] == 1;
  }
  for (int64_t a : axes.value_or(Ints{})) {
    if (a < -rank || a >= rank) return std::nullopt;
    const size_t k = static_cast<size_t>(a < 0 ? a + rank : a);
    if (drop[k] || in[k] != 1) return std::nullopt;
    drop[k] = true;
  }
  Shape out;
  for (size_t k = 0; k < in.size(); ++k) {
    if (!drop[k]) out.push_back(in[k]);
  }
  return identity(out);
}

}  // namespace ref
