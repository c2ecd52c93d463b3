#include "ops/transpose/reference.hpp"

namespace ref {

std::optional<Gather> transpose(const Shape& in, const std::optional<Ints>& perm) {
  if (!valid_shape(in)) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  Ints axes;
  if (!perm) {
    for (int64_t k = rank - 1; k >= 0; --k) axes.push_back(k);
  } else {
    if (static_cast<int64_t>(perm->size()) != rank) return std::nullopt;
    for (int64_t a : *perm) {
      if (a < -rank || a >= rank) return std::nullopt;
      const int64_t n = a < 0 ? a + rank : a;
      for (int64_t b : axes) {
        if (b == n) return std::nullopt;
      }
      axes.push_back(n);
    }
  }
  Gather g;
  for (int64_t a : axes) g.shape.push_back(in[static_cast<size_t>(a)]);
  // Output index o holds input index i with i[axes[k]] = o[k].
  for_each_index(g.shape, [&](const Ints& o) {
    Ints i(in.size());
    for (size_t k = 0; k < o.size(); ++k) i[static_cast<size_t>(axes[k])] = o[k];
    g.from.push_back(flat(in, i));
  });
  return g;
}

}  // namespace ref
