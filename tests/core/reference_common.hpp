// The naive references of the operations, one per operation in
// tests/core/ops/<op_snake>/reference.{hpp,cpp}, each written from the rules
// of docs/operations/<op>.md index by index and independently of src/ (it
// only borrows the Shape type and the mode/format enums). Slow on purpose:
// only for small tensors. This header holds what they share.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "base/shape.hpp"

namespace ref {

using tensor_ops::Shape;
using Ints = std::vector<int64_t>;

// The output shape and, for each output element (row-major flat index), the
// flat index of the input element it copies, or -1 for an element of zero
// bytes (padding).
//
// Each reference returns nullopt when the rules say the parameters are
// invalid (with any error code). The inputs must be small: no overflow
// handling beyond what the tests need.
struct Gather {
  Shape shape;
  std::vector<int64_t> from;
  // from[i] == -1: element i is this constant (its low bytes, little-endian: pad's value).
  uint64_t fill = 0;
};

int64_t volume(const Shape& shape);

// ---- For writing references ----

constexpr int64_t kMaxDim = int64_t{1} << 53;

// Every dim in [0, 2^53].
bool valid_shape(const Shape& s);

// The row-major flat index of `idx` in `shape`.
int64_t flat(const Shape& shape, const Ints& idx);

// Every element of `shape` in order, reading itself: the gather of an
// operation that only renames the shape (reshape, squeeze, ...).
Gather identity(const Shape& shape);

// Visits every multi-index of `shape` in row-major order.
template <class F>
void for_each_index(const Shape& shape, F&& visit) {
  if (volume(shape) == 0) return;
  Ints idx(shape.size(), 0);
  for (;;) {
    visit(idx);
    size_t k = shape.size();
    while (k > 0) {
      --k;
      if (++idx[k] < shape[k]) break;
      idx[k] = 0;
      if (k == 0) return;
    }
    if (shape.empty()) return;
  }
}

}  // namespace ref
