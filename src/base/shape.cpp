#include "base/shape.hpp"

#include <cstddef>
#include <limits>

#include "base/error.hpp"

namespace tensor_ops {

std::string format_list(const std::vector<int64_t>& values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i != 0) text += ", ";
    text += std::to_string(values[i]);
  }
  return text + "]";
}

bool checked_mul(int64_t a, int64_t b, int64_t* result) noexcept {
  if (a != 0 && b > std::numeric_limits<int64_t>::max() / a) return false;
  *result = a * b;
  return true;
}

Status check_shape(const char* op, const char* param, const Shape& shape) {
  return check_shape(op, param, shape.data(), shape.size());
}

Status check_shape(const char* op, const char* param, const int64_t* dims, size_t rank) {
  int64_t nonzero_product = 1;
  for (size_t i = 0; i < rank; ++i) {
    const int64_t dim = dims[i];
    if (dim < 0 || dim > kMaxDim) {
      return invalid_argument(op, std::string(param) + " " + format_list(Shape(dims, dims + rank)) + " has dim " +
                                      std::to_string(dim) + " at index " + std::to_string(i) +
                                      "; dims must be integers in [0, 2^53]");
    }
    if (dim != 0 && !checked_mul(nonzero_product, dim, &nonzero_product)) {
      return invalid_argument(op, std::string(param) + " " + format_list(Shape(dims, dims + rank)) +
                                      " has a volume that overflows 64 bits");
    }
  }
  return Status();
}

int64_t volume(const Shape& shape) noexcept { return volume(shape.data(), shape.size()); }

int64_t volume(const int64_t* dims, size_t rank) noexcept {
  int64_t product = 1;
  for (size_t i = 0; i < rank; ++i) product *= dims[i];
  return product;
}

ShapeList shape_list(const std::vector<Shape>& shapes) {
  ShapeList list;
  for (const Shape& s : shapes) list.push_back(s.data(), s.size());
  return list;
}

std::vector<int64_t> row_major_strides(const Shape& shape) {
  std::vector<int64_t> strides(shape.size());
  int64_t stride = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    strides[i] = stride;
    // Dims of 0 leave the stride as is: the tensor is empty and never read,
    // and the checked product of the non-zero dims bounds every stride.
    if (shape[i] != 0) stride *= shape[i];
  }
  return strides;
}

Result<int64_t> normalize_axis(const char* op, const char* param, int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank) {
    return invalid_argument(op, std::string(param) + " value " + std::to_string(axis) +
                             " is out of range [" + std::to_string(-rank) + ", " +
                             std::to_string(rank) + ") for rank " + std::to_string(rank));
  }
  return axis < 0 ? axis + rank : axis;
}

Status check_output_bytes(const char* op, const Shape& shape, size_t elem_size) {
  // The non-zero dims must multiply within int64 (strides stay exact) and
  // the real byte count must be addressable on this target.
  int64_t nonzero = 1;
  int64_t bytes = 0;
  bool fits = true;
  for (int64_t dim : shape) {
    if (dim != 0) fits = fits && checked_mul(nonzero, dim, &nonzero);
  }
  fits = fits && checked_mul(volume(shape), static_cast<int64_t>(elem_size), &bytes);
  if (!fits || static_cast<uint64_t>(bytes) > std::numeric_limits<size_t>::max()) {
    return out_of_memory(op, "output shape " + format_list(shape) + " of " +
                                 std::to_string(elem_size) + "-byte elements does not fit in memory");
  }
  return Status();
}

}  // namespace tensor_ops
