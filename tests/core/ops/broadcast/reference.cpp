#include "ops/broadcast/reference.hpp"

namespace ref {

std::optional<Gather> broadcast(const Shape& in, const Ints& target, BroadcastMode mode,
                                const std::optional<Ints>& axes_mapping) {
  if (!valid_shape(in) || !valid_shape(target)) return std::nullopt;
  if (axes_mapping.has_value() != (mode == BroadcastMode::Explicit)) return std::nullopt;
  // For each input axis, the output axis it lines up with.
  Ints axis_of(in.size());
  Shape out;
  if (mode == BroadcastMode::Explicit) {
    const Ints& m = *axes_mapping;
    const bool scalar_one = in.empty() && m.size() == 1;  // data taken as [1]
    if (m.size() != in.size() && !scalar_one) return std::nullopt;
    for (size_t i = 0; i < m.size(); ++i) {
      if (m[i] < 0 || m[i] >= static_cast<int64_t>(target.size())) return std::nullopt;
      if (i > 0 && m[i] <= m[i - 1]) return std::nullopt;
      if (!scalar_one && in[i] != 1 && in[i] != target[static_cast<size_t>(m[i])]) {
        return std::nullopt;
      }
      if (!scalar_one) axis_of[i] = m[i];
    }
    out = target;
  } else {
    if (mode == BroadcastMode::Numpy && in.size() > target.size()) return std::nullopt;
    const size_t rank = in.size() > target.size() ? in.size() : target.size();
    out.assign(rank, 1);
    for (size_t j = 0; j < rank; ++j) {  // j counts from the right
      const size_t o = rank - 1 - j;
      const int64_t d = j < in.size() ? in[in.size() - 1 - j] : 1;
      const int64_t t = j < target.size() ? target[target.size() - 1 - j] : 1;
      if (mode == BroadcastMode::Numpy) {
        if (d != t && d != 1) return std::nullopt;
        out[o] = t;
      } else {
        if (d != t && d != 1 && t != 1) return std::nullopt;
        out[o] = d == 1 ? t : d;
      }
      if (j < in.size()) axis_of[in.size() - 1 - j] = static_cast<int64_t>(o);
    }
  }
  Gather g{out, {}};
  g.from.reserve(static_cast<size_t>(volume(out)));
  for_each_index(out, [&](const Ints& o) {
    Ints i(in.size());
    for (size_t k = 0; k < in.size(); ++k) {
      i[k] = in[k] == 1 ? 0 : o[static_cast<size_t>(axis_of[k])];
    }
    g.from.push_back(flat(in, i));
  });
  return g;
}

}  // namespace ref
