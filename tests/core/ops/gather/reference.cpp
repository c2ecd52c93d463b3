#include "ops/gather/reference.hpp"

#include "ops/_shared/index_reference.hpp"

namespace ref {

std::optional<Gather> gather(const Shape& in, const Shape& indices, const std::vector<__int128>& values,
                             int64_t axis, int64_t batch_dims) {
  if (!valid_shape(in) || !valid_shape(indices) || static_cast<int64_t>(values.size()) != volume(indices)) {
    return std::nullopt;
  }
  const int64_t r = static_cast<int64_t>(in.size());
  const int64_t q = static_cast<int64_t>(indices.size());
  if (r == 0 || axis < -r || axis >= r) return std::nullopt;
  const int64_t a = axis < 0 ? axis + r : axis;
  const int64_t b = batch_dims < 0 ? batch_dims + q : batch_dims;
  if (b < 0 || b > std::min(a, q)) return std::nullopt;
  for (int64_t k = 0; k < b; ++k) {
    if (in[static_cast<size_t>(k)] != indices[static_cast<size_t>(k)]) return std::nullopt;
  }
  if (!all_in_range(values, {in[static_cast<size_t>(a)]})) return std::nullopt;
  Gather g;
  g.shape.assign(in.begin(), in.begin() + a);
  g.shape.insert(g.shape.end(), indices.begin() + b, indices.end());
  g.shape.insert(g.shape.end(), in.begin() + a + 1, in.end());
  // out[o] = x[o[:a], indices[o[:b], o[a:a+q-b]], o[a+q-b:]]
  for_each_index(g.shape, [&](const Ints& o) {
    Ints ii(o.begin(), o.begin() + b);
    ii.insert(ii.end(), o.begin() + a, o.begin() + a + (q - b));
    Ints xi(o.begin(), o.begin() + a);
    xi.push_back(*pick(values[static_cast<size_t>(flat(indices, ii))], in[static_cast<size_t>(a)]));
    xi.insert(xi.end(), o.begin() + a + (q - b), o.end());
    g.from.push_back(flat(in, xi));
  });
  return g;
}

}  // namespace ref
