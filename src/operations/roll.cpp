#include "operations/roll.hpp"

#include "base/error.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "roll";

// The net shift of each axis in [0, dim): repeated axes add up, negative
// axes count from the end, shifts of any size wrap around.
Result<std::vector<int64_t>> net_shifts(const Shape& input, const std::vector<int64_t>& shift,
                                const std::vector<int64_t>& axes) {
  if (input.empty()) {
    return invalid_argument(kOp, "x.shape [] is a scalar; roll needs a tensor of rank 1 or more");
  }
  if (shift.size() != 1 && shift.size() != axes.size()) {
    return invalid_argument(kOp, "shift " + format_list(shift) + " has " +
                              std::to_string(shift.size()) + " values, but axes " +
                              format_list(axes) + " has " + std::to_string(axes.size()) +
                              "; give one shift, or one per axis");
  }
  const int64_t rank = static_cast<int64_t>(input.size());
  std::vector<int64_t> net(input.size(), 0);
  for (size_t i = 0; i < axes.size(); ++i) {
    int64_t normalized = 0;
    TENSOR_OPS_ASSIGN(normalized, normalize_axis(kOp, "axes", axes[i], rank));
    const size_t axis = static_cast<size_t>(normalized);
    const int64_t dim = input[axis];
    if (dim == 0) continue;
    const int64_t s = shift.size() == 1 ? shift[0] : shift[i];
    const int64_t wrapped = ((s % dim) + dim) % dim;
    net[axis] = (net[axis] + wrapped) % dim;
  }
  return net;
}

}  // namespace

Result<Shape> roll_shape(const Shape& input, const std::vector<int64_t>& shift,
                 const std::vector<int64_t>& axes) {
  TENSOR_OPS_TRY(net_shifts(input, shift, axes));
  return input;
}

Result<CopyPlan> plan_roll(const Shape& input, const std::vector<int64_t>& shift,
                   const std::vector<int64_t>& axes, size_t elem_size) {
  std::vector<int64_t> net;
  TENSOR_OPS_ASSIGN(net, net_shifts(input, shift, axes));
  const std::vector<int64_t> strides = row_major_strides(input);
  // The innermost axis, when rolled and there are rows to roll, becomes a
  // rotation inside each row: two block copies per row in one pass.
  const size_t last = input.size() - 1;
  const bool rotate_rows = net[last] != 0 && volume(input) / input[last] >= 2;
  // Every other rolled axis wraps its source around (index i reads
  // (i - s) mod d), all of them in one copy: the engine's loops step back a
  // whole axis where the source wraps.
  std::vector<size_t> rolled;
  for (size_t a = 0; a < input.size(); ++a) {
    if (net[a] != 0 && !(rotate_rows && a == last)) rolled.push_back(a);
  }
  CopyPlan plan;
  plan.output_shape = input;
  plan.elem_size = elem_size;
  StridedCopy copy;
  copy.dims = input;
  copy.src_strides = strides;
  copy.dst_strides = strides;
  if (rotate_rows) copy.rotate = net[last];
  copy.src_wrap.assign(input.size(), 0);
  for (size_t a : rolled) copy.src_wrap[a] = net[a];
  plan.copies.push_back(std::move(copy));
  return plan;
}

// ---- roll(x, shift, axes) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return roll_shape(a.input, a.ints("shift"), a.ints("axes"));
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_roll(a.input, a.ints("shift"), a.ints("axes"), elem_size);
}

}  // namespace

const OpSpec& roll_op() {
  static const OpSpec spec = [] {
    OpSpec op{"roll",
              {positional("shift", ParamKind::Ints), positional("axes", ParamKind::Ints)},
              shape_from_args,
              plan_from_args};
    op.output_within_input = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
