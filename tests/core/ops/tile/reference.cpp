#include "ops/tile/reference.hpp"

namespace ref {

std::optional<Gather> tile(const Shape& in, const Ints& repeats) {
  if (!valid_shape(in)) return std::nullopt;
  for (int64_t r : repeats) {
    if (r < 0) return std::nullopt;
  }
  const size_t rank = std::max(in.size(), repeats.size());
  Shape d(rank - in.size(), 1);  // ones prepended to the shorter of the two
  d.insert(d.end(), in.begin(), in.end());
  Ints r(rank - repeats.size(), 1);
  r.insert(r.end(), repeats.begin(), repeats.end());
  Gather g;
  for (size_t k = 0; k < rank; ++k) g.shape.push_back(d[k] * r[k]);
  // The input repeated as a whole block: output index o reads o mod d per axis.
  for_each_index(g.shape, [&](const Ints& o) {
    Ints i(rank);
    for (size_t k = 0; k < rank; ++k) i[k] = o[k] % d[k];
    g.from.push_back(flat(d, i));
  });
  return g;
}

}  // namespace ref
