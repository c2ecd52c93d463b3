#include "ops/pad/reference.hpp"

namespace ref {

// Pad: output index o along axis k stands for u = o - padsBegin[k] of the
// input padded by the positive parts and cut by the negative ones; u in
// [0, d) is the input, elsewhere the mode says which element (or the value).
std::optional<Gather> pad(const Shape& in, const Ints& pads_begin, const Ints& pads_end,
                          tensor_ops::PadMode mode, std::optional<uint64_t> value) {
  using tensor_ops::PadMode;
  if (!valid_shape(in) || pads_begin.size() != in.size() || pads_end.size() != in.size()) return std::nullopt;
  if (value && mode != PadMode::Constant) return std::nullopt;
  Gather g;
  g.fill = value.value_or(0);
  for (size_t k = 0; k < in.size(); ++k) {
    const int64_t d = in[k];
    for (int64_t p : {pads_begin[k], pads_end[k]}) {
      if (p <= 0) continue;
      if (mode == PadMode::Reflect && p > d - 1) return std::nullopt;
      if (mode == PadMode::Symmetric && p > d) return std::nullopt;
      if ((mode == PadMode::Edge || mode == PadMode::Wrap) && d < 1) return std::nullopt;
    }
    const int64_t out = pads_begin[k] + d + pads_end[k];
    if (out < 0) return std::nullopt;
    g.shape.push_back(out);
  }
  for_each_index(g.shape, [&](const Ints& o) {
    Ints i(in.size());
    for (size_t k = 0; k < in.size(); ++k) {
      const int64_t d = in[k];
      const int64_t u = o[k] - pads_begin[k];
      int64_t v = u;
      if (u < 0 || u >= d) {
        switch (mode) {
          case PadMode::Constant: g.from.push_back(-1); return;
          case PadMode::Edge: v = u < 0 ? 0 : d - 1; break;
          case PadMode::Reflect: v = u < 0 ? -u : 2 * (d - 1) - u; break;
          case PadMode::Symmetric: v = u < 0 ? -u - 1 : 2 * d - 1 - u; break;
          case PadMode::Wrap: v = ((u % d) + d) % d; break;
        }
      }
      i[k] = v;
    }
    g.from.push_back(flat(in, i));
  });
  return g;
}

}  // namespace ref
