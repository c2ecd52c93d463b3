#include "operations/unsqueeze.hpp"

#include <string>

#include "operations/reshape.hpp"

namespace tensor_ops {
namespace {
constexpr const char* kOp = "unsqueeze";
}

Result<Shape> unsqueeze_shape(const Shape& input, const std::vector<int64_t>& axes) {
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
  return plan_as_reshape(input, unsqueeze_shape(input, axes), elem_size);
}

// ---- unsqueeze(x, axes) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) { return unsqueeze_shape(a.input, a.ints("axes")); }

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_unsqueeze(a.input, a.ints("axes"), elem_size);
}

}  // namespace

const OpSpec& unsqueeze_op() {
  static const OpSpec spec = [] {
    OpSpec op{"unsqueeze", {positional("axes", ParamKind::Ints)}, shape_from_args, plan_from_args};
    op.result = ResultKind::View;
    op.output_within_input = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
