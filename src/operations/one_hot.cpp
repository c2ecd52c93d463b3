#include "operations/one_hot.hpp"

#include <cstring>
#include <memory>
#include <string>
#include <utility>

#include "engine/one_hot.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "oneHot";

// The `dtype` option's names: every dtype, the default (float32) first. Its
// index is what crosses the boundary; output_dtype_of maps it to the DType.
const char* const kOutputDtypes[] = {"float32", "int8",    "uint8",  "bool",  "int16", "uint16", "float16",
                                     "bfloat16", "int32", "uint32", "int64", "uint64", "float64"};
static_assert(sizeof kOutputDtypes / sizeof kOutputDtypes[0] == kDTypeCount, "one name per dtype");

DType output_dtype_of(const OpArgs& a) {
  const char* name = kOutputDtypes[a.scalar("dtype")];
  for (int code = 0; code < kDTypeCount; ++code) {
    if (std::strcmp(kDTypeNames[code], name) == 0) return static_cast<DType>(code);
  }
  return DType::Float32;  // not reached: every name is a dtype's
}

// The bits of 1 in `dtype`: values' default on value (values left out: [0, 1]).
uint64_t one_bits(DType dtype) {
  switch (dtype) {
    case DType::Float16: return 0x3c00;
    case DType::Bfloat16: return 0x3f80;
    case DType::Float32: return 0x3f800000;
    case DType::Float64: return 0x3ff0000000000000;
    default: return 1;
  }
}

int64_t axis_of(const OpArgs& a) { return a.given("axis") ? a.scalar("axis") : -1; }

class OneHotKernel final : public TypedKernel {
 public:
  explicit OneHotKernel(OneHotPlan plan) : plan_(std::move(plan)) {}
  void run(const void* const* sources, void* const* outputs, ThreadPool* pool) const noexcept override {
    execute_one_hot(plan_, sources[0], outputs[0], pool);
  }

 private:
  OneHotPlan plan_;
};

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return one_hot_shape(a.input, a.dtype, a.scalar("depth"), axis_of(a));
}

// Indices given as a strided view reach here contiguous (OpSpec::contiguous_inputs).
Result<std::shared_ptr<const TypedKernel>> kernel_from_args(const OpArgs& a) {
  TENSOR_OPS_TRY(shape_from_args(a, 0));
  const int64_t rank = static_cast<int64_t>(a.input.size());
  const int64_t axis = axis_of(a) < 0 ? axis_of(a) + rank + 1 : axis_of(a);
  const DType out = output_dtype_of(a);
  const std::vector<int64_t>& values = a.ints("values");  // [off, on] as out's bits
  const bool given = a.given("values");
  const OneHotPlan plan = one_hot_plan(a.input, a.scalar("depth"), axis, index_type_of(a.dtype), dtype_bytes(out),
                                       given ? static_cast<uint64_t>(values[0]) : 0,
                                       given ? static_cast<uint64_t>(values[1]) : one_bits(out));
  return std::shared_ptr<const TypedKernel>(std::make_shared<OneHotKernel>(plan));
}

std::vector<DType> output_dtypes_from_args(const OpArgs& a) { return {output_dtype_of(a)}; }

}  // namespace

Result<Shape> one_hot_shape(const Shape& input, DType dtype, int64_t depth, int64_t axis) {
  if (!is_integer(dtype)) {
    return invalid_argument(kOp, std::string("indices.dtype '") + dtype_name(dtype) +
                                     "' is not an integer dtype: indices must be int8, uint8, int16, uint16, "
                                     "int32, uint32, int64 or uint64");
  }
  if (depth <= 0) {
    return invalid_argument(kOp, "depth " + std::to_string(depth) + " is not positive: give depth >= 1");
  }
  const int64_t rank = static_cast<int64_t>(input.size());
  if (axis < -rank - 1 || axis > rank) {
    return invalid_argument(kOp, "axis " + std::to_string(axis) + " is outside [" + std::to_string(-rank - 1) +
                                     ", " + std::to_string(rank) + "] for indices of rank " + std::to_string(rank) +
                                     " (the output's rank is " + std::to_string(rank + 1) + ")");
  }
  // No tensor has a dim beyond 2^53: an output too large for any memory.
  if (depth > kMaxDim) {
    return out_of_memory(kOp, "depth " + std::to_string(depth) +
                                  " makes an output dim beyond 2^53, more than any memory holds");
  }
  Shape output = input;
  output.insert(output.begin() + (axis < 0 ? axis + rank + 1 : axis), depth);
  return output;
}

const OpSpec& one_hot_op() {
  static const OpSpec spec = [] {
    OpSpec op{kOp,
              {positional("depth", ParamKind::Int), option("axis", ParamKind::Int),
               value_option("values", 2, "dtype"), name_option("dtype", kOutputDtypes)},
              shape_from_args,
              nullptr};
    op.kernel = kernel_from_args;
    op.output_dtypes = output_dtypes_from_args;
    op.input_name = "indices";
    op.contiguous_inputs = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
