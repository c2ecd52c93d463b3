#include "block_layout.hpp"

#include "error.hpp"

namespace tensor_ops {
namespace {

// One axis of a strided view: its extent and its stride in the space tensor.
struct Axis {
  int64_t dim;
  int64_t stride;
};

// Appends `axes` to `copy` as iteration dims reading the space tensor and
// writing the depth tensor contiguously in that order.
StridedCopy gather(const std::vector<Axis>& axes) {
  StridedCopy copy;
  for (const Axis& axis : axes) {
    copy.dims.push_back(axis.dim);
    copy.src_strides.push_back(axis.stride);
  }
  copy.dst_strides = row_major_strides(copy.dims);
  return copy;
}

// NHWC and NCHW: one 2K+2-axis transpose. The space tensor is viewed with
// each spatial dim split into (outer, block); the depth tensor's order puts
// the block offsets before the channel (blocks_first) or after it.
StridedCopy channel_transpose(const Shape& space, int64_t b, DataFormat format, BlockMode mode) {
  const std::vector<int64_t> strides = row_major_strides(space);
  const std::vector<size_t> spatial = spatial_axes(format, space.size());
  const size_t c_axis = format == DataFormat::NHWC ? 3 : 1;
  const Axis batch{space[0], strides[0]};
  const Axis channel{space[c_axis], strides[c_axis]};
  std::vector<Axis> outer;
  std::vector<Axis> block;
  for (size_t a : spatial) {
    outer.push_back({space[a] / b, strides[a] * b});
    block.push_back({b, strides[a]});
  }
  std::vector<Axis> order{batch};
  if (format == DataFormat::NHWC) order.insert(order.end(), outer.begin(), outer.end());
  if (mode == BlockMode::BlocksFirst) {
    order.insert(order.end(), block.begin(), block.end());
    order.push_back(channel);
  } else {
    order.push_back(channel);
    order.insert(order.end(), block.begin(), block.end());
  }
  if (format == DataFormat::NCHW) order.insert(order.end(), outer.begin(), outer.end());
  return gather(order);
}

// NCHW_VECT_C, blocks_first: channel (by*b + bx)*C + c4*4 + ci lands at
// [(by*b + bx)*C4 + c4, ..., ci], one 7-axis transpose.
StridedCopy vect_c_blocks_first(const Shape& space, int64_t b) {
  const std::vector<int64_t> s = row_major_strides(space);
  return gather({{space[0], s[0]},
                 {b, s[2]},
                 {b, s[3]},
                 {space[1], s[1]},
                 {space[2] / b, s[2] * b},
                 {space[3] / b, s[3] * b},
                 {4, 1}});
}

// NCHW_VECT_C, depth_first: channel c*b*b + k splits across the packed
// quads unevenly, so each j = ci*b*b + k (one source phase) is its own copy.
std::vector<StridedCopy> vect_c_depth_first(const Shape& space, int64_t b) {
  const std::vector<int64_t> s = row_major_strides(space);
  const int64_t bb = b * b;
  const int64_t out_h = space[2] / b;
  const int64_t out_w = space[3] / b;
  const int64_t plane = out_h * out_w * 4;  // one quad of output channels
  std::vector<StridedCopy> copies;
  for (int64_t j = 0; j < 4 * bb; ++j) {
    const int64_t ci = j / bb;
    const int64_t by = (j % bb) / b;
    const int64_t bx = j % b;
    StridedCopy copy;
    copy.dims = {space[0], space[1], out_h, out_w};
    copy.src_strides = {s[0], s[1], s[2] * b, s[3] * b};
    copy.dst_strides = {space[1] * bb * plane, bb * plane, out_w * 4, 4};
    copy.src_offset = ci + by * s[2] + bx * s[3];
    copy.dst_offset = (j / 4) * plane + j % 4;
    copies.push_back(std::move(copy));
  }
  return copies;
}

}  // namespace

DataFormat parse_data_format(const char* op, const std::string& name) {
  if (name == "NHWC") return DataFormat::NHWC;
  if (name == "NCHW") return DataFormat::NCHW;
  if (name == "NCHW_VECT_C") return DataFormat::NCHW_VECT_C;
  invalid_argument(op, "dataFormat '" + name + "' is not one of 'NHWC', 'NCHW', 'NCHW_VECT_C'");
}

BlockMode parse_block_mode(const char* op, const std::string& name) {
  if (name == "blocks_first") return BlockMode::BlocksFirst;
  if (name == "depth_first") return BlockMode::DepthFirst;
  invalid_argument(op, "mode '" + name + "' is not one of 'blocks_first', 'depth_first'");
}

void check_block_input(const char* op, const Shape& x, int64_t block_size, DataFormat format) {
  check_shape(op, "x.shape", x);
  const std::string x_text = "x.shape " + format_list(x);
  switch (format) {
    case DataFormat::NHWC:
      if (x.size() != 4) {
        invalid_argument(op, x_text + " has rank " + std::to_string(x.size()) +
                                 "; dataFormat 'NHWC' needs rank 4");
      }
      break;
    case DataFormat::NCHW:
      if (x.size() < 3) {
        invalid_argument(op, x_text + " has rank " + std::to_string(x.size()) +
                                 "; dataFormat 'NCHW' needs rank 3 or more");
      }
      break;
    case DataFormat::NCHW_VECT_C:
      if (x.size() != 5) {
        invalid_argument(op, x_text + " has rank " + std::to_string(x.size()) +
                                 "; dataFormat 'NCHW_VECT_C' needs rank 5");
      }
      if (x[4] != 4) {
        invalid_argument(op, x_text + " has last dim " + std::to_string(x[4]) +
                                 "; dataFormat 'NCHW_VECT_C' needs 4");
      }
      break;
  }
  if (block_size < 1) {
    invalid_argument(op, "blockSize " + std::to_string(block_size) + " must be at least 1");
  }
}

std::vector<size_t> spatial_axes(DataFormat format, size_t rank) {
  if (format == DataFormat::NHWC) return {1, 2};
  if (format == DataFormat::NCHW_VECT_C) return {2, 3};
  std::vector<size_t> axes;
  for (size_t a = 2; a < rank; ++a) axes.push_back(a);
  return axes;
}

size_t depth_axis(DataFormat format) { return format == DataFormat::NHWC ? 3 : 1; }

int64_t block_volume(const char* op, int64_t block_size, size_t spatial_dims) {
  int64_t product = 1;
  for (size_t i = 0; i < spatial_dims; ++i) {
    if (!checked_mul(product, block_size, &product)) {
      invalid_argument(op, "blockSize " + std::to_string(block_size) + " to the power " +
                               std::to_string(spatial_dims) + " overflows 64 bits");
    }
  }
  return product;
}

std::vector<StridedCopy> space_to_depth_copies(const Shape& space, int64_t block_size,
                                               DataFormat format, BlockMode mode) {
  if (volume(space) == 0) return {};  // nothing to move, however large the block
  if (format != DataFormat::NCHW_VECT_C) {
    return {channel_transpose(space, block_size, format, mode)};
  }
  if (mode == BlockMode::BlocksFirst) return {vect_c_blocks_first(space, block_size)};
  return vect_c_depth_first(space, block_size);
}

}  // namespace tensor_ops
