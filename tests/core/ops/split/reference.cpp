#include "ops/split/reference.hpp"

namespace ref {

// Part p of split holds input indices whose axis index lies in
// [start_p, start_p + len_p), at that index minus start_p.
std::optional<std::vector<Gather>> split(const Shape& in, const Ints& splits, bool count, int64_t axis) {
  if (!valid_shape(in) || in.empty()) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  if (axis < -rank || axis >= rank) return std::nullopt;
  const size_t a = static_cast<size_t>(axis < 0 ? axis + rank : axis);
  const int64_t d = in[a];
  Ints lengths;
  if (count) {
    const int64_t k = splits.at(0);
    if (k < 1 || k > 65536 || d % k != 0) return std::nullopt;
    lengths.assign(static_cast<size_t>(k), d / k);
  } else {
    if (splits.empty() || splits.size() > 65536) return std::nullopt;
    int minus = 0;
    int64_t known = 0;
    for (int64_t v : splits) {
      if (v < -1) return std::nullopt;
      if (v == -1) {
        ++minus;
      } else {
        if (v > d) return std::nullopt;
        known += v;
      }
    }
    if (minus > 1 || known > d || (minus == 0 && known != d)) return std::nullopt;
    for (int64_t v : splits) lengths.push_back(v == -1 ? d - known : v);
  }
  std::vector<Gather> parts;
  int64_t start = 0;
  for (int64_t len : lengths) {
    Gather g;
    g.shape = in;
    g.shape[a] = len;
    for_each_index(g.shape, [&](const Ints& o) {
      Ints i = o;
      i[a] += start;
      g.from.push_back(flat(in, i));
    });
    parts.push_back(std::move(g));
    start += len;
  }
  return parts;
}

}  // namespace ref
