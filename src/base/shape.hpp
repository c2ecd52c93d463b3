// Shapes, volumes and axes, with the checks every operation shares.
// All arithmetic on dims is checked: a volume that does not fit is an error,
// never a silent wrap-around.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/error.hpp"

namespace tensor_ops {

using Shape = std::vector<int64_t>;

// The largest dim the API accepts: the largest integer a JS number holds exactly.
constexpr int64_t kMaxDim = int64_t{1} << 53;

// Several shapes back to back (the inputs of concat, the outputs of split):
// all their dims, and each one's rank. One list for all, so that many
// shapes (up to 2^16 parts, any number of inputs) take no allocation each.
// Shape k's dims start after the ranks of the shapes before it.
struct ShapeList {
  Shape dims;
  std::vector<int64_t> ranks;

  size_t size() const noexcept { return ranks.size(); }
  void push_back(const int64_t* first, size_t rank) {
    dims.insert(dims.end(), first, first + rank);
    ranks.push_back(static_cast<int64_t>(rank));
  }
};

// The list of `shapes`.
ShapeList shape_list(const std::vector<Shape>& shapes);

// "[2, 3, 4]": how shapes and integer lists appear in error messages.
std::string format_list(const std::vector<int64_t>& values);

// INVALID_ARGUMENT unless every dim is in [0, 2^53] and the product of
// the non-zero dims fits in int64 (so strides can never overflow either).
// `param` names the shape in the message, e.g. "x.shape" or "targetShape".
Status check_shape(const char* op, const char* param, const Shape& shape);
// The same for `rank` dims at `dims` (a shape of a ShapeList).
Status check_shape(const char* op, const char* param, const int64_t* dims, size_t rank);

// vol(shape): the product of the dims, 1 for a scalar. Call after check_shape.
int64_t volume(const Shape& shape) noexcept;
int64_t volume(const int64_t* dims, size_t rank) noexcept;

// a * b, or false when it overflows int64 (both must be >= 0).
bool checked_mul(int64_t a, int64_t b, int64_t* result) noexcept;

// Element strides of a row-major (C-order) tensor. Call after check_shape.
std::vector<int64_t> row_major_strides(const Shape& shape);

// `axis` in [-rank, rank) mapped to [0, rank); INVALID_ARGUMENT otherwise.
Result<int64_t> normalize_axis(const char* op, const char* param, int64_t axis, int64_t rank);

// OUT_OF_MEMORY when vol(shape) * elem_size bytes cannot be addressed.
Status check_output_bytes(const char* op, const Shape& shape, size_t elem_size);

}  // namespace tensor_ops
