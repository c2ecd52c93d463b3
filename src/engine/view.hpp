// Strided views of row-major tensors, and the copies between them: how
// operations describe which source element lands where, one axis operation
// at a time, instead of computing strides by hand.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/copy_plan.hpp"

namespace tensor_ops {

// Element (i0, i1, ...) of the view is element offset + sum(i_k * strides[k])
// of the tensor's flat buffer. Strides count elements; a negative stride
// walks an axis backwards, a zero stride repeats an element (broadcast).
// The operations never throw: callers validate their arguments first (each
// states what it needs).
struct View {
  std::vector<int64_t> dims;
  std::vector<int64_t> strides;
  int64_t offset = 0;

  // The whole of a row-major tensor of `shape` (checked by check_shape).
  static View of(const Shape& shape);

  size_t rank() const noexcept { return dims.size(); }

  // Axis k of the result is axis perm[k] of this view (perm a permutation).
  View& permute(const std::vector<size_t>& perm);
  // Axis `axis` (of extent outer * inner) becomes two: (outer, inner).
  View& split_axis(size_t axis, int64_t outer, int64_t inner);
  // Axis `axis` runs backwards: its last element comes first.
  View& reverse(size_t axis) noexcept;
  // Along `axis`: `count` elements start, start + step, ... (step != 0, may
  // be negative; every one in [0, dims[axis]) when count > 0).
  View& slice(size_t axis, int64_t start, int64_t count, int64_t step) noexcept;
  // A new axis of extent n at position `axis` (<= rank) that repeats the view.
  View& insert_axis(size_t axis, int64_t n);
};

// Copies the view to a contiguous row-major tensor of its dims.
StridedCopy copy_to_contiguous(const View& source);

// Copies element i of `source` to element i of `destination` (same dims;
// the destination's elements distinct).
StridedCopy copy_between(const View& source, const View& destination);

}  // namespace tensor_ops
