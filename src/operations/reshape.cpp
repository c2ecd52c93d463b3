#include "operations/reshape.hpp"

#include <utility>

#include "base/error.hpp"

namespace tensor_ops {
namespace {
constexpr const char* kOp = "reshape";
}

Result<Shape> reshape_shape(const Shape& input, const std::vector<int64_t>& shape, bool special_zero) {
  // Made only for an error: a call of a high rank must not format its shape.
  const auto shape_text = [&shape] { return "shape " + format_list(shape); };
  int64_t minus_one_at = -1;
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t value = shape[i];
    if (value < -1 || value > kMaxDim) {
      return invalid_argument(kOp, shape_text() + " has value " + std::to_string(value) + " at index " +
                                std::to_string(i) + "; values must be -1, 0 or positive up to 2^53");
    }
    if (value == -1) {
      if (minus_one_at >= 0) return invalid_argument(kOp, shape_text() + " has more than one -1");
      minus_one_at = static_cast<int64_t>(i);
    }
    if (value == 0 && special_zero && i >= input.size()) {
      return invalid_argument(kOp, shape_text() + " has a 0 at index " + std::to_string(i) +
                                " with specialZero true, but x.shape " + format_list(input) +
                                " has rank " + std::to_string(input.size()));
    }
  }

  // Resolve special zeros; q is the product of the input dims not copied,
  // p the product of the output dims neither -1 nor copied (OpenVINO's rule).
  Shape output(shape.begin(), shape.end());
  std::vector<bool> copied(input.size(), false);
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 0 && special_zero) {
      output[i] = input[i];
      copied[i] = true;
    }
  }
  if (minus_one_at >= 0) {
    // x.shape was checked (op_spec.hpp): the product of its non-zero dims, so q, fits.
    int64_t q = 1;
    for (size_t i = 0; i < input.size(); ++i) {
      if (!copied[i]) q *= input[i];
    }
    int64_t p = 1;
    for (size_t i = 0; i < shape.size(); ++i) {
      if (static_cast<int64_t>(i) == minus_one_at || (shape[i] == 0 && special_zero)) continue;
      if (!checked_mul(p, shape[i], &p)) {
        return invalid_argument(kOp, shape_text() + " has a volume that overflows 64 bits");
      }
    }
    if (p == 0) {
      return shape_mismatch(kOp, "cannot infer the -1 in " + shape_text() + " for x.shape " +
                              format_list(input) + ": the other dims have a product of 0");
    }
    if (q % p != 0) {
      return shape_mismatch(kOp, "cannot infer the -1 in " + shape_text() + " for x.shape " +
                              format_list(input) + ": " + std::to_string(q) +
                              " elements are not divisible by " + std::to_string(p));
    }
    output[static_cast<size_t>(minus_one_at)] = q / p;
  }
  TENSOR_OPS_TRY(check_shape(kOp, "shape", output));
  if (volume(output) != volume(input)) {
    return shape_mismatch(kOp, shape_text() + " resolves to " + format_list(output) + " with " +
                            std::to_string(volume(output)) + " elements, but x.shape " +
                            format_list(input) + " has " + std::to_string(volume(input)));
  }
  return output;
}

Result<CopyPlan> plan_reshape(const Shape& input, const std::vector<int64_t>& shape, bool special_zero,
                              size_t elem_size) {
  return plan_as_reshape(input, reshape_shape(input, shape, special_zero), elem_size);
}

Result<CopyPlan> plan_as_reshape(const Shape& input, Result<Shape> output, size_t elem_size) {
  if (!output.ok()) return output.status();
  CopyPlan plan;
  plan.output_shape = std::move(output).value();
  plan.elem_size = elem_size;
  plan.copies.push_back(contiguous_copy(volume(input)));
  return plan;
}

// ---- reshape(x, shape, { specialZero }) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return reshape_shape(a.input, a.ints("shape"), a.scalar("specialZero") != 0);
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_reshape(a.input, a.ints("shape"), a.scalar("specialZero") != 0, elem_size);
}

}  // namespace

const OpSpec& reshape_op() {
  static const OpSpec spec = [] {
    OpSpec op{"reshape",
              {positional("shape", ParamKind::Ints), option("specialZero", ParamKind::Bool)},
              shape_from_args,
              plan_from_args};
    op.result = ResultKind::View;
    op.output_within_input = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
