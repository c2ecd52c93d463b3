#include "operations/depth_to_space.hpp"

#include <utility>

#include "base/error.hpp"

namespace tensor_ops {
namespace {
constexpr const char* kOp = "depthToSpace";
}

Result<Shape> depth_to_space_shape(const Shape& input, int64_t block_size, DataFormat format) {
  TENSOR_OPS_TRY(check_block_input(kOp, input, block_size, format));
  const std::vector<size_t> spatial = spatial_axes(format, input.size());
  const size_t depth = depth_axis(format);
  int64_t per_block = 0;
  TENSOR_OPS_ASSIGN(per_block, block_volume(kOp, block_size, spatial.size()));
  // NCHW_VECT_C packs channels in quads: the depth is C/4 * 4, and the output
  // depth must again fill whole quads.
  const bool vect_c = format == DataFormat::NCHW_VECT_C;
  const int64_t channels = vect_c ? input[depth] * 4 : input[depth];
  const int64_t out_channels = channels / per_block;
  if (channels % per_block != 0 || (vect_c && out_channels % 4 != 0)) {
    return shape_mismatch(kOp, "x.shape " + format_list(input) + " has depth " +
                            std::to_string(channels) + ", not divisible by blockSize^" +
                            std::to_string(spatial.size()) + " = " + std::to_string(per_block) +
                            (vect_c ? " into a multiple of 4" : "") + " (blockSize " +
                            std::to_string(block_size) + ")");
  }
  Shape output = input;
  output[depth] = vect_c ? out_channels / 4 : out_channels;
  for (size_t a : spatial) {
    if (!checked_mul(input[a], block_size, &output[a]) || output[a] > kMaxDim) {
      return out_of_memory(kOp, "the output of x.shape " + format_list(input) + " with blockSize " +
                             std::to_string(block_size) + " has a spatial dim above 2^53");
    }
  }
  // The output's volume must fit before anything is computed from it (the
  // runtime checks its bytes for the dtype after this function).
  TENSOR_OPS_TRY(check_output_bytes(kOp, output, 1));
  return output;
}

Result<CopyPlan> plan_depth_to_space(const Shape& input, int64_t block_size, DataFormat format,
                             BlockMode mode, size_t elem_size) {
  CopyPlan plan;
  TENSOR_OPS_ASSIGN(plan.output_shape, depth_to_space_shape(input, block_size, format));
  plan.elem_size = elem_size;
  // The inverse of spaceToDepth: the same copies with the roles swapped.
  plan.copies = space_to_depth_copies(plan.output_shape, block_size, format, mode);
  for (StridedCopy& copy : plan.copies) {
    std::swap(copy.src_strides, copy.dst_strides);
    std::swap(copy.src_offset, copy.dst_offset);
  }
  return plan;
}

// ---- depthToSpace(x, blockSize, { dataFormat, mode }) in the operation table ----

namespace {

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  return depth_to_space_shape(a.input, a.scalar("blockSize"), data_format_of(a));
}

Result<CopyPlan> plan_from_args(const OpArgs& a, size_t elem_size) {
  return plan_depth_to_space(a.input, a.scalar("blockSize"), data_format_of(a), block_mode_of(a), elem_size);
}

}  // namespace

// Its output's size is checked (not output_within_input) although it holds
// x's elements: ops.shapes.depthToSpace refuses an output beyond memory
// (tests/js/memory_exhaustion.test.mjs).
const OpSpec& depth_to_space_op() {
  static const OpSpec spec{"depthToSpace", block_params(), shape_from_args, plan_from_args};
  return spec;
}

}  // namespace tensor_ops
