#include "ops/gather_elements/reference.hpp"

#include "ops/_shared/index_reference.hpp"

namespace ref {

std::optional<Gather> gather_elements(const Shape& in, const Shape& indices, const std::vector<__int128>& values,
                                      int64_t axis) {
  if (!valid_shape(in) || !valid_shape(indices) || static_cast<int64_t>(values.size()) != volume(indices)) {
    return std::nullopt;
  }
  const int64_t r = static_cast<int64_t>(in.size());
  if (r == 0 || axis < -r || axis >= r || indices.size() != in.size()) return std::nullopt;
  const size_t a = static_cast<size_t>(axis < 0 ? axis + r : axis);
  for (size_t k = 0; k < in.size(); ++k) {
    if (k != a && indices[k] > in[k]) return std::nullopt;
  }
  if (!all_in_range(values, {in[a]})) return std::nullopt;
  Gather g;
  g.shape = indices;
  for_each_index(indices, [&](const Ints& o) {
    Ints xi = o;
    xi[a] = *pick(values[static_cast<size_t>(flat(indices, o))], in[a]);
    g.from.push_back(flat(in, xi));
  });
  return g;
}

}  // namespace ref
