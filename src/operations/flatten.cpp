#include "operations/flatten.hpp"

#include <string>

namespace tensor_ops {
namespace {
constexpr const char* kOp = "flatten";
}

Result<Shape> flatten_shape(const Shape& input, int64_t axis) {
  TENSOR_OPS_TRY(check_shape(kOp, "x.shape", input));
  const int64_t rank = static_cast<int64_t>(input.size());
  // axis == rank is allowed: the second dim is then 1.
  if (axis < -rank || axis > rank) {
    return invalid_argument(kOp, "axis value " + std::to_string(axis) + " is out of range [" + std::to_string(-rank) +
                                     ", " + std::to_string(rank) + "] for rank " + std::to_string(rank));
  }
  const int64_t at = axis < 0 ? axis + rank : axis;
  Shape output{1, 1};
  for (int64_t k = 0; k < rank; ++k) output[k < at ? 0 : 1] *= input[static_cast<size_t>(k)];  // check_shape bounds it
  for (int64_t d : output) {
    if (d > kMaxDim) {
      return out_of_memory(kOp, "x.shape " + format_list(input) + " flattened at axis " + std::to_string(axis) +
                                    " gives a dim of " + std::to_string(d) + ", beyond 2^53");
    }
  }
  return output;
}

Result<CopyPlan> plan_flatten(const Shape& input, int64_t axis, size_t elem_size) {
  TENSOR_OPS_TRY(check_elem_size(kOp, elem_size));
  CopyPlan plan;
  TENSOR_OPS_ASSIGN(plan.output_shape, flatten_shape(input, axis));
  plan.elem_size = elem_size;
  plan.copies.push_back(contiguous_copy(volume(input)));
  return plan;
}

}  // namespace tensor_ops
