#include "ops/concat/reference.hpp"

namespace ref {

// Output index o of concat reads input k, the one whose range along the
// axis holds o[axis], at o with o[axis] moved back by the dims before k.
std::optional<Gather> concat(const std::vector<Shape>& ins, int64_t axis) {
  if (ins.empty()) return std::nullopt;
  for (const Shape& s : ins) {
    if (!valid_shape(s) || s.empty()) return std::nullopt;
  }
  const int64_t rank = static_cast<int64_t>(ins[0].size());
  if (axis < -rank || axis >= rank) return std::nullopt;
  const size_t a = static_cast<size_t>(axis < 0 ? axis + rank : axis);
  Gather g;
  g.shape = ins[0];
  g.shape[a] = 0;
  for (const Shape& s : ins) {
    if (s.size() != ins[0].size()) return std::nullopt;
    for (size_t i = 0; i < s.size(); ++i) {
      if (i != a && s[i] != ins[0][i]) return std::nullopt;
    }
    g.shape[a] += s[a];
  }
  for_each_index(g.shape, [&](const Ints& o) {
    int64_t pos = o[a];
    int64_t base = 0;  // flat index of input k's first element
    size_t k = 0;
    while (pos >= ins[k][a]) {
      pos -= ins[k][a];
      base += volume(ins[k]);
      ++k;
    }
    Ints i = o;
    i[a] = pos;
    g.from.push_back(base + flat(ins[k], i));
  });
  return g;
}

}  // namespace ref
