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
  TENSOR_OPS_TRY(check_elem_size(kOp, elem_size));
  CopyPlan plan;
  TENSOR_OPS_ASSIGN(plan.output_shape, batch_to_space_shape(input, block_shape, crops_begin, crops_end));
  TENSOR_OPS_TRY(check_output_bytes(kOp, plan.output_shape, elem_size));
  plan.elem_size = elem_size;
  // spaceToBatch's interior copies, read the other way: the output is the
  // space tensor, sitting at cropsBegin inside the uncropped one.
  plan.copies = batch_copies(plan.output_shape, input, block_shape, crops_begin, false);
  return plan;
}

}  // namespace tensor_ops
