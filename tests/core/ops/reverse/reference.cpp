#include "ops/reverse/reference.hpp"

namespace ref {

std::optional<Gather> reverse(const Shape& in, const std::optional<Ints>& axes) {
  if (!valid_shape(in)) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  std::vector<bool> flip(in.size(), !axes);
  if (axes) {
    for (int64_t a : *axes) {
      if (a < -rank || a >= rank) return std::nullopt;
      const size_t k = static_cast<size_t>(a < 0 ? a + rank : a);
      if (flip[k]) return std::nullopt;
      flip[k] = true;
    }
  }
  Gather g;
  g.shape = in;
  // Output index o holds input index i with i[k] = d - 1 - o[k] on flipped axes.
  for_each_index(in, [&](const Ints& o) {
    Ints i = o;
    for (size_t k = 0; k < in.size(); ++k) {
      if (flip[k]) i[k] = in[k] - 1 - o[k];
    }
    g.from.push_back(flat(in, i));
  });
  return g;
}

}  // namespace ref
