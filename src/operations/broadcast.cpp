#include "operations/broadcast.hpp"

#include <algorithm>

#include "base/error.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "broadcast";

std::string dims_text(const Shape& input, const std::vector<int64_t>& target) {
  return "x.shape " + format_list(input) + " and targetShape " + format_list(target);
}

// For each output axis, the input stride to read with (0 on broadcast axes).
struct Lowering {
  Shape output;
  std::vector<int64_t> src_strides;
};

Result<Lowering> lower_numpy(const Shape& input, const std::vector<int64_t>& target) {
  if (input.size() > target.size()) {
    return shape_mismatch(kOp, dims_text(input, target) + ": x has rank " +
                            std::to_string(input.size()) + ", more than targetShape's " +
                            std::to_string(target.size()));
  }
  const std::vector<int64_t> strides = row_major_strides(input);
  Lowering low{Shape(target.begin(), target.end()), std::vector<int64_t>(target.size(), 0)};
  const size_t lead = target.size() - input.size();
  for (size_t i = 0; i < input.size(); ++i) {
    const int64_t d = input[i];
    const int64_t t = target[lead + i];
    if (d != t && d != 1) {
      return shape_mismatch(kOp, dims_text(input, target) + " are not broadcastable: x dim " +
                              std::to_string(d) + " at axis " + std::to_string(i) +
                              " against target dim " + std::to_string(t));
    }
    if (d != 1) low.src_strides[lead + i] = strides[i];
  }
  return low;
}

Result<Lowering> lower_bidirectional(const Shape& input, const std::vector<int64_t>& target) {
  const size_t rank = std::max(input.size(), target.size());
  const std::vector<int64_t> strides = row_major_strides(input);
  Lowering low{Shape(rank, 1), std::vector<int64_t>(rank, 0)};
  for (size_t k = 0; k < rank; ++k) {
    const size_t from_end = rank - k;
    const int64_t d = from_end <= input.size() ? input[input.size() - from_end] : 1;
    const int64_t t = from_end <= target.size() ? target[target.size() - from_end] : 1;
    if (d != t && d != 1 && t != 1) {
      return shape_mismatch(kOp, dims_text(input, target) + " are not broadcastable: dims " +
                              std::to_string(d) + " and " + std::to_string(t) +
                              " at output axis " + std::to_string(k));
    }
    low.output[k] = d == 1 ? t : d;
    if (d != 1) low.src_strides[k] = strides[input.size() - from_end];
  }
  // The output's volume must fit before anything is computed from it (the
  // runtime checks its bytes for the dtype after this function).
  TENSOR_OPS_TRY(check_output_bytes(kOp, low.output, 1));
  return low;
}

Result<Lowering> lower_explicit(const Shape& input, const std::vector<int64_t>& target,
                        const std::vector<int64_t>& mapping) {
  // Made only for an error: a call of a high rank must not format its mapping.
  const auto mapping_text = [&mapping] { return "axesMapping " + format_list(mapping); };
  // A scalar may take a mapping of one axis, as if its shape were [1].
  const Shape data = (input.empty() && mapping.size() == 1) ? Shape{1} : input;
  if (mapping.size() != data.size()) {
    return invalid_argument(kOp, mapping_text() + " has " + std::to_string(mapping.size()) +
                              " values, but x.shape " + format_list(input) + " has rank " +
                              std::to_string(input.size()));
  }
  const std::vector<int64_t> strides = row_major_strides(data);
  Lowering low{Shape(target.begin(), target.end()), std::vector<int64_t>(target.size(), 0)};
  const int64_t rank = static_cast<int64_t>(target.size());
  for (size_t i = 0; i < mapping.size(); ++i) {
    const int64_t axis = mapping[i];
    if (axis < 0 || axis >= rank) {
      return invalid_argument(kOp, mapping_text() + " has value " + std::to_string(axis) +
                                " out of range [0, " + std::to_string(rank) +
                                ") for targetShape " + format_list(target));
    }
    if (i > 0 && axis <= mapping[i - 1]) {
      return invalid_argument(kOp, mapping_text() + " is not strictly increasing at index " +
                                std::to_string(i) + " (value " + std::to_string(axis) + ")");
    }
    const int64_t d = data[i];
    const int64_t t = target[static_cast<size_t>(axis)];
    if (d != t && d != 1) {
      return shape_mismatch(kOp, dims_text(input, target) + " do not match through " + mapping_text() +
                              ": x dim " + std::to_string(d) + " at axis " + std::to_string(i) +
                              " against target dim " + std::to_string(t) + " at axis " +
                              std::to_string(axis));
    }
    if (d != 1) low.src_strides[static_cast<size_t>(axis)] = strides[i];
  }
  return low;
}

