#include "operations/concat.hpp"

#include <string>

#include "engine/view.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "concat";

std::string input_name(size_t k, const char* field) {
  return "tensors[" + std::to_string(k) + "]." + field;
}

// The axis in [0, rank), after every input's shape was checked against the
// first. The inputs' names and shapes are formatted only for an error.
Result<size_t> check_inputs(const ShapeList& inputs, int64_t axis) {
  if (inputs.size() == 0) {
    return invalid_argument(kOp, "tensors is an empty list; concat needs at least one tensor");
  }
  const int64_t* dims = inputs.dims.data();
  for (size_t k = 0; k < inputs.size(); dims += inputs.ranks[k], ++k) {
    if (inputs.ranks[k] == 0) {
      return invalid_argument(kOp, input_name(k, "shape") + " [] is a scalar; concat needs tensors of rank >= 1");
    }
  }
  const int64_t* first = inputs.dims.data();
  const size_t rank = static_cast<size_t>(inputs.ranks[0]);
  const auto first_text = [&] { return format_list(Shape(first, first + rank)); };
  int64_t a = 0;
  TENSOR_OPS_ASSIGN(a, normalize_axis(kOp, "axis", axis, static_cast<int64_t>(rank)));
  dims = first + rank;
  for (size_t k = 1; k < inputs.size(); dims += inputs.ranks[k], ++k) {
    const size_t r = static_cast<size_t>(inputs.ranks[k]);
    const auto text = [&] { return format_list(Shape(dims, dims + r)); };
    if (r != rank) {
      return shape_mismatch(kOp, input_name(k, "shape") + " " + text() + " has rank " + std::to_string(r) +
                                     ", but tensors[0].shape " + first_text() + " has rank " +
                                     std::to_string(rank));
    }
    for (size_t i = 0; i < r; ++i) {
      if (static_cast<int64_t>(i) != a && dims[i] != first[i]) {
        return shape_mismatch(kOp, input_name(k, "shape") + " " + text() + " has dim " +
                                       std::to_string(dims[i]) + " at index " + std::to_string(i) +
                                       ", but tensors[0].shape " + first_text() + " has " +
                                       std::to_string(first[i]) + "; only axis " +
                                       std::to_string(a) + " may differ");
      }
    }
  }
  return static_cast<size_t>(a);
}

}  // namespace

Result<Shape> concat_list_shape(const ShapeList& inputs, int64_t axis) {
  size_t a = 0;
  TENSOR_OPS_ASSIGN(a, check_inputs(inputs, axis));
  Shape out(inputs.dims.begin(), inputs.dims.begin() + inputs.ranks[0]);
  int64_t joined = 0;
  const int64_t* dims = inputs.dims.data();
  for (size_t k = 0; k < inputs.size(); dims += inputs.ranks[k], ++k) {
    // Each dim is at most 2^53, so the running sum stays far from overflow
    // until it passes the limit, where it stops.
    joined += dims[a];
    if (joined > kMaxDim) {
      return out_of_memory(kOp, "the joined dim at axis " + std::to_string(a) +
                                    " exceeds 2^53 elements");
    }
  }
  out[a] = joined;
  if (Status s = check_shape(kOp, "output shape", out); !s.ok()) {
    return out_of_memory(kOp, "output shape " + format_list(out) + " does not fit in memory");
  }
  return out;
}

Result<Shape> concat_shape(const std::vector<Shape>& inputs, int64_t axis) {
  return concat_list_shape(shape_list(inputs), axis);
}

Result<CopyPlan> plan_concat_list(const ShapeList& inputs, int64_t axis, size_t elem_size) {
  Shape out;
  TENSOR_OPS_ASSIGN(out, concat_list_shape(inputs, axis));
  const size_t a = static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(out.size()) : axis);
  CopyPlan plan;
  plan.elem_size = elem_size;
  plan.output_shape = out;
  if (volume(out) == 0) return plan;
  int64_t at = 0;  // where input k starts along the axis
  const int64_t* dims = inputs.dims.data();
  if (inputs.size() > kMaxPartCopies) {
    // Many inputs: input k is `outer` rows of n_k * inner elements, row r
    // landing at row r of the output (of D * inner elements) after the
    // inputs before it.
    int64_t outer = 1, inner = 1;
    for (size_t j = 0; j < a; ++j) outer *= out[j];
    for (size_t j = a + 1; j < out.size(); ++j) inner *= out[j];
    const int64_t row = out[a] * inner;
    plan.runs.rows = outer;
    plan.runs.runs.reserve(inputs.size());
    for (size_t k = 0; k < inputs.size(); dims += inputs.ranks[k], ++k) {
      const int64_t n = dims[a];
      if (n > 0) plan.runs.runs.push_back({static_cast<int64_t>(k), 0, at * inner, n * inner, n * inner, row});
      at += n;
    }
    return plan;
  }
  for (size_t k = 0; k < inputs.size(); dims += inputs.ranks[k], ++k) {
    const int64_t n = dims[a];
    if (n > 0) {
      View destination = View::of(out);
      destination.slice(a, at, n, 1);
      StridedCopy copy = copy_between(View::of(Shape(dims, dims + inputs.ranks[k])), destination);
      copy.source = static_cast<int>(k);
      plan.copies.push_back(std::move(copy));
    }
    at += n;
  }
  return plan;
}

Result<CopyPlan> plan_concat(const std::vector<Shape>& inputs, int64_t axis, size_t elem_size) {
  return plan_concat_list(shape_list(inputs), axis, elem_size);
}

// ---- concat([x1, x2, ...], axis) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) { return concat_list_shape(a.inputs, a.scalar("axis")); }

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_concat_list(a.inputs, a.scalar("axis"), elem_size);
}

}  // namespace

const OpSpec& concat_op() {
  static const OpSpec spec = [] {
    OpSpec op{"concat", {positional("axis", ParamKind::Int)}, shape_from_args, plan_from_args};
    op.tensor_list = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
