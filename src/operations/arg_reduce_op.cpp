#include "operations/arg_reduce_op.hpp"

#include <memory>
#include <string>
#include <utility>

#include "engine/arg_reduce.hpp"

namespace tensor_ops {
namespace {

// The `dtype` option's names, in the order of their codes.
const char* const kIndexDtypes[] = {"int32", "int64"};

DType index_dtype_of(const OpArgs& a) { return a.scalar("dtype") == 1 ? DType::Int64 : DType::Int32; }

class ArgReduceKernel final : public TypedKernel {
 public:
  explicit ArgReduceKernel(const ArgReducePlan& plan) : prepared_(prepare_arg_reduce(plan)) {}
  void run(const void* const* sources, void* const* outputs, ThreadPool* pool) const noexcept override {
    run_arg_reduce(prepared_, sources[0], outputs[0], pool);
  }

 private:
  PreparedArgReduce prepared_;  // dims merged once: runs allocate nothing
};

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return arg_reduce_shape(a.spec->name, a.input, a.scalar("axis"), a.scalar("keepDims") != 0);
}

template <bool Max>
Result<std::shared_ptr<const TypedKernel>> kernel_from_args(const OpArgs& a) {
  TENSOR_OPS_TRY(shape_from_args(a, 0));
  const int64_t rank = static_cast<int64_t>(a.input.size());
  const int64_t axis = a.scalar("axis") < 0 ? a.scalar("axis") + rank : a.scalar("axis");
  ArgReducePlan plan =
      arg_reduce_plan(a.input, axis, a.dtype, Max, a.scalar("selectLastIndex") != 0, index_dtype_of(a));
  // A view: its own strides (element 0's address is the source).
  if (!a.input_strides.empty() && !a.input_strides[0].empty()) {
    const std::vector<int64_t>& strides = a.input_strides[0];
    plan.src_strides.clear();
    for (int64_t k = 0; k < rank; ++k) {
      if (k != axis) plan.src_strides.push_back(strides[static_cast<size_t>(k)]);
    }
    plan.axis_stride = strides[static_cast<size_t>(axis)];
  }
  return std::shared_ptr<const TypedKernel>(std::make_shared<ArgReduceKernel>(std::move(plan)));
}

std::vector<DType> output_dtypes_from_args(const OpArgs& a) { return {index_dtype_of(a)}; }

}  // namespace

Result<Shape> arg_reduce_shape(const char* op, const Shape& input, int64_t axis, bool keep_dims) {
  const int64_t rank = static_cast<int64_t>(input.size());
  if (rank == 0) {
    return invalid_argument(op, "x is a scalar (shape []): there is no axis to take an index along; give x of rank >= 1");
  }
  int64_t a = 0;
  TENSOR_OPS_ASSIGN(a, normalize_axis(op, "axis", axis, rank));
  if (input[static_cast<size_t>(a)] == 0) {
    return invalid_argument(op, "axis " + std::to_string(axis) + " has no element to take the index of: x.shape[" +
                                    std::to_string(a) + "] = 0");
  }
  Shape output;
  for (int64_t k = 0; k < rank; ++k) {
    if (k != a) output.push_back(input[static_cast<size_t>(k)]);
    else if (keep_dims) output.push_back(1);
  }
  return output;
}

OpSpec arg_reduce_spec(const char* name, bool max) {
  OpSpec op{name,
            {positional("axis", ParamKind::Int), option("keepDims", ParamKind::Bool),
             option("selectLastIndex", ParamKind::Bool), name_option("dtype", kIndexDtypes)},
            shape_from_args,
            nullptr};
  op.kernel = max ? kernel_from_args<true> : kernel_from_args<false>;
  op.output_dtypes = output_dtypes_from_args;
  return op;
}

}  // namespace tensor_ops
