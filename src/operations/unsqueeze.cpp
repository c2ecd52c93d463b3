#include "operations/unsqueeze.hpp"

#include <string>

namespace tensor_ops {
namespace {
constexpr const char* kOp = "unsqueeze";
}

Result<Shape> unsqueeze_shape(const Shape& input, const std::vector<int64_t>& axes) {
  TENSOR_OPS_TRY(check_shape(kOp, "x.shape", input));
  // Positions count in the output's rank.
  const int64_t rank = static_cast<int64_t>(input.size() + axes.size());
  std::vector<bool> inserted(static_cast<size_t>(rank), false);
  for (size_t i = 0; i < axes.size(); ++i) {
    int64_t axis = 0;
    TENSOR_OPS_ASSIGN(axis, normalize_axis(kOp, "axes", axes[i], rank));
    if (inserted[static_cast<size_t>(axis)]) {
      return invalid_argument(kOp, "axes " + format_list(axes) + " repeats axis " + std::to_string(axis));
    }
    inserted[static_cast<size_t>(axis)] = true;
  }
  Shape output(static_cast<size_t>(rank), 1);
  for (size_t k = 0, from = 0; k < output.size(); ++k) {
    if (!inserted[k]) output[k] = input[from++];
  }
  return output;
}

Result<CopyPlan> plan_unsqueeze(const Shape& input, const std::vector<int64_t>& axes, size_t elem_size) {
  TENSOR_OPS_TRY(check_elem_size(kOp, elem_size));
  CopyPlan plan;
  TENSOR_OPS_ASSIGN(plan.output_shape, unsqueeze_shape(input, axes));
  plan.elem_size = elem_size;
  plan.copies.push_back(contiguous_copy(volume(input)));
  return plan;
}

}  // namespace tensor_ops
