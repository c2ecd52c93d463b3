#include "operations/block_layout.hpp"

#include "base/error.hpp"
#include "engine/view.hpp"

namespace tensor_ops {
namespace {

// NHWC and NCHW: one 2K+2-axis transpose. The space tensor is viewed with
// each spatial dim split into (outer, block); the depth tensor's order puts
// the block offsets before the channel (blocks_first) or after it. Built
// axis by axis, in time linear in the rank (splitting axes one at a time
// moved every later axis each time: quadratic for an NCHW tensor of many
// spatial dims).
StridedCopy channel_transpose(const Shape& space, int64_t b, DataFormat format, BlockMode mode) {
  const std::vector<int64_t> strides = row_major_strides(space);
  const std::vector<size_t> spatial = spatial_axes(format, space.size());  // ascending
  View view;
  std::vector<size_t> outer;
  std::vector<size_t> block;
  size_t next = 0;  // the next spatial axis
  for (size_t a = 0; a < space.size(); ++a) {
    if (next < spatial.size() && spatial[next] == a) {
      ++next;
      outer.push_back(view.dims.size());
      view.dims.push_back(space[a] / b);
      view.strides.push_back(strides[a] * b);
      block.push_back(view.dims.size());
      view.dims.push_back(b);
      view.strides.push_back(strides[a]);
    } else {
      view.dims.push_back(space[a]);
      view.strides.push_back(strides[a]);
    }
  }
  const size_t c_axis = format == DataFormat::NHWC ? 3 : 1;
  const size_t channel = c_axis + (format == DataFormat::NHWC ? outer.size() : 0);
  std::vector<size_t> order{0};
  order.reserve(view.dims.size());
  if (format == DataFormat::NHWC) order.insert(order.end(), outer.begin(), outer.end());
  if (mode == BlockMode::BlocksFirst) {
    order.insert(order.end(), block.begin(), block.end());
    order.push_back(channel);
  } else {
    order.push_back(channel);
    order.insert(order.end(), block.begin(), block.end());
  }
  if (format == DataFormat::NCHW) order.insert(order.end(), outer.begin(), outer.end());
  return copy_to_contiguous(view.permute(order));
}

// NCHW_VECT_C, blocks_first: channel (by*b + bx)*C + c4*4 + ci lands at
// [(by*b + bx)*C4 + c4, ..., ci], one 7-axis transpose of the view
// [N, C4, H/b, by, W/b, bx, 4].
StridedCopy vect_c_blocks_first(const Shape& space, int64_t b) {
  View view = View::of(space);
  view.split_axis(2, space[2] / b, b).split_axis(4, space[3] / b, b);
  return copy_to_contiguous(view.permute({0, 3, 5, 1, 2, 4, 6}));
}

// NCHW_VECT_C, depth_first: element (ci, by, bx) of a block (ci its lane in
// the input quad) is j = ci*b*b + by*b + bx of the output channels c*b*b + j,
// which land in quad j/4 at lane j%4: the quads split the blocks unevenly.
// For each (ci, by) and output lane p, the bx with j%4 = p are every 4th one
// from the first, and their quads follow one another: one copy each, at most
// 16*b copies (one per j, 4*b*b, made a block as large as the image cost
// gigabytes of plan). With b % 4 = 0 every (ci, by) starts at lane 0, so ci
// and by become loop dims too: 4 copies.
std::vector<StridedCopy> vect_c_depth_first(const Shape& space, int64_t b) {
  const std::vector<int64_t> s = row_major_strides(space);
  const int64_t bb = b * b;
  const int64_t out_h = space[2] / b;
  const int64_t out_w = space[3] / b;
  const int64_t plane = out_h * out_w * 4;  // one quad of output channels
  const bool whole_quads = b % 4 == 0;
  const int64_t groups = whole_quads ? 1 : 4 * b;
  std::vector<StridedCopy> copies;
  for (int64_t g = 0; g < groups; ++g) {
    const int64_t ci = g / b;
    const int64_t by = g % b;
    const int64_t j0 = ci * bb + by * b;
    for (int64_t p = 0; p < 4; ++p) {
      const int64_t bx0 = ((p - j0) % 4 + 4) % 4;  // the first bx on lane p
      if (bx0 >= b) continue;
      StridedCopy copy;
      copy.dims = {space[0], space[1], (b - bx0 + 3) / 4, out_h, out_w};
      copy.src_strides = {s[0], s[1], 4 * s[3], s[2] * b, s[3] * b};
      copy.dst_strides = {space[1] * bb * plane, bb * plane, plane, out_w * 4, 4};
      copy.src_offset = ci + by * s[2] + bx0 * s[3];
      copy.dst_offset = (j0 + bx0) / 4 * plane + p;
      if (whole_quads) {  // ci: j += b*b, quad += b*b/4; by: j += b, quad += b/4
        copy.dims.insert(copy.dims.begin() + 2, {4, b});
        copy.src_strides.insert(copy.src_strides.begin() + 2, {1, s[2]});
        copy.dst_strides.insert(copy.dst_strides.begin() + 2, {bb / 4 * plane, b / 4 * plane});
      }
      copies.push_back(std::move(copy));
    }
  }
  return copies;
}

}  // namespace

Result<DataFormat> parse_data_format(const char* op, const std::string& name) {
  if (name == "NHWC") return DataFormat::NHWC;
  if (name == "NCHW") return DataFormat::NCHW;
  if (name == "NCHW_VECT_C") return DataFormat::NCHW_VECT_C;
  return invalid_argument(op, "dataFormat '" + name + "' is not one of 'NHWC', 'NCHW', 'NCHW_VECT_C'");
}

Result<BlockMode> parse_block_mode(const char* op, const std::string& name) {
  if (name == "blocks_first") return BlockMode::BlocksFirst;
  if (name == "depth_first") return BlockMode::DepthFirst;
  return invalid_argument(op, "mode '" + name + "' is not one of 'blocks_first', 'depth_first'");
}

std::vector<ParamSpec> block_params() {
  return {positional("blockSize", ParamKind::Int), name_option("dataFormat", kDataFormatNames),
          name_option("mode", kBlockModeNames, kBlockModeOnnxNames)};
}

DataFormat data_format_of(const OpArgs& args) { return static_cast<DataFormat>(args.scalar("dataFormat")); }

BlockMode block_mode_of(const OpArgs& args) { return static_cast<BlockMode>(args.scalar("mode")); }

Status check_block_input(const char* op, const Shape& x, int64_t block_size, DataFormat format) {
  // Made only for an error: a call of a high rank must not format its shape.
  const auto x_text = [&x] { return "x.shape " + format_list(x); };
  switch (format) {
    case DataFormat::NHWC:
      if (x.size() != 4) {
        return invalid_argument(op, x_text() + " has rank " + std::to_string(x.size()) +
                                 "; dataFormat 'NHWC' needs rank 4");
      }
      break;
    case DataFormat::NCHW:
      if (x.size() < 3) {
        return invalid_argument(op, x_text() + " has rank " + std::to_string(x.size()) +
                                 "; dataFormat 'NCHW' needs rank 3 or more");
      }
      break;
    case DataFormat::NCHW_VECT_C:
      if (x.size() != 5) {
        return invalid_argument(op, x_text() + " has rank " + std::to_string(x.size()) +
                                 "; dataFormat 'NCHW_VECT_C' needs rank 5");
      }
      if (x[4] != 4) {
        return invalid_argument(op, x_text() + " has last dim " + std::to_string(x[4]) +
                                 "; dataFormat 'NCHW_VECT_C' needs 4");
      }
      break;
  }
  if (block_size < 1) {
    return invalid_argument(op, "blockSize " + std::to_string(block_size) + " must be at least 1");
  }
  return Status();
}

std::vector<size_t> spatial_axes(DataFormat format, size_t rank) {
  if (format == DataFormat::NHWC) return {1, 2};
  if (format == DataFormat::NCHW_VECT_C) return {2, 3};
  std::vector<size_t> axes;
  for (size_t a = 2; a < rank; ++a) axes.push_back(a);
  return axes;
}

size_t depth_axis(DataFormat format) { return format == DataFormat::NHWC ? 3 : 1; }

Result<int64_t> block_volume(const char* op, int64_t block_size, size_t spatial_dims) {
  int64_t product = 1;
  for (size_t i = 0; i < spatial_dims; ++i) {
    if (!checked_mul(product, block_size, &product)) {
      return invalid_argument(op, "blockSize " + std::to_string(block_size) + " to the power " +
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
