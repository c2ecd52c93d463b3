#include "operations/squeeze.hpp"

#include <string>

#include "operations/reshape.hpp"

namespace tensor_ops {
namespace {
constexpr const char* kOp = "squeeze";
}

Result<Shape> squeeze_shape(const Shape& input, const std::optional<std::vector<int64_t>>& axes) {
  const int64_t rank = static_cast<int64_t>(input.size());
  std::vector<bool> removed(input.size(), false);
  if (!axes) {
    for (size_t k = 0; k < input.size(); ++k) removed[k] = input[k] == 1;
  } else {
    for (size_t i = 0; i < axes->size(); ++i) {
      int64_t axis = 0;
      TENSOR_OPS_ASSIGN(axis, normalize_axis(kOp, "axes", (*axes)[i], rank));
      const size_t a = static_cast<size_t>(axis);
      if (removed[a]) {
        return invalid_argument(kOp, "axes " + format_list(*axes) + " repeats axis " + std::to_string(axis));
      }
      if (input[a] != 1) {
        return shape_mismatch(kOp, "axes " + format_list(*axes) + " names axis " + std::to_string(axis) +
                                       " of x.shape " + format_list(input) + ", whose dim is " +
                                       std::to_string(input[a]) + ", not 1");
      }
      removed[a] = true;
    }
  }
  Shape output;
  for (size_t k = 0; k < input.size(); ++k) {
    if (!removed[k]) output.push_back(input[k]);
  }
  return output;
}

Result<CopyPlan> plan_squeeze(const Shape& input, const std::optional<std::vector<int64_t>>& axes, size_t elem_size) {
  return plan_as_reshape(input, squeeze_shape(input, axes), elem_size);
}

// ---- squeeze(x, axes?) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) { return squeeze_shape(a.input, a.maybe_ints("axes")); }

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_squeeze(a.input, a.maybe_ints("axes"), elem_size);
}

}  // namespace

const OpSpec& squeeze_op() {
  static const OpSpec spec = [] {
    OpSpec op{"squeeze", {optional_positional("axes", ParamKind::Ints)}, shape_from_args, plan_from_args};
    op.result = ResultKind::View;
    op.output_within_input = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
