#include "operations/gather_nd.hpp"

#include <string>

namespace tensor_ops {
namespace {

constexpr const char* kOp = "gatherND";

// The batch dims b and the tuple length k.
struct NdAxes {
  size_t batch = 0;
  size_t k = 0;
};

Result<NdAxes> check_gather_nd(const Shape& input, const Indices& indices, int64_t batch_dims) {
  TENSOR_OPS_TRY(check_indices_arg(kOp, indices));
  const Shape& is = indices.shape;
  if (is.empty()) {
    return shape_mismatch(kOp, "indices.shape [] is a scalar; gatherND needs indices of rank >= 1 (its last dim "
                               "holds the index tuples)");
  }
  const int64_t index_rank = static_cast<int64_t>(is.size());
  if (batch_dims < 0 || batch_dims >= index_rank) {
    return invalid_argument(kOp, "batchDims value " + std::to_string(batch_dims) + " is out of range [0, " +
                                     std::to_string(index_rank) + ") for indices.shape " + format_list(is));
  }
  const int64_t k = is.back();
  const int64_t rank = static_cast<int64_t>(input.size());
  if (batch_dims + k > rank) {
    return shape_mismatch(kOp, "batchDims " + std::to_string(batch_dims) + " + indices.shape[-1] " +
                                   std::to_string(k) + " = " + std::to_string(batch_dims + k) +
                                   " is more than rank(x) " + std::to_string(rank) + " (x.shape " +
                                   format_list(input) + ", indices.shape " + format_list(is) + ")");
  }
  for (size_t d = 0; d < static_cast<size_t>(batch_dims); ++d) {
    if (input[d] != is[d]) {
      return shape_mismatch(kOp, "x.shape " + format_list(input) + " and indices.shape " + format_list(is) +
                                     " differ at batch dim " + std::to_string(d) + " (" + std::to_string(input[d]) +
                                     " vs " + std::to_string(is[d]) + "); their first " +
                                     std::to_string(batch_dims) + " dims (batchDims) must be equal");
    }
  }
  return NdAxes{static_cast<size_t>(batch_dims), static_cast<size_t>(k)};
}

Shape output_of(const Shape& input, const Indices& indices, const NdAxes& g) {
  Shape out(indices.shape.begin(), indices.shape.end() - 1);
  out.insert(out.end(), input.begin() + static_cast<std::ptrdiff_t>(g.batch + g.k), input.end());
  return out;
}

}  // namespace

Result<Shape> gather_nd_shape(const Shape& input, const Indices& indices, int64_t batch_dims) {
  NdAxes g;
  TENSOR_OPS_ASSIGN(g, check_gather_nd(input, indices, batch_dims));
  return output_of(input, indices, g);
}

// Iteration space indices.shape[:-1]: each point reads its k-tuple (the
// indices' last dim, contiguous) and copies the slice x.shape[b + k:] it
// points to within its batch.
Result<CopyPlan> plan_gather_nd(const Shape& input, const Indices& indices, int64_t batch_dims,
                                size_t elem_size) {
  NdAxes g;
  TENSOR_OPS_ASSIGN(g, check_gather_nd(input, indices, batch_dims));
  CopyPlan plan;
  plan.output_shape = output_of(input, indices, g);
  plan.elem_size = elem_size;
  const std::vector<int64_t> xs = row_major_strides(input);
  const std::vector<int64_t> is = row_major_strides(indices.shape);
  const std::vector<int64_t> os = row_major_strides(plan.output_shape);
  const size_t m = indices.shape.size() - 1;
  IndexedCopy c;
  for (size_t d = 0; d < m; ++d) {
    c.dims.push_back(indices.shape[d]);
    c.src_strides.push_back(d < g.batch ? xs[d] : 0);
    c.index_strides.push_back(is[d]);
    c.dst_strides.push_back(os[d]);
  }
  c.slice = 1;
  for (size_t d = g.batch + g.k; d < input.size(); ++d) c.slice *= input[d];
  for (size_t j = 0; j < g.k; ++j) {
    c.axis_dims.push_back(input[g.batch + j]);
    c.axis_strides.push_back(xs[g.batch + j]);
    c.axes.push_back(static_cast<int64_t>(g.batch + j));
  }
  c.index_shape = indices.shape;
  c.index_type = indices.type;
  plan.indexed.push_back(std::move(c));
  return plan;
}

// ---- gatherND(x, indices, { batchDims }) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return gather_nd_shape(a.input, indices_of(a), a.scalar("batchDims"));
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_gather_nd(a.input, indices_of(a), a.scalar("batchDims"), elem_size);
}

}  // namespace

const OpSpec& gather_nd_op() {
  static const OpSpec spec{"gatherND",
                           {positional("indices", ParamKind::Indices), option("batchDims", ParamKind::Int)},
                           shape_from_args,
                           plan_from_args};
  return spec;
}

}  // namespace tensor_ops
