#include "operations/space_to_depth.hpp"

#include "base/error.hpp"

namespace tensor_ops {
namespace {
constexpr const char* kOp = "spaceToDepth";
}

Result<Shape> space_to_depth_shape(const Shape& input, int64_t block_size, DataFormat format) {
  TENSOR_OPS_TRY(check_block_input(kOp, input, block_size, format));
  const std::vector<size_t> spatial = spatial_axes(format, input.size());
  Shape output = input;
  for (size_t a : spatial) {
    if (input[a] % block_size != 0) {
      return shape_mismatch(kOp, "x.shape " + format_list(input) + " has spatial dim " +
                              std::to_string(input[a]) + " at axis " + std::to_string(a) +
                              ", not divisible by blockSize " + std::to_string(block_size));
    }
    output[a] = input[a] / block_size;
  }
  const size_t depth = depth_axis(format);
  int64_t per_block = 0;
  TENSOR_OPS_ASSIGN(per_block, block_volume(kOp, block_size, spatial.size()));
  if (!checked_mul(input[depth], per_block, &output[depth]) || output[depth] > kMaxDim) {
    return out_of_memory(kOp, "the output depth of x.shape " + format_list(input) + " with blockSize " +
                           std::to_string(block_size) + " exceeds 2^53");
  }
  return output;
}

Result<CopyPlan> plan_space_to_depth(const Shape& input, int64_t block_size, DataFormat format,
                             BlockMode mode, size_t elem_size) {
  CopyPlan plan;
  TENSOR_OPS_ASSIGN(plan.output_shape, space_to_depth_shape(input, block_size, format));
  plan.elem_size = elem_size;
  plan.copies = space_to_depth_copies(input, block_size, format, mode);
  return plan;
}

// ---- spaceToDepth(x, blockSize, { dataFormat, mode }) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return space_to_depth_shape(a.input, a.scalar("blockSize"), data_format_of(a));
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_space_to_depth(a.input, a.scalar("blockSize"), data_format_of(a), block_mode_of(a), elem_size);
}

}  // namespace

const OpSpec& space_to_depth_op() {
  static const OpSpec spec = [] {
    OpSpec op{"spaceToDepth", block_params(), shape_from_args, plan_from_args};
    op.output_within_input = true;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
