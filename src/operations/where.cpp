#include "operations/where.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "engine/select.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "where";
constexpr const char* kNames[] = {"condition", "a", "b"};

// Input k's strides over the output's space: its view's (or row-major), 0
// where it is broadcast (a dim of 1 stretched, or a leading dim it lacks).
std::vector<int64_t> strides_over(const OpArgs& a, size_t k, const Shape& output) {
  const Shape shape = a.input_shape(k);
  const bool viewed = k < a.input_strides.size() && !a.input_strides[k].empty();
  const std::vector<int64_t> own = viewed ? a.input_strides[k] : row_major_strides(shape);
  std::vector<int64_t> s(output.size(), 0);
  for (size_t j = 0; j < shape.size(); ++j) {
    const size_t at = output.size() - shape.size() + j;
    s[at] = shape[j] == 1 && output[at] != 1 ? 0 : own[j];
  }
  return s;
}

class WhereKernel final : public TypedKernel {
 public:
  explicit WhereKernel(SelectPlan plan) : prepared_(prepare_select(std::move(plan))) {}
  void run(const void* const* sources, void* const* outputs, ThreadPool* pool) const noexcept override {
    run_select(prepared_, sources[0], sources[1], sources[2], outputs[0], pool);
  }

 private:
  PreparedSelect prepared_;  // dims merged once: runs allocate nothing
};

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return where_shape(a.input_shape(0), a.input_shape(1), a.input_shape(2));
}

Result<std::shared_ptr<const TypedKernel>> kernel_from_args(const OpArgs& a) {
  Shape output;
  TENSOR_OPS_ASSIGN(output, shape_from_args(a, 0));
  SelectPlan plan;
  plan.dims = output;
  plan.cond_strides = strides_over(a, 0, output);
  plan.a_strides = strides_over(a, 1, output);
  plan.b_strides = strides_over(a, 2, output);
  plan.dst_strides = row_major_strides(output);
  plan.elem_size = dtype_bytes(a.dtype);
  return std::shared_ptr<const TypedKernel>(std::make_shared<WhereKernel>(std::move(plan)));
}

}  // namespace

Result<Shape> where_shape(const Shape& condition, const Shape& a, const Shape& b) {
  const Shape* shapes[] = {&condition, &a, &b};
  size_t rank = std::max({condition.size(), a.size(), b.size()});
  Shape out(rank, 1);
  // Per output dim (from the last): the one size other than 1, or 1.
  for (size_t i = 0; i < rank; ++i) {
    const size_t at = rank - 1 - i;
    int from = -1;
    for (int k = 0; k < 3; ++k) {
      const Shape& s = *shapes[k];
      if (i >= s.size()) continue;
      const int64_t d = s[s.size() - 1 - i];
      if (d == 1) continue;
      if (from >= 0 && d != out[at]) {
        return shape_mismatch(kOp, std::string(kNames[from]) + ".shape " + format_list(*shapes[from]) + " and " +
                                       kNames[k] + ".shape " + format_list(s) + " do not broadcast: dim " +
                                       std::to_string(out[at]) + " vs " + std::to_string(d) + " at " +
                                       std::to_string(i + 1) + " from the end (each dim must be equal or 1)");
      }
      out[at] = d;
      from = k;
    }
  }
  return out;
}

const OpSpec& where_op() {
  static const OpSpec spec = [] {
    OpSpec op{kOp, {}, shape_from_args, nullptr};
    op.tensor_list = true;
    op.inputs = {{"condition", InputKind::Condition}, {"a", InputKind::Data, true}, {"b", InputKind::Data, true}};
    op.kernel = kernel_from_args;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
