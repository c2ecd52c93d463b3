#include "operations/tile.hpp"

#include <algorithm>

#include "engine/view.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "tile";

// The input shape and the repeats brought to the same rank (ones prepended
// to the shorter), and the output shape.
struct Tiling {
  Shape input;
  std::vector<int64_t> repeats;
  Shape output;
};

Result<Tiling> lower(const Shape& input, const std::vector<int64_t>& repeats) {
  for (size_t i = 0; i < repeats.size(); ++i) {
    if (repeats[i] < 0) {
      return invalid_argument(kOp, "repeats " + format_list(repeats) + " has value " +
                                       std::to_string(repeats[i]) + " at index " + std::to_string(i) +
                                       "; repeats must be 0 or more");
    }
  }
  const size_t rank = std::max(input.size(), repeats.size());
  Tiling t;
  t.input.assign(rank - input.size(), 1);
  t.input.insert(t.input.end(), input.begin(), input.end());
  t.repeats.assign(rank - repeats.size(), 1);
  t.repeats.insert(t.repeats.end(), repeats.begin(), repeats.end());
  t.output.resize(rank);
  for (size_t k = 0; k < rank; ++k) {
    if (!checked_mul(t.input[k], t.repeats[k], &t.output[k]) || t.output[k] > kMaxDim) {
      return out_of_memory(kOp, "x.shape " + format_list(input) + " tiled by repeats " +
                                    format_list(repeats) + " gives an output dim beyond 2^53 at axis " +
                                    std::to_string(k) + " (" + std::to_string(t.input[k]) + " * " +
                                    std::to_string(t.repeats[k]) + ")");
    }
  }
  // The output's volume must fit before anything is computed from it (the
  // runtime checks its bytes for the dtype after this function).
  TENSOR_OPS_TRY(check_output_bytes(kOp, t.output, 1));
  return t;
}

}  // namespace

Result<Shape> tile_shape(const Shape& input, const std::vector<int64_t>& repeats) {
  Tiling t;
  TENSOR_OPS_ASSIGN(t, lower(input, repeats));
  return t.output;
}

Result<CopyPlan> plan_tile(const Shape& input, const std::vector<int64_t>& repeats, size_t elem_size) {
  Tiling t;
  TENSOR_OPS_ASSIGN(t, lower(input, repeats));
  CopyPlan plan;
  plan.elem_size = elem_size;
  plan.output_shape = t.output;
  if (volume(t.output) == 0) return plan;
  // The input (its shape with ones prepended: the same buffer) with a
  // stride-0 axis of extent r before each axis repeated r times: dims
  // [r0, d0, r1, d1, ...], whose contiguous copy is the output [r0*d0, ...].
  // (Built axis by axis: inserting the axes one at a time moved the later
  // ones each time.)
  const std::vector<int64_t> strides = row_major_strides(t.input);
  View view;
  for (size_t k = 0; k < t.input.size(); ++k) {
    if (t.repeats[k] != 1) {
      view.dims.push_back(t.repeats[k]);
      view.strides.push_back(0);
    }
    view.dims.push_back(t.input[k]);
    view.strides.push_back(strides[k]);
  }
  plan.copies.push_back(copy_to_contiguous(view));
  return plan;
}

// ---- tile(x, repeats) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) { return tile_shape(a.input, a.ints("repeats")); }

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_tile(a.input, a.ints("repeats"), elem_size);
}

}  // namespace

const OpSpec& tile_op() {
  static const OpSpec spec{"tile", {positional("repeats", ParamKind::Ints)}, shape_from_args, plan_from_args};
  return spec;
}

}  // namespace tensor_ops
