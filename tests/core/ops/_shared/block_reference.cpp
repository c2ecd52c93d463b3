#include "ops/_shared/block_reference.hpp"

namespace ref {

int64_t ipow(int64_t b, size_t k) {
  int64_t r = 1;
  for (size_t i = 0; i < k; ++i) r *= b;
  return r;
}

Logical logical_dims(const Shape& shape, DataFormat format) {
  Logical l;
  l.n = shape[0];
  if (format == DataFormat::NHWC) {
    l.spatial = {shape[1], shape[2]};
    l.c = shape[3];
  } else if (format == DataFormat::NCHW) {
    l.c = shape[1];
    l.spatial.assign(shape.begin() + 2, shape.end());
  } else {
    l.c = shape[1] * 4;
    l.spatial = {shape[2], shape[3]};
  }
  return l;
}

Shape physical_shape(const Logical& l, DataFormat format) {
  if (format == DataFormat::NHWC) return {l.n, l.spatial[0], l.spatial[1], l.c};
  if (format == DataFormat::NCHW) {
    Shape s = {l.n, l.c};
    s.insert(s.end(), l.spatial.begin(), l.spatial.end());
    return s;
  }
  return {l.n, l.c / 4, l.spatial[0], l.spatial[1], 4};
}

int64_t physical_flat(const Shape& shape, DataFormat format, int64_t n, int64_t c,
                      const Ints& y) {
  if (format == DataFormat::NHWC) return flat(shape, {n, y[0], y[1], c});
  if (format == DataFormat::NCHW) {
    Ints idx = {n, c};
    idx.insert(idx.end(), y.begin(), y.end());
    return flat(shape, idx);
  }
  return flat(shape, {n, c / 4, y[0], y[1], c % 4});
}

bool valid_block_input(const Shape& in, int64_t b, DataFormat format) {
  if (!valid_shape(in) || b < 1) return false;
  if (format == DataFormat::NHWC) return in.size() == 4;
  if (format == DataFormat::NCHW) return in.size() >= 3;
  return in.size() == 5 && in[4] == 4;
}

}  // namespace ref
