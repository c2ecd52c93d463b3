#include "reference_common.hpp"

namespace ref {

int64_t volume(const Shape& shape) {
  int64_t v = 1;
  for (int64_t d : shape) v *= d;
  return v;
}

bool valid_shape(const Shape& s) {
  for (int64_t d : s) {
    if (d < 0 || d > kMaxDim) return false;
  }
  return true;
}

int64_t flat(const Shape& shape, const Ints& idx) {
  int64_t f = 0;
  for (size_t i = 0; i < shape.size(); ++i) f = f * shape[i] + idx[i];
  return f;
}

Gather identity(const Shape& shape) {
  Gather g{shape, std::vector<int64_t>(static_cast<size_t>(volume(shape)))};
  for (size_t i = 0; i < g.from.size(); ++i) g.from[i] = static_cast<int64_t>(i);
  return g;
}

}  // namespace ref
