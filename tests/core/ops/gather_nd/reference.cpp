#include "ops/gather_nd/reference.hpp"

#include "ops/_shared/index_reference.hpp"

namespace ref {

std::optional<Gather> gather_nd(const Shape& in, const Shape& indices, const std::vector<__int128>& values,
                                int64_t batch_dims) {
  if (!valid_shape(in) || !valid_shape(indices) || static_cast<int64_t>(values.size()) != volume(indices)) {
    return std::nullopt;
  }
  const int64_t q = static_cast<int64_t>(indices.size());
  if (q == 0 || batch_dims < 0 || batch_dims >= q) return std::nullopt;
  const int64_t k = indices.back();
  const int64_t b = batch_dims;
  if (b + k > static_cast<int64_t>(in.size())) return std::nullopt;
  for (int64_t d = 0; d < b; ++d) {
    if (in[static_cast<size_t>(d)] != indices[static_cast<size_t>(d)]) return std::nullopt;
  }
  if (k > 0 && !all_in_range(values, Ints(in.begin() + b, in.begin() + b + k))) return std::nullopt;
  Gather g;
  g.shape.assign(indices.begin(), indices.end() - 1);
  g.shape.insert(g.shape.end(), in.begin() + b + k, in.end());
  // out[o] = x[o[:b], indices[o[:q-1], 0..k-1], o[q-1:]]
  for_each_index(g.shape, [&](const Ints& o) {
    Ints xi(o.begin(), o.begin() + b);
    Ints ii(o.begin(), o.begin() + (q - 1));
    ii.push_back(0);
    for (int64_t j = 0; j < k; ++j) {
      ii.back() = j;
      xi.push_back(*pick(values[static_cast<size_t>(flat(indices, ii))], in[static_cast<size_t>(b + j)]));
    }
    xi.insert(xi.end(), o.begin() + (q - 1), o.end());
    g.from.push_back(flat(in, xi));
  });
  return g;
}

}  // namespace ref
