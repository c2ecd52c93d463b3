#include "operations/flatten.hpp"

#include <string>

#include "operations/reshape.hpp"

namespace tensor_ops {
namespace {
constexpr const char* kOp = "flatten";
}

Result<Shape> flatten_shape(const Shape& input, int64_t axis) {
  const int64_t rank = static_cast<int64_t>(input.size());
  // axis == rank is allowed: the second dim is then 1.
  if (axis < -rank || axis > rank) {
    return invalid_argument(kOp, "axis value " + std::to_string(axis) + " is out of range [" + std::to_string(-rank) +
                                     ", " + std::to_string(rank) + "] for rank " + std::to_string(rank));
  }
  const int64_t at = axis < 0 ? axis + rank : axis;
  // x.shape was checked (op_spec.hpp): the products of its dims fit.
  Shape output{1, 1};
  for (int64_t k = 0; k < rank; ++k) output[k < at ? 0 : 1] *= input[static_cast<size_t>(k)];
  for (int64_t d : output) {
    if (d > kMaxDim) {
      return out_of_memory(kOp, "x.shape " + format_list(input) + " flattened at axis " + std::to_string(axis) +
                                    " gives a dim of " + std::to_string(d) + ", beyond 2^53");
    }
  }
  return output;
}

Result<CopyPlan> plan_flatten(const Shape& input, int64_t axis, size_t elem_size) {
  return plan_as_reshape(input, flatten_shape(input, axis), elem_size);
}

// ---- flatten(x, axis = 1) in the operation table ----

namespace {

int64_t axis_of(const OpArgs& a) { return a.given("axis") ? a.scalar("axis") : 1; }

Result<Shape> shape_from_args(const OpArgs& a, size_t) { return flatten_shape(a.input, axis_of(a)); }

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_flatten(a.input, axis_of(a), elem_size);
}

}  // namespace

const OpSpec& flatten_op() {
  static const OpSpec spec = [] {
    OpSpec op{"flatten", {optional_positional("axis", ParamKind::Int)}, shape_from_args, plan_from_args};
    op.result = ResultKind::View;
    op.output_within_input = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
