#include "engine/view.hpp"

namespace tensor_ops {

View View::of(const Shape& shape) {
  View v;
  v.dims = shape;
  v.strides = row_major_strides(shape);
  return v;
}

View& View::permute(const std::vector<size_t>& perm) {
  View old = *this;
  for (size_t k = 0; k < perm.size(); ++k) {
    dims[k] = old.dims[perm[k]];
    strides[k] = old.strides[perm[k]];
  }
  return *this;
}

View& View::split_axis(size_t axis, int64_t outer, int64_t inner) {
  const auto at = static_cast<std::ptrdiff_t>(axis);
  dims[axis] = inner;
  dims.insert(dims.begin() + at, outer);
  strides.insert(strides.begin() + at, strides[axis] * inner);
  return *this;
}

View& View::reverse(size_t axis) noexcept {
  if (dims[axis] > 0) offset += (dims[axis] - 1) * strides[axis];
  strides[axis] = -strides[axis];
  return *this;
}

View& View::slice(size_t axis, int64_t start, int64_t count, int64_t step) noexcept {
  if (count > 0) offset += start * strides[axis];
  dims[axis] = count;
  strides[axis] *= step;
  return *this;
}

View& View::insert_axis(size_t axis, int64_t n) {
  const auto at = static_cast<std::ptrdiff_t>(axis);
  dims.insert(dims.begin() + at, n);
  strides.insert(strides.begin() + at, 0);
  return *this;
}

StridedCopy copy_to_contiguous(const View& source) {
  return copy_between(source, View::of(source.dims));
}

StridedCopy copy_between(const View& source, const View& destination) {
  StridedCopy copy;
  copy.dims = source.dims;
  copy.src_strides = source.strides;
  copy.src_offset = source.offset;
  copy.dst_strides = destination.strides;
  copy.dst_offset = destination.offset;
  return copy;
}

}  // namespace tensor_ops
