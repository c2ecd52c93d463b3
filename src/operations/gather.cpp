#include "operations/gather.hpp"

#include <algorithm>
#include <string>

namespace tensor_ops {
namespace {

constexpr const char* kOp = "gather";

struct GatherAxes {
  size_t axis = 0;
  size_t batch = 0;
};

Result<GatherAxes> check_gather(const Shape& input, const Indices& indices, int64_t axis, int64_t batch_dims) {
  TENSOR_OPS_TRY(check_indices_arg(kOp, indices));
  const int64_t rank = static_cast<int64_t>(input.size());
  if (rank == 0) {
    return invalid_argument(kOp, "x.shape [] is a scalar; gather needs x of rank >= 1 (axis " +
                                     std::to_string(axis) + " has nothing to index)");
  }
  int64_t a = 0;
  TENSOR_OPS_ASSIGN(a, normalize_axis(kOp, "axis", axis, rank));
  const int64_t index_rank = static_cast<int64_t>(indices.shape.size());
  const int64_t most = std::min(a, index_rank);
  const int64_t b = batch_dims < 0 ? batch_dims + index_rank : batch_dims;
  if (b < 0 || b > most) {
    return invalid_argument(kOp, "batchDims value " + std::to_string(batch_dims) + " is out of range [0, " +
                                     std::to_string(most) + "] (min(axis " + std::to_string(a) + ", rank(indices) " +
                                     std::to_string(index_rank) + ")); negative values count from rank(indices)");
  }
  for (int64_t k = 0; k < b; ++k) {
    if (input[static_cast<size_t>(k)] != indices.shape[static_cast<size_t>(k)]) {
      return shape_mismatch(kOp, "x.shape " + format_list(input) + " and indices.shape " +
                                     format_list(indices.shape) + " differ at batch dim " + std::to_string(k) +
                                     " (" + std::to_string(input[static_cast<size_t>(k)]) + " vs " +
                                     std::to_string(indices.shape[static_cast<size_t>(k)]) + "); their first " +
                                     std::to_string(b) + " dims (batchDims) must be equal");
    }
  }
  return GatherAxes{static_cast<size_t>(a), static_cast<size_t>(b)};
}

Shape output_of(const Shape& input, const Indices& indices, const GatherAxes& g) {
  Shape out(input.begin(), input.begin() + static_cast<std::ptrdiff_t>(g.axis));
  out.insert(out.end(), indices.shape.begin() + static_cast<std::ptrdiff_t>(g.batch), indices.shape.end());
  out.insert(out.end(), input.begin() + static_cast<std::ptrdiff_t>(g.axis) + 1, input.end());
  return out;
}

}  // namespace

Status check_indices_arg(const char* op, const Indices& indices) {
  TENSOR_OPS_TRY(check_shape(op, "indices.shape", indices.shape));
  if (indices.length >= 0 && indices.length != volume(indices.shape)) {
    return invalid_argument(op, "indices.data has " + std::to_string(indices.length) +
                                    " elements, but indices.shape " + format_list(indices.shape) + " needs " +
                                    std::to_string(volume(indices.shape)));
  }
  return Status();
}

Indices indices_of(const OpArgs& args) {
  const std::vector<int64_t>& w = args.ints("indices");
  return {static_cast<IndexType>(w[0]), w[1], Shape(w.begin() + 2, w.end())};
}

Result<Shape> gather_shape(const Shape& input, const Indices& indices, int64_t axis, int64_t batch_dims) {
  GatherAxes g;
  TENSOR_OPS_ASSIGN(g, check_gather(input, indices, axis, batch_dims));
  return output_of(input, indices, g);
}

// Iteration space B + P + Q (batch dims, x's dims before the axis, the
// indices' dims after the batch): each point copies one slice of
// x.shape[axis+1:] from x's row picked by its index.
Result<CopyPlan> plan_gather(const Shape& input, const Indices& indices, int64_t axis, int64_t batch_dims,
                             size_t elem_size) {
  GatherAxes g;
  TENSOR_OPS_ASSIGN(g, check_gather(input, indices, axis, batch_dims));
  CopyPlan plan;
  plan.output_shape = output_of(input, indices, g);
  plan.elem_size = elem_size;
  const std::vector<int64_t> xs = row_major_strides(input);
  const std::vector<int64_t> is = row_major_strides(indices.shape);
  const std::vector<int64_t> os = row_major_strides(plan.output_shape);
  IndexedCopy c;
  for (size_t k = 0; k < g.axis; ++k) {  // B and P
    c.dims.push_back(input[k]);
    c.src_strides.push_back(xs[k]);
    c.index_strides.push_back(k < g.batch ? is[k] : 0);
  }
  for (size_t k = g.batch; k < indices.shape.size(); ++k) {  // Q
    c.dims.push_back(indices.shape[k]);
    c.src_strides.push_back(0);
    c.index_strides.push_back(is[k]);
  }
  c.dst_strides.assign(os.begin(), os.begin() + static_cast<std::ptrdiff_t>(c.dims.size()));
  c.slice = 1;
  for (size_t k = g.axis + 1; k < input.size(); ++k) c.slice *= input[k];
  c.axis_dims = {input[g.axis]};
  c.axis_strides = {xs[g.axis]};
  c.axes = {static_cast<int64_t>(g.axis)};
  c.index_shape = indices.shape;
  c.index_type = indices.type;
  plan.indexed.push_back(std::move(c));
  return plan;
}

// ---- gather(x, indices, { axis, batchDims }) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return gather_shape(a.input, indices_of(a), a.scalar("axis"), a.scalar("batchDims"));
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_gather(a.input, indices_of(a), a.scalar("axis"), a.scalar("batchDims"), elem_size);
}

}  // namespace

const OpSpec& gather_op() {
  static const OpSpec spec{"gather",
                           {positional("indices", ParamKind::Indices), option("axis", ParamKind::Int),
                            option("batchDims", ParamKind::Int)},
                           shape_from_args,
                           plan_from_args};
  return spec;
}

}  // namespace tensor_ops
