#include "operations/batch_to_space.hpp"

namespace tensor_ops {
namespace {
constexpr const char* kOp = "batchToSpace";
}

Result<Shape> batch_to_space_shape(const Shape& input, const std::vector<int64_t>& block_shape,
                                   const std::vector<int64_t>& crops_begin,
                                   const std::vector<int64_t>& crops_end) {
  int64_t blocks = 0;
  TENSOR_OPS_ASSIGN(blocks, check_batch_params(kOp, input, block_shape, crops_begin, crops_end,
                                               "cropsBegin", "cropsEnd", "crops"));
  if (input[0] % blocks != 0) {
    return shape_mismatch(kOp, "x.shape " + format_list(input) + " has batch " + std::to_string(input[0]) +
                                   ", not divisible by the block volume " + std::to_string(blocks) +
                                   " (the product of blockShape " + format_list(block_shape) + ")");
  }
  Shape output(input.size());
  output[0] = input[0] / blocks;
  for (size_t i = 1; i < input.size(); ++i) {
    // Made only for an error: not one string per axis of every call.
    const auto axis = [i] { return " at axis " + std::to_string(i); };
    int64_t whole = 0;
    if (!checked_mul(input[i], block_shape[i], &whole)) {
      return out_of_memory(kOp, "x dim " + std::to_string(input[i]) + axis() + " times blockShape value " +
                                    std::to_string(block_shape[i]) + " overflows 64 bits");
    }
    if (crops_begin[i] > whole || crops_end[i] > whole - crops_begin[i]) {
      return shape_mismatch(kOp, "cropsBegin " + std::to_string(crops_begin[i]) + " and cropsEnd " +
                                     std::to_string(crops_end[i]) + axis() + " remove more than its " +
                                     std::to_string(whole) + " elements (x dim " + std::to_string(input[i]) +
                                     " * blockShape value " + std::to_string(block_shape[i]) + ")");
    }
    output[i] = whole - crops_begin[i] - crops_end[i];
    if (output[i] > kMaxDim) {
      return out_of_memory(kOp, "the output dim" + axis() + " (" + std::to_string(output[i]) +
                                    ") is beyond 2^53");
    }
  }
  // The output's volume must fit before anything is computed from it (the
  // runtime checks its bytes for the dtype after this function).
  TENSOR_OPS_TRY(check_output_bytes(kOp, output, 1));
  const int64_t pieces = batch_plan_size(output, input, block_shape, crops_begin, false);
  if (pieces > kMaxBatchPieces) {
    return out_of_memory(kOp, "x.shape " + format_list(input) + " with blockShape " + format_list(block_shape) +
                                  " and these crops needs more than " + std::to_string(kMaxBatchPieces) +
                                  " copies (crops that are not multiples of the block on many axes)");
  }
  return output;
}

Result<CopyPlan> plan_batch_to_space(const Shape& input, const std::vector<int64_t>& block_shape,
                                     const std::vector<int64_t>& crops_begin,
                                     const std::vector<int64_t>& crops_end, size_t elem_size) {
  CopyPlan plan;
  TENSOR_OPS_ASSIGN(plan.output_shape, batch_to_space_shape(input, block_shape, crops_begin, crops_end));
  plan.elem_size = elem_size;
  // spaceToBatch's interior copies, read the other way: the output is the
  // space tensor, sitting at cropsBegin inside the uncropped one.
  plan.copies = batch_copies(plan.output_shape, input, block_shape, crops_begin, false);
  return plan;
}

// ---- batchToSpace(x, blockShape, cropsBegin, cropsEnd) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return batch_to_space_shape(a.input, a.ints("blockShape"), a.ints("cropsBegin"), a.ints("cropsEnd"));
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_batch_to_space(a.input, a.ints("blockShape"), a.ints("cropsBegin"), a.ints("cropsEnd"), elem_size);
}

}  // namespace

// Its output's size is checked (not output_within_input) although it holds
// x's elements: ops.shapes.batchToSpace refuses an output beyond memory
// (tests/js/ops/batchToSpace/bad_inputs.mjs).
const OpSpec& batch_to_space_op() {
  static const OpSpec spec{"batchToSpace",
                           {positional("blockShape", ParamKind::Ints), positional("cropsBegin", ParamKind::Ints),
                            positional("cropsEnd", ParamKind::Ints)},
                           shape_from_args,
                           plan_from_args};
  return spec;
}

}  // namespace tensor_ops
