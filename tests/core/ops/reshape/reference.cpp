#include "ops/reshape/reference.hpp"

namespace ref {

std::optional<Gather> reshape(const Shape& in, const Ints& shape, bool special_zero) {
  if (!valid_shape(in)) return std::nullopt;
  Shape out(shape.size());
  std::vector<bool> copied_in(in.size(), false);
  int64_t minus_one = -1, p = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t v = shape[i];
    if (v < -1 || v > kMaxDim) return std::nullopt;
    if (v == -1) {
      if (minus_one >= 0) return std::nullopt;
      minus_one = static_cast<int64_t>(i);
    } else if (v == 0 && special_zero) {
      if (i >= in.size()) return std::nullopt;
      out[i] = in[i];
      copied_in[i] = true;
    } else {
      out[i] = v;
      p *= v;
    }
  }
  if (minus_one >= 0) {
    int64_t q = 1;
    for (size_t i = 0; i < in.size(); ++i) {
      if (!copied_in[i]) q *= in[i];
    }
    if (p == 0 || q % p != 0) return std::nullopt;
    out[static_cast<size_t>(minus_one)] = q / p;
  }
  if (volume(out) != volume(in)) return std::nullopt;
  return identity(out);
}

}  // namespace ref
