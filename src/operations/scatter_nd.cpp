#include "operations/scatter_nd.hpp"

#include <string>

#include "operations/scatter_op.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "scatterND";

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return scatter_nd_shape(a.input_shape(0), a.input_shape(1), a.input_shape(2));
}

Result<std::shared_ptr<const TypedKernel>> kernel_from_args(const OpArgs& a) {
  const Shape x = a.input_shape(0), indices = a.input_shape(1);
  TENSOR_OPS_TRY(scatter_nd_shape(x, indices, a.input_shape(2)));
  return scatter_kernel(kOp, scatter_nd_plan(x, indices, a.dtype, reduction_of(a), index_type_of(a.input_dtypes[1])));
}

}  // namespace

Result<Shape> scatter_nd_shape(const Shape& x, const Shape& indices, const Shape& updates) {
  if (indices.empty()) {
    return shape_mismatch(kOp, "indices.shape [] is a scalar; scatterND needs indices of rank >= 1 (their last dim "
                               "holds each tuple's coordinates)");
  }
  const int64_t k = indices.back();
  if (k > static_cast<int64_t>(x.size())) {
    return shape_mismatch(kOp, "indices.shape " + format_list(indices) + " has tuples of " + std::to_string(k) +
                                   " coordinates (its last dim), more than x.shape " + format_list(x) + " has dims (" +
                                   std::to_string(x.size()) + ")");
  }
  Shape expected(indices.begin(), indices.end() - 1);
  expected.insert(expected.end(), x.begin() + k, x.end());
  if (updates != expected) {
    return shape_mismatch(kOp, "updates.shape " + format_list(updates) + " is not " + format_list(expected) +
                                   " (indices.shape[:-1] + x.shape[" + std::to_string(k) + ":], with indices.shape " +
                                   format_list(indices) + " and x.shape " + format_list(x) + ")");
  }
  return x;
}

const OpSpec& scatter_nd_op() {
  static const OpSpec spec = scatter_spec(kOp, false, shape_from_args, kernel_from_args);
  return spec;
}

}  // namespace tensor_ops
