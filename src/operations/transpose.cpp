#include "operations/transpose.hpp"

#include "engine/view.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "transpose";

// The permutation as axes in [0, rank): negative entries count from the end;
// left out, the axes reversed.
Result<std::vector<size_t>> axes_of(const Shape& input, const std::optional<std::vector<int64_t>>& perm) {
  const size_t rank = input.size();
  std::vector<size_t> axes(rank);
  if (!perm) {
    for (size_t i = 0; i < rank; ++i) axes[i] = rank - 1 - i;
    return axes;
  }
  if (perm->size() != rank) {
    return invalid_argument(kOp, "perm " + format_list(*perm) + " has " + std::to_string(perm->size()) +
                                     " values, but x.shape " + format_list(input) + " has rank " +
                                     std::to_string(rank));
  }
  std::vector<bool> seen(rank, false);
  for (size_t i = 0; i < rank; ++i) {
    int64_t axis = 0;
    TENSOR_OPS_ASSIGN(axis, normalize_axis(kOp, "perm", (*perm)[i], static_cast<int64_t>(rank)));
    if (seen[static_cast<size_t>(axis)]) {
      return invalid_argument(kOp, "perm " + format_list(*perm) + " repeats axis " + std::to_string(axis) +
                                       " at index " + std::to_string(i) + "; it must be a permutation");
    }
    seen[static_cast<size_t>(axis)] = true;
    axes[i] = static_cast<size_t>(axis);
  }
  return axes;
}

}  // namespace

Result<Shape> transpose_shape(const Shape& input, const std::optional<std::vector<int64_t>>& perm) {
  std::vector<size_t> axes;
  TENSOR_OPS_ASSIGN(axes, axes_of(input, perm));
  Shape output(axes.size());
  for (size_t i = 0; i < axes.size(); ++i) output[i] = input[axes[i]];
  return output;
}

Result<CopyPlan> plan_transpose(const Shape& input, const std::optional<std::vector<int64_t>>& perm,
                                size_t elem_size) {
  std::vector<size_t> axes;
  TENSOR_OPS_ASSIGN(axes, axes_of(input, perm));
  CopyPlan plan;
  plan.elem_size = elem_size;
  View view = View::of(input);
  view.permute(axes);
  plan.output_shape = view.dims;
  if (volume(input) != 0) plan.copies.push_back(copy_to_contiguous(view));
  return plan;
}

// ---- transpose(x, perm?) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) { return transpose_shape(a.input, a.maybe_ints("perm")); }

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_transpose(a.input, a.maybe_ints("perm"), elem_size);
}

}  // namespace

const OpSpec& transpose_op() {
  static const OpSpec spec = [] {
    OpSpec op{"transpose", {optional_positional("perm", ParamKind::Ints)}, shape_from_args, plan_from_args};
    op.output_within_input = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
