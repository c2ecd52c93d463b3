#include "operations/space_to_batch.hpp"

#include <limits>
#include <string>

namespace tensor_ops {
namespace {

constexpr const char* kOp = "spaceToBatch";

// a + b for a, b >= 0, or false when it overflows int64.
bool checked_add(int64_t a, int64_t b, int64_t* sum) {
  if (a > std::numeric_limits<int64_t>::max() - b) return false;
  *sum = a + b;
  return true;
}

}  // namespace

Result<Shape> space_to_batch_shape(const Shape& input, const std::vector<int64_t>& block_shape,
                                   const std::vector<int64_t>& pads_begin,
                                   const std::vector<int64_t>& pads_end) {
  int64_t blocks = 0;
  TENSOR_OPS_ASSIGN(blocks, check_batch_params(kOp, input, block_shape, pads_begin, pads_end,
                                               "padsBegin", "padsEnd", "pads"));
  Shape output(input.size());
  for (size_t i = 1; i < input.size(); ++i) {
    // The messages' parts, made only for an error (a call of a high rank
    // must not pay for one string per axis).
    const auto axis_text = [i] { return " at axis " + std::to_string(i); };
    const auto sum_text = [&, i] {
      return "(x dim " + std::to_string(input[i]) + " + padsBegin " + std::to_string(pads_begin[i]) +
             " + padsEnd " + std::to_string(pads_end[i]) + ")";
    };
    int64_t padded = 0;
    if (!checked_add(input[i], pads_begin[i], &padded) || !checked_add(padded, pads_end[i], &padded)) {
      return out_of_memory(kOp, "the padded dim" + axis_text() + " " + sum_text() + " overflows 64 bits");
    }
    if (padded % block_shape[i] != 0) {
      return shape_mismatch(kOp, "padded dim " + std::to_string(padded) + axis_text() + " " + sum_text() +
                                     " is not divisible by blockShape value " + std::to_string(block_shape[i]));
    }
    output[i] = padded / block_shape[i];
    if (output[i] > kMaxDim) {
      return out_of_memory(kOp, "the output dim" + axis_text() + " (" + std::to_string(padded) + " / " +
                                    std::to_string(block_shape[i]) + ") is beyond 2^53");
    }
  }
  if (!checked_mul(input[0], blocks, &output[0]) || output[0] > kMaxDim) {
    return out_of_memory(kOp, "the output batch of x.shape " + format_list(input) + " with blockShape " +
                                  format_list(block_shape) + " (" + std::to_string(input[0]) +
                                  " * " + std::to_string(blocks) + ") is beyond 2^53");
  }
  // The output's volume must fit before anything is computed from it (the
  // runtime checks its bytes for the dtype after this function).
  TENSOR_OPS_TRY(check_output_bytes(kOp, output, 1));
  const int64_t pieces = batch_plan_size(input, output, block_shape, pads_begin, true);
  if (pieces > kMaxBatchPieces) {
    return out_of_memory(kOp, "x.shape " + format_list(input) + " with blockShape " + format_list(block_shape) +
                                  " and these pads needs more than " + std::to_string(kMaxBatchPieces) +
                                  " copies and fills (pads that are not multiples of the block on many axes)");
  }
  return output;
}

Result<CopyPlan> plan_space_to_batch(const Shape& input, const std::vector<int64_t>& block_shape,
                                     const std::vector<int64_t>& pads_begin,
                                     const std::vector<int64_t>& pads_end, size_t elem_size) {
  CopyPlan plan;
  TENSOR_OPS_ASSIGN(plan.output_shape, space_to_batch_shape(input, block_shape, pads_begin, pads_end));
  plan.elem_size = elem_size;
  // The interior: a transpose of split axes (one copy per rectangle of
  // block offsets that a pad not a multiple of the block cuts); the
  // padding: fills of zero bytes.
  plan.copies = batch_copies(input, plan.output_shape, block_shape, pads_begin, true);
  plan.fills = batch_padding_fills(input, plan.output_shape, block_shape, pads_begin);
  return plan;
}

// ---- spaceToBatch(x, blockShape, padsBegin, padsEnd) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return space_to_batch_shape(a.input, a.ints("blockShape"), a.ints("padsBegin"), a.ints("padsEnd"));
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_space_to_batch(a.input, a.ints("blockShape"), a.ints("padsBegin"), a.ints("padsEnd"), elem_size);
}

}  // namespace

const OpSpec& space_to_batch_op() {
  static const OpSpec spec{"spaceToBatch",
                           {positional("blockShape", ParamKind::Ints), positional("padsBegin", ParamKind::Ints),
                            positional("padsEnd", ParamKind::Ints)},
                           shape_from_args,
                           plan_from_args};
  return spec;
}

}  // namespace tensor_ops
