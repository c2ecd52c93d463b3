#include "operations/scatter_elements.hpp"

#include <string>

#include "operations/scatter_op.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "scatterElements";

Result<int64_t> checked_axis(const Shape& x, const Shape& indices, const Shape& updates, int64_t axis) {
  if (x.empty()) {
    return invalid_argument(kOp, "x.shape [] is a scalar; scatterElements needs x of rank >= 1 (axis " +
                                     std::to_string(axis) + " has nothing to index)");
  }
  int64_t a = 0;
  TENSOR_OPS_ASSIGN(a, normalize_axis(kOp, "axis", axis, static_cast<int64_t>(x.size())));
  if (indices.size() != x.size()) {
    return shape_mismatch(kOp, "indices.shape " + format_list(indices) + " has rank " +
                                   std::to_string(indices.size()) + ", but x.shape " + format_list(x) +
                                   " has rank " + std::to_string(x.size()) + "; they must have one rank");
  }
  if (updates != indices) {
    return shape_mismatch(kOp, "updates.shape " + format_list(updates) + " differs from indices.shape " +
                                   format_list(indices) + "; each index has its update");
  }
  for (size_t k = 0; k < x.size(); ++k) {
    if (static_cast<int64_t>(k) != a && indices[k] > x[k]) {
      return shape_mismatch(kOp, "indices.shape " + format_list(indices) + " has dim " + std::to_string(indices[k]) +
                                     " at index " + std::to_string(k) + ", more than x.shape " + format_list(x) +
                                     " has (" + std::to_string(x[k]) + "); off the axis (" + std::to_string(a) +
                                     ") indices may not be larger than x");
    }
  }
  return a;
}

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return scatter_elements_shape(a.input_shape(0), a.input_shape(1), a.input_shape(2), a.scalar("axis"));
}

Result<std::shared_ptr<const TypedKernel>> kernel_from_args(const OpArgs& a) {
  const Shape x = a.input_shape(0), indices = a.input_shape(1);
  int64_t axis = 0;
  TENSOR_OPS_ASSIGN(axis, checked_axis(x, indices, a.input_shape(2), a.scalar("axis")));
  return scatter_kernel(kOp, scatter_elements_plan(x, indices, axis, a.dtype, reduction_of(a),
                                                   index_type_of(a.input_dtypes[1])));
}

}  // namespace

Result<Shape> scatter_elements_shape(const Shape& x, const Shape& indices, const Shape& updates, int64_t axis) {
  TENSOR_OPS_TRY(checked_axis(x, indices, updates, axis));
  return x;
}

const OpSpec& scatter_elements_op() {
  static const OpSpec spec = scatter_spec(kOp, true, shape_from_args, kernel_from_args);
  return spec;
}

}  // namespace tensor_ops