Result<Lowering> lower(const Shape& input, const std::vector<int64_t>& target, BroadcastMode mode,
               const std::optional<std::vector<int64_t>>& axes_mapping) {
  for (size_t i = 0; i < target.size(); ++i) {
    if (target[i] < 0) {
      return invalid_argument(kOp, "targetShape " + format_list(target) + " has negative value " +
                                std::to_string(target[i]) + " at index " + std::to_string(i));
    }
  }
  TENSOR_OPS_TRY(check_shape(kOp, "targetShape", target));
  if (mode == BroadcastMode::Explicit && !axes_mapping) {
    return invalid_argument(kOp, "mode 'explicit' needs axesMapping, and none was given");
  }
  if (mode != BroadcastMode::Explicit && axes_mapping) {
    return invalid_argument(kOp, "axesMapping " + format_list(*axes_mapping) +
                              " is only allowed with mode 'explicit', not mode '" +
                              (mode == BroadcastMode::Numpy ? "numpy" : "bidirectional") + "'");
  }
  switch (mode) {
    case BroadcastMode::Numpy: return lower_numpy(input, target);
    case BroadcastMode::Bidirectional: return lower_bidirectional(input, target);
    case BroadcastMode::Explicit: break;
  }
  return lower_explicit(input, target, *axes_mapping);
}

}  // namespace

Result<BroadcastMode> parse_broadcast_mode(const std::string& name) {
  if (name == "numpy") return BroadcastMode::Numpy;
  if (name == "bidirectional") return BroadcastMode::Bidirectional;
  if (name == "explicit") return BroadcastMode::Explicit;
  return invalid_argument(kOp, "mode '" + name +
                            "' is not one of 'numpy', 'bidirectional', 'explicit'");
}

Result<Shape> broadcast_shape(const Shape& input, const std::vector<int64_t>& target_shape,
                      BroadcastMode mode,
                      const std::optional<std::vector<int64_t>>& axes_mapping) {
  Lowering low;
  TENSOR_OPS_ASSIGN(low, lower(input, target_shape, mode, axes_mapping));
  return low.output;
}

Result<CopyPlan> plan_broadcast(const Shape& input, const std::vector<int64_t>& target_shape,
                        BroadcastMode mode,
                        const std::optional<std::vector<int64_t>>& axes_mapping,
                        size_t elem_size) {
  Lowering low;
  TENSOR_OPS_ASSIGN(low, lower(input, target_shape, mode, axes_mapping));
  CopyPlan plan;
  plan.elem_size = elem_size;
  StridedCopy copy;
  copy.dims = low.output;
  copy.src_strides = std::move(low.src_strides);
  copy.dst_strides = row_major_strides(low.output);
  plan.copies.push_back(std::move(copy));
  plan.output_shape = std::move(low.output);
  return plan;
}

// ---- broadcast(x, targetShape, { mode, axesMapping }) in the operation table ----

namespace {

BroadcastMode mode_of(const OpArgs& a) { return static_cast<BroadcastMode>(a.scalar("mode")); }

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return broadcast_shape(a.input, a.ints("targetShape"), mode_of(a), a.maybe_ints("axesMapping"));
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_broadcast(a.input, a.ints("targetShape"), mode_of(a), a.maybe_ints("axesMapping"), elem_size);
}

}  // namespace

const OpSpec& broadcast_op() {
  static const OpSpec spec{"broadcast",
                           {positional("targetShape", ParamKind::Ints), name_option("mode", kBroadcastModeNames),
                            option("axesMapping", ParamKind::Ints)},
                           shape_from_args,
                           plan_from_args};
  return spec;
}

}  // namespace tensor_ops
