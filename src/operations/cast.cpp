#include "operations/cast.hpp"

#include <cstdio>
#include <memory>
#include <string>

#include "engine/convert.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "cast";
const char* const kRoundings[] = {"auto", "truncate", "nearest"};  // Rounding's order

std::string values_text(const std::vector<double>& v) {
  std::string text = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    char number[32];
    std::snprintf(number, sizeof number, "%.10g", v[i]);
    text += (i ? ", " : "") + std::string(number);
  }
  return text + "]";
}

std::optional<int64_t> axis_of(const OpArgs& a) {
  if (!a.given("axis")) return std::nullopt;
  return a.scalar("axis");
}

// The converting copy of x (read from its view) into a contiguous output.
ConvertCopy convert_of(const OpArgs& a) {
  ConvertCopy c;
  c.dims = a.input;
  c.src_strides = a.input_strides.empty() || a.input_strides[0].empty() ? row_major_strides(a.input)
                                                                        : a.input_strides[0];
  c.dst_strides = row_major_strides(a.input);
  c.src_type = a.dtype;
  c.dst_type = static_cast<DType>(a.scalar("dtype"));
  c.rounding = static_cast<Rounding>(a.scalar("rounding"));
  c.scale = a.floats("scale");
  c.bias = a.floats("bias");
  if (const std::optional<int64_t> axis = axis_of(a)) {
    c.channel_dim = static_cast<int>(*axis < 0 ? *axis + static_cast<int64_t>(a.input.size()) : *axis);
  }
  return c;
}

class CastKernel final : public TypedKernel {
 public:
  explicit CastKernel(const ConvertCopy& copy) : plan_(prepare_convert(copy)) {}
  void run(const void* const* sources, void* const* outputs, ThreadPool* pool) const noexcept override {
    execute_convert(plan_, sources[0], outputs[0], pool);
  }

 private:
  PreparedConvert plan_;
};

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  TENSOR_OPS_TRY(check_cast(a.input, a.floats("scale"), a.floats("bias"), axis_of(a)));
  return a.input;
}

Result<std::shared_ptr<const TypedKernel>> kernel_from_args(const OpArgs& a) {
  TENSOR_OPS_TRY(check_cast(a.input, a.floats("scale"), a.floats("bias"), axis_of(a)));
  return std::shared_ptr<const TypedKernel>(std::make_shared<CastKernel>(convert_of(a)));
}

std::vector<DType> output_dtypes_from_args(const OpArgs& a) { return {static_cast<DType>(a.scalar("dtype"))}; }

}  // namespace

Status check_cast(const Shape& input, const std::vector<double>& scale, const std::vector<double>& bias,
                  std::optional<int64_t> axis) {
  const int64_t rank = static_cast<int64_t>(input.size());
  int64_t normalized = -1;
  if (axis) {
    if (scale.empty() && bias.empty()) {
      return invalid_argument(kOp, "axis " + std::to_string(*axis) +
                                       " is given, but neither scale nor bias: give them, or leave axis out");
    }
    TENSOR_OPS_ASSIGN(normalized, normalize_axis(kOp, "axis", *axis, rank));
  }
  for (const auto& [name, values] : {std::pair<const char*, const std::vector<double>&>{"scale", scale},
                                     std::pair<const char*, const std::vector<double>&>{"bias", bias}}) {
    if (values.size() <= 1) continue;
    if (normalized < 0) {
      return invalid_argument(kOp, std::string(name) + " " + values_text(values) + " has " +
                                       std::to_string(values.size()) +
                                       " values (one per index of an axis), but axis is not given");
    }
    const int64_t dim = input[static_cast<size_t>(normalized)];
    if (static_cast<int64_t>(values.size()) != dim) {
      return shape_mismatch(kOp, std::string(name) + " " + values_text(values) + " has " +
                                     std::to_string(values.size()) + " values, but x.shape[" +
                                     std::to_string(normalized) + "] = " + std::to_string(dim) +
                                     "; give one value, or one per index of axis " + std::to_string(*axis));
    }
  }
  return Status();
}

const OpSpec& cast_op() {
  static const OpSpec spec = [] {
    OpSpec op{"cast",
              {{"dtype", ParamKind::Name, false, false, kDTypeNames, kDTypeCount},
               option("scale", ParamKind::Floats),
               option("bias", ParamKind::Floats),
               option("axis", ParamKind::Int),
               name_option("rounding", kRoundings)},
              shape_from_args,
              nullptr};
    op.kernel = kernel_from_args;
    op.output_dtypes = output_dtypes_from_args;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
