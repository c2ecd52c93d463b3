#include "ops/slice/reference.hpp"

namespace ref {

std::optional<Gather> slice(const Shape& in, const Ints& starts, const Ints& ends,
                            const std::optional<Ints>& axes, const std::optional<Ints>& steps) {
  if (!valid_shape(in)) return std::nullopt;
  const size_t n = starts.size();
  if (ends.size() != n || (axes && axes->size() != n) || (steps && steps->size() != n)) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  // Per axis, the input indices kept, in order: every index by default.
  std::vector<Ints> kept(in.size());
  for (size_t k = 0; k < in.size(); ++k) {
    for (int64_t i = 0; i < in[k]; ++i) kept[k].push_back(i);
  }
  std::vector<bool> listed(in.size(), false);
  for (size_t j = 0; j < n; ++j) {
    int64_t a = axes ? (*axes)[j] : static_cast<int64_t>(j);
    if (a < -rank || a >= rank) return std::nullopt;
    if (a < 0) a += rank;
    if (listed[static_cast<size_t>(a)]) return std::nullopt;
    listed[static_cast<size_t>(a)] = true;
    const __int128 s = steps ? (*steps)[j] : 1;
    if (s == 0) return std::nullopt;
    // In 128 bits: the rules' additions and clamps, then a walk from start
    // by step while before end.
    const __int128 d = in[static_cast<size_t>(a)];
    __int128 b = starts[j], e = ends[j];
    if (b < 0) b += d;
    if (e < 0) e += d;
    auto clamp = [](__int128 v, __int128 lo, __int128 hi) { return v < lo ? lo : (v > hi ? hi : v); };
    Ints& out = kept[static_cast<size_t>(a)];
    out.clear();
    if (d == 0) continue;
    if (s > 0) {
      b = clamp(b, 0, d);
      e = clamp(e, 0, d);
      for (__int128 i = b; i < e; i += s) out.push_back(static_cast<int64_t>(i));
    } else {
      b = clamp(b, 0, d - 1);
      e = clamp(e, -1, d - 1);
      for (__int128 i = b; i > e; i += s) out.push_back(static_cast<int64_t>(i));
    }
  }
  Gather g;
  for (const Ints& k : kept) g.shape.push_back(static_cast<int64_t>(k.size()));
  for_each_index(g.shape, [&](const Ints& o) {
    Ints i(in.size());
    for (size_t k = 0; k < o.size(); ++k) i[k] = kept[k][static_cast<size_t>(o[k])];
    g.from.push_back(flat(in, i));
  });
  return g;
}

}  // namespace ref
