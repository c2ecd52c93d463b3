#include "operations/reverse.hpp"

#include "engine/view.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "reverse";

// Which axes run backwards: the listed ones (negative entries count from
// the end, none twice), or every axis when axes is left out.
Result<std::vector<bool>> reversed_axes(const Shape& input, const std::optional<std::vector<int64_t>>& axes) {
  const int64_t rank = static_cast<int64_t>(input.size());
  std::vector<bool> reversed(input.size(), !axes);
  if (!axes) return reversed;
  for (size_t i = 0; i < axes->size(); ++i) {
    int64_t axis = 0;
    TENSOR_OPS_ASSIGN(axis, normalize_axis(kOp, "axes", (*axes)[i], rank));
    if (reversed[static_cast<size_t>(axis)]) {
      return invalid_argument(kOp, "axes " + format_list(*axes) + " repeats axis " + std::to_string(axis) +
                                       " at index " + std::to_string(i) + "; each axis may be reversed once");
    }
    reversed[static_cast<size_t>(axis)] = true;
  }
  return reversed;
}

}  // namespace

Result<Shape> reverse_shape(const Shape& input, const std::optional<std::vector<int64_t>>& axes) {
  TENSOR_OPS_TRY(reversed_axes(input, axes));
  return input;
}

Result<CopyPlan> plan_reverse(const Shape& input, const std::optional<std::vector<int64_t>>& axes,
                              size_t elem_size) {
  std::vector<bool> reversed;
  TENSOR_OPS_ASSIGN(reversed, reversed_axes(input, axes));
  // One view with a negative stride on each reversed axis (its offset at
  // the axis's end); the engine's reversed-rows kernel takes a reversed
  // last axis.
  View view = View::of(input);
  for (size_t a = 0; a < reversed.size(); ++a) {
    if (reversed[a]) view.reverse(a);
  }
  CopyPlan plan;
  plan.elem_size = elem_size;
  plan.output_shape = input;
  if (volume(input) != 0) plan.copies.push_back(copy_to_contiguous(view));
  return plan;
}

// ---- reverse(x, axes?) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) { return reverse_shape(a.input, a.maybe_ints("axes")); }

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_reverse(a.input, a.maybe_ints("axes"), elem_size);
}

}  // namespace

const OpSpec& reverse_op() {
  static const OpSpec spec = [] {
    OpSpec op{"reverse", {optional_positional("axes", ParamKind::Ints)}, shape_from_args, plan_from_args};
    op.output_within_input = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
