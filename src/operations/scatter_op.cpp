#include "operations/scatter_op.hpp"

#include <utility>

#include "engine/index_error.hpp"

namespace tensor_ops {
namespace {

class ScatterKernel final : public TypedKernel {
 public:
  ScatterKernel(const char* op, ScatterPlan plan) : op_(op), plan_(std::move(plan)) {}
  Status check(const void* const* sources, ThreadPool* pool) const override {
    BadIndex bad;
    if (check_scatter_indices(plan_, sources[1], &bad, pool)) return Status();
    return index_out_of_range(op_, plan_.index_shape, plan_.index_type, bad, plan_.axes, plan_.axis_dims);
  }
  void run(const void* const* sources, void* const* outputs, ThreadPool* pool) const noexcept override {
    apply_scatter(plan_, sources[0], sources[1], sources[2], outputs[0], pool);
  }

 private:
  const char* op_;
  ScatterPlan plan_;
};

}  // namespace

OpSpec scatter_spec(const char* name, bool with_axis, Result<Shape> (*shape)(const OpArgs&, size_t),
                    Result<std::shared_ptr<const TypedKernel>> (*kernel)(const OpArgs&)) {
  OpSpec op{name, {}, shape, nullptr};
  if (with_axis) op.params.push_back(option("axis", ParamKind::Int));
  op.params.push_back(name_option("reduction", kScatterReductions));
  op.tensor_list = true;
  op.inputs = {{"x", InputKind::Data}, {"indices", InputKind::Index}, {"updates", InputKind::Data}};
  op.kernel = kernel;
  // The engine reads x, indices and updates densely: a strided view is copied first.
  op.contiguous_inputs = true;
  // apply_scatter skips the copy of x when the output is x.
  op.in_place = true;
  return op;
}

std::shared_ptr<const TypedKernel> scatter_kernel(const char* op, ScatterPlan plan) {
  return std::make_shared<ScatterKernel>(op, std::move(plan));
}

ScatterReduction reduction_of(const OpArgs& args) {
  return static_cast<ScatterReduction>(args.scalar("reduction"));
}

}  // namespace tensor_ops
