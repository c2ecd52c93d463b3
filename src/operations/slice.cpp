#include "operations/slice.hpp"

#include <algorithm>

#include "engine/view.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "slice";

// What one axis keeps: `count` elements start, start + step, ... (every one
// inside the axis when count > 0). Axes not listed keep everything.
struct AxisRange {
  int64_t start = 0;
  int64_t count = 0;
  int64_t step = 1;
};

std::string length_error(const char* param, const std::vector<int64_t>& values,
                         const std::vector<int64_t>& starts) {
  return std::string(param) + " " + format_list(values) + " has " + std::to_string(values.size()) +
         " values, but starts " + format_list(starts) + " has " + std::to_string(starts.size()) +
         "; starts, ends, axes and steps must have the same length";
}

// Elements start, start + step, ... before end along an axis of `dim`
// elements, with the rules' adjustments: a negative start or end counts from
// the end (dim added once), then both are clamped ([0, dim] for a positive
// step; start to [0, dim - 1] and end to [-1, dim - 1] for a negative one).
// No step of 0 arrives here. Every sum stays within int64: dim is at most
// 2^53 and is only added to negative values.
AxisRange range_of(int64_t dim, int64_t start, int64_t end, int64_t step) {
  AxisRange r;
  if (dim == 0) return r;  // every slice of an empty axis is empty
  if (start < 0) start += dim;
  if (end < 0) end += dim;
  uint64_t distance = 0;  // how far the slice runs, in elements
  uint64_t stride = 0;    // |step|; -INT64_MIN does not fit in int64
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, dim);
    end = std::clamp<int64_t>(end, 0, dim);
    if (end > start) distance = static_cast<uint64_t>(end - start);
    stride = static_cast<uint64_t>(step);
  } else {
    start = std::clamp<int64_t>(start, 0, dim - 1);
    end = std::clamp<int64_t>(end, -1, dim - 1);
    if (start > end) distance = static_cast<uint64_t>(start - end);
    stride = uint64_t{0} - static_cast<uint64_t>(step);
  }
  // ceil(distance / stride); distance <= 2^53 + 1, so the sum cannot wrap.
  r.count = static_cast<int64_t>((distance + stride - 1) / stride);
  r.start = r.count > 0 ? start : 0;
  // A step that takes at most one element is never used: keep it at 1 so
  // that no stride is multiplied by a huge step.
  r.step = r.count > 1 ? step : 1;
  return r;
}

Result<std::vector<AxisRange>> ranges_of(const Shape& input, const std::vector<int64_t>& starts,
                                         const std::vector<int64_t>& ends,
                                         const std::optional<std::vector<int64_t>>& axes,
                                         const std::optional<std::vector<int64_t>>& steps) {
  const size_t n = starts.size();
  if (ends.size() != n) return invalid_argument(kOp, length_error("ends", ends, starts));
  if (axes && axes->size() != n) return invalid_argument(kOp, length_error("axes", *axes, starts));
  if (steps && steps->size() != n) return invalid_argument(kOp, length_error("steps", *steps, starts));
  const size_t rank = input.size();
  if (!axes && n > rank) {
    return invalid_argument(kOp, "starts " + format_list(starts) + " has " + std::to_string(n) +
                                     " values, but x.shape " + format_list(input) + " has rank " +
                                     std::to_string(rank) +
                                     "; without axes, starts and ends list the leading axes, at most one value per axis");
  }
  std::vector<AxisRange> ranges(rank);
  for (size_t a = 0; a < rank; ++a) ranges[a].count = input[a];
  std::vector<bool> listed(rank, false);
  for (size_t i = 0; i < n; ++i) {
    int64_t axis = static_cast<int64_t>(i);
    if (axes) {
      TENSOR_OPS_ASSIGN(axis, normalize_axis(kOp, "axes", (*axes)[i], static_cast<int64_t>(rank)));
    }
    const size_t a = static_cast<size_t>(axis);
    if (listed[a]) {
      return invalid_argument(kOp, "axes " + format_list(*axes) + " repeats axis " + std::to_string(axis) +
                                       " at index " + std::to_string(i) + "; each axis may be sliced once");
    }
    listed[a] = true;
    const int64_t step = steps ? (*steps)[i] : 1;
    if (step == 0) {
      return invalid_argument(kOp, "steps value 0 at index " + std::to_string(i) + " of " + format_list(*steps) +
                                       "; a step must be non-zero");
    }
    ranges[a] = range_of(input[a], starts[i], ends[i], step);
  }
  return ranges;
}

}  // namespace

Result<Shape> slice_shape(const Shape& input, const std::vector<int64_t>& starts,
                          const std::vector<int64_t>& ends,
                          const std::optional<std::vector<int64_t>>& axes,
                          const std::optional<std::vector<int64_t>>& steps) {
  std::vector<AxisRange> ranges;
  TENSOR_OPS_ASSIGN(ranges, ranges_of(input, starts, ends, axes, steps));
  Shape output(ranges.size());
  for (size_t a = 0; a < ranges.size(); ++a) output[a] = ranges[a].count;
  return output;
}

Result<CopyPlan> plan_slice(const Shape& input, const std::vector<int64_t>& starts,
                            const std::vector<int64_t>& ends,
                            const std::optional<std::vector<int64_t>>& axes,
                            const std::optional<std::vector<int64_t>>& steps, size_t elem_size) {
  std::vector<AxisRange> ranges;
  TENSOR_OPS_ASSIGN(ranges, ranges_of(input, starts, ends, axes, steps));
  // One view: an offset to the first element kept, each axis's stride
  // multiplied by its step (negative for negative steps), copied out.
  View view = View::of(input);
  for (size_t a = 0; a < ranges.size(); ++a) view.slice(a, ranges[a].start, ranges[a].count, ranges[a].step);
  CopyPlan plan;
  plan.elem_size = elem_size;
  plan.output_shape = view.dims;
  if (volume(plan.output_shape) != 0) plan.copies.push_back(copy_to_contiguous(view));
  return plan;
}

// ---- slice(x, starts, ends, { axes, steps }) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return slice_shape(a.input, a.ints("starts"), a.ints("ends"), a.maybe_ints("axes"), a.maybe_ints("steps"));
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_slice(a.input, a.ints("starts"), a.ints("ends"), a.maybe_ints("axes"), a.maybe_ints("steps"),
                    elem_size);
}

}  // namespace

const OpSpec& slice_op() {
  static const OpSpec spec = [] {
    OpSpec op{"slice",
              {positional("starts", ParamKind::Ints), positional("ends", ParamKind::Ints),
               option("axes", ParamKind::Ints), option("steps", ParamKind::Ints)},
              shape_from_args,
              plan_from_args};
    op.output_within_input = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
