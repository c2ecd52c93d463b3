#include "operations/triangular.hpp"

#include <memory>
#include <string>
#include <utility>

#include "engine/band.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "triangular";

class TriangularKernel final : public TypedKernel {
 public:
  explicit TriangularKernel(const BandPlan& plan) : prepared_(prepare_band(plan)) {}
  void run(const void* const* sources, void* const* outputs, ThreadPool* pool) const noexcept override {
    run_band(prepared_, sources[0], outputs[0], pool);
  }

 private:
  PreparedBand prepared_;  // batch dims merged once: runs allocate nothing
};

// upper's default is true: a Bool left out arrives as not given.
bool upper_of(const OpArgs& a) { return !a.given("upper") || a.scalar("upper") != 0; }

Result<Shape> shape_from_args(const OpArgs& a, size_t) { return triangular_shape(a.input); }

Result<std::shared_ptr<const TypedKernel>> kernel_from_args(const OpArgs& a) {
  TENSOR_OPS_TRY(triangular_shape(a.input));
  BandPlan plan = band_plan(a.input, dtype_bytes(a.dtype), upper_of(a), a.scalar("diagonal"));
  // A view: read with its own strides from element 0's address.
  if (!a.input_strides.empty() && !a.input_strides[0].empty()) plan.src_strides = a.input_strides[0];
  return std::shared_ptr<const TypedKernel>(std::make_shared<TriangularKernel>(std::move(plan)));
}

}  // namespace

Result<Shape> triangular_shape(const Shape& input) {
  if (input.size() < 2) {
    return invalid_argument(kOp, "x.shape " + format_list(input) + " has rank " + std::to_string(input.size()) +
                                     "; triangular needs rank >= 2 (matrices in the last two dims)");
  }
  return input;
}

const OpSpec& triangular_op() {
  static const OpSpec spec = [] {
    OpSpec op{kOp, {option("upper", ParamKind::Bool), option("diagonal", ParamKind::Int)}, shape_from_args, nullptr};
    op.kernel = kernel_from_args;
    // x may be the output (a kept x's own .data as out, a plain x copied
    // straight into the output): the kernel then only writes the zeros.
    op.in_place = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
