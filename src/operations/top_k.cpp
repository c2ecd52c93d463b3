#include "operations/top_k.hpp"

#include <memory>
#include <string>
#include <utility>

#include "engine/top_k.hpp"

namespace tensor_ops {
namespace {

// The `dtype` option's names, in the order of their codes.
const char* const kIndexDtypes[] = {"int32", "int64"};

DType index_dtype_of(const OpArgs& a) { return a.scalar("dtype") == 1 ? DType::Int64 : DType::Int32; }

// Options left out reach the core as not given: axis -1, largest and sorted true.
int64_t axis_of(const OpArgs& a) { return a.given("axis") ? a.scalar("axis") : -1; }
bool flag_of(const OpArgs& a, const char* name) { return !a.given(name) || a.scalar(name) != 0; }

class TopKKernel final : public TypedKernel {
 public:
  explicit TopKKernel(const TopKPlan& plan) : prepared_(prepare_top_k(plan)) {}
  void run(const void* const* sources, void* const* outputs, ThreadPool* pool) const noexcept override {
    run_top_k(prepared_, sources[0], outputs[0], outputs[1], pool);
  }

 private:
  PreparedTopK prepared_;  // dims merged once
};

Result<ShapeList> shapes_from_args(const OpArgs& a, size_t) {
  return top_k_shapes(a.spec->name, a.input, a.scalar("k"), axis_of(a));
}

Result<std::shared_ptr<const TypedKernel>> kernel_from_args(const OpArgs& a) {
  TENSOR_OPS_TRY(shapes_from_args(a, 0));
  const int64_t rank = static_cast<int64_t>(a.input.size());
  const int64_t axis = axis_of(a) < 0 ? axis_of(a) + rank : axis_of(a);
  TopKPlan plan = top_k_plan(a.input, axis, a.scalar("k"), a.dtype, flag_of(a, "largest"), flag_of(a, "sorted"),
                             index_dtype_of(a));
  // A view: its own strides (element 0's address is the source).
  if (!a.input_strides.empty() && !a.input_strides[0].empty()) {
    const std::vector<int64_t>& strides = a.input_strides[0];
    plan.src_strides.clear();
    for (int64_t d = 0; d < rank; ++d) {
      if (d != axis) plan.src_strides.push_back(strides[static_cast<size_t>(d)]);
    }
    plan.axis_stride = strides[static_cast<size_t>(axis)];
  }
  return std::shared_ptr<const TypedKernel>(std::make_shared<TopKKernel>(plan));
}

std::vector<DType> output_dtypes_from_args(const OpArgs& a) { return {a.dtype, index_dtype_of(a)}; }

}  // namespace

Result<ShapeList> top_k_shapes(const char* op, const Shape& input, int64_t k, int64_t axis) {
  const int64_t rank = static_cast<int64_t>(input.size());
  if (rank == 0) {
    return invalid_argument(op, "x is a scalar (shape []): there is no axis to take the top k along; give x of rank >= 1");
  }
  int64_t a = 0;
  TENSOR_OPS_ASSIGN(a, normalize_axis(op, "axis", axis, rank));
  const int64_t dim = input[static_cast<size_t>(a)];
  if (k < 0 || k > dim) {
    return invalid_argument(op, "k " + std::to_string(k) + " is out of range [0, " + std::to_string(dim) +
                                    "]: x.shape[" + std::to_string(a) + "] = " + std::to_string(dim));
  }
  Shape output = input;
  output[static_cast<size_t>(a)] = k;
  ShapeList list;
  list.push_back(output.data(), output.size());
  list.push_back(output.data(), output.size());
  return list;
}

const OpSpec& top_k_op() {
  static const OpSpec spec = [] {
    OpSpec op{"topK",
              {positional("k", ParamKind::Int), option("axis", ParamKind::Int), option("largest", ParamKind::Bool),
               option("sorted", ParamKind::Bool), name_option("dtype", kIndexDtypes)},
              nullptr,
              nullptr};
    op.output_shapes = shapes_from_args;
    op.kernel = kernel_from_args;
    op.output_dtypes = output_dtypes_from_args;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
