// What every operation lowers to: strided copies between two flat buffers.
// The engine (engine.hpp) is the one place that runs them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "shape.hpp"

namespace tensor_ops {

// Copies, for every index i of the iteration space `dims` (row-major),
// the element at src_offset + sum(i[k] * src_strides[k]) to
// dst_offset + sum(i[k] * dst_strides[k]). Offsets and strides count
// elements; a source stride of 0 repeats an element (broadcast).
//
// With src_wrap (empty, or one value per dim), the source wraps around
// along dim k: destination index i reads source index
// (i - src_wrap[k]) mod dims[k] (roll, any number of axes in one copy).
// `rotate` = r is the same as a wrap of r on the last dim (roll's innermost
// axis, two block copies per contiguous row).
struct StridedCopy {
  std::vector<int64_t> dims;
  std::vector<int64_t> src_strides;
  std::vector<int64_t> dst_strides;
  int64_t src_offset = 0;
  int64_t dst_offset = 0;
  int64_t rotate = 0;
  std::vector<int64_t> src_wrap;
  int source = 0;  // which of the buffers passed to execute() it reads
};

// Writes one constant element (its elem_size bytes, from value[0]) to
// every dst_offset + sum(i[k] * dst_strides[k]) for the indices i of `dims`
// (pad's constant borders).
struct Fill {
  std::vector<int64_t> dims;
  std::vector<int64_t> dst_strides;
  int64_t dst_offset = 0;
  unsigned char value[8] = {};
};

// An operation ready to run: its output shape, the copies and the fills
// that make the output. Together they write disjoint elements and cover it.
struct CopyPlan {
  Shape output_shape;
  size_t elem_size = 0;
  std::vector<StridedCopy> copies;
  std::vector<Fill> fills;
};

// INVALID_ARGUMENT unless elem_size is 1, 2, 4 or 8.
Status check_elem_size(const char* op, size_t elem_size);

// The copy of a whole contiguous tensor of `elements` elements.
StridedCopy contiguous_copy(int64_t elements);

}  // namespace tensor_ops
