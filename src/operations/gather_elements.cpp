#include "operations/gather_elements.hpp"

#include <string>

namespace tensor_ops {
namespace {

constexpr const char* kOp = "gatherElements";

Result<size_t> check_gather_elements(const Shape& input, const Indices& indices, int64_t axis) {
  TENSOR_OPS_TRY(check_indices_arg(kOp, indices));
  const int64_t rank = static_cast<int64_t>(input.size());
  if (rank == 0) {
    return invalid_argument(kOp, "x.shape [] is a scalar; gatherElements needs x of rank >= 1 (axis " +
                                     std::to_string(axis) + " has nothing to index)");
  }
  int64_t a = 0;
  TENSOR_OPS_ASSIGN(a, normalize_axis(kOp, "axis", axis, rank));
  if (indices.shape.size() != input.size()) {
    return shape_mismatch(kOp, "indices.shape " + format_list(indices.shape) + " has rank " +
                                   std::to_string(indices.shape.size()) + ", but x.shape " + format_list(input) +
                                   " has rank " + std::to_string(rank) + "; they must be equal");
  }
  for (size_t k = 0; k < input.size(); ++k) {
    if (static_cast<int64_t>(k) != a && indices.shape[k] > input[k]) {
      return shape_mismatch(kOp, "indices.shape " + format_list(indices.shape) + " has dim " +
                                     std::to_string(indices.shape[k]) + " at index " + std::to_string(k) +
                                     ", more than x.shape " + format_list(input) + "'s " +
                                     std::to_string(input[k]) + "; only axis " + std::to_string(a) +
                                     " may be larger");
    }
  }
  return static_cast<size_t>(a);
}

}  // namespace

Result<Shape> gather_elements_shape(const Shape& input, const Indices& indices, int64_t axis) {
  TENSOR_OPS_TRY(check_gather_elements(input, indices, axis));
  return indices.shape;
}

// One element per index: the iteration space is indices.shape, x read at
// the same position except along the axis, whose offset is the index's.
Result<CopyPlan> plan_gather_elements(const Shape& input, const Indices& indices, int64_t axis,
                                      size_t elem_size) {
  size_t a = 0;
  TENSOR_OPS_ASSIGN(a, check_gather_elements(input, indices, axis));
  CopyPlan plan;
  plan.output_shape = indices.shape;
  plan.elem_size = elem_size;
  const std::vector<int64_t> xs = row_major_strides(input);
  const std::vector<int64_t> is = row_major_strides(indices.shape);
  IndexedCopy c;
  c.dims = indices.shape;
  c.src_strides = xs;
  c.src_strides[a] = 0;
  c.dst_strides = is;
  c.index_strides = is;
  c.axis_dims = {input[a]};
  c.axis_strides = {xs[a]};
  c.axes = {static_cast<int64_t>(a)};
  c.index_shape = indices.shape;
  c.index_type = indices.type;
  plan.indexed.push_back(std::move(c));
  return plan;
}

// ---- gatherElements(x, indices, { axis }) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return gather_elements_shape(a.input, indices_of(a), a.scalar("axis"));
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_gather_elements(a.input, indices_of(a), a.scalar("axis"), elem_size);
}

}  // namespace

const OpSpec& gather_elements_op() {
  static const OpSpec spec{"gatherElements",
                           {positional("indices", ParamKind::Indices), option("axis", ParamKind::Int)},
                           shape_from_args,
                           plan_from_args};
  return spec;
}

}  // namespace tensor_ops
