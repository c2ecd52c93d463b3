// Split (OpenVINO Split-1 / VariadicSplit-1, ONNX Split-18): x cut along
// `axis` into k equal parts, or into parts of the given lengths (one of them
// may be -1: the rest of the dim).
#pragma once

#include <vector>

#include "operations/op_spec.hpp"

namespace tensor_ops {

// What `splits` was: a number k (k equal parts), or a list of lengths. The
// two stay apart all the way from JavaScript: [3] is one part of length 3.
struct Splits {
  bool count = false;           // a number: values[0] = k
  std::vector<int64_t> values;  // k, or the lengths
};

// At most this many parts (the shapes of all parts travel back to JavaScript).
constexpr int64_t kMaxSplitParts = int64_t{1} << 16;

// Every part's shape, in order.
Result<std::vector<Shape>> split_shapes(const Shape& input, const Splits& splits, int64_t axis);
// The same as one list (what the operation table returns).
Result<ShapeList> split_shape_list(const Shape& input, const Splits& splits, int64_t axis);

// The parts back to back in one output block (part k after parts 0..k-1,
// each contiguous): one copy per non-empty part, from its slice of x along
// `axis` to its offset in the block; one copy in all when the block is x
// itself (nothing before `axis` but dims of 1) or the parts are equal; a
// RunCopy of one run per part beyond kMaxPartCopies parts. output_shape is
// the block's: [vol(x)].
Result<CopyPlan> plan_split(const Shape& input, const Splits& splits, int64_t axis, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& split_op();

}  // namespace tensor_ops
