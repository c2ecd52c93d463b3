// What the spaceToDepth and depthToSpace harnesses share: decoding a block
// case. Input: width, offsets, format, mode, blockSize, construct, x.shape.
// With `construct` set, the dims the operation divides are first multiplied
// so that the case is valid more often than chance would make it.
#pragma once

#include "fuzz_common.hpp"
#include "operations/block_layout.hpp"

namespace fuzz {

struct BlockCase {
  size_t width;
  Offsets offsets;
  tensor_ops::DataFormat format;
  tensor_ops::BlockMode mode;
  int64_t block;
  Shape input;
  bool tame;
};

// to_depth: the case is for spaceToDepth (spatial dims multiplied by b),
// else for depthToSpace (depth multiplied by b^K, and by 4 more for the
// quads of NCHW_VECT_C).
inline BlockCase read_block_case(Reader& r, bool to_depth) {
  BlockCase c;
  c.width = read_width(r);
  c.offsets = read_offsets(r);
  c.format = static_cast<tensor_ops::DataFormat>(r.byte() % 3);
  c.mode = static_cast<tensor_ops::BlockMode>(r.byte() % 2);
  c.block = r.value(-1, 6);  // -1 .. 4
  const bool construct = r.flag();
  c.input = read_shape(r);
  if (c.format == tensor_ops::DataFormat::NCHW_VECT_C && c.input.size() == 5 && construct) {
    c.input[4] = 4;
  }
  c.tame = tame(c.input, 48) && c.input.size() <= 8 && c.block >= -64 && c.block <= 64;
  if (construct && c.tame && c.block >= 1) {
    const std::vector<size_t> spatial = tensor_ops::spatial_axes(c.format, c.input.size());
    const size_t rank = c.input.size();
    const bool rank_ok = c.format == tensor_ops::DataFormat::NHWC ? rank == 4
                         : c.format == tensor_ops::DataFormat::NCHW ? rank >= 3
                                                                    : rank == 5;
    if (rank_ok) {
      if (to_depth) {
        for (size_t a : spatial) c.input[a] *= c.block;
      } else {
        int64_t per_block = 1;
        for (size_t i = 0; i < spatial.size(); ++i) per_block *= c.block;
        const size_t depth = tensor_ops::depth_axis(c.format);
        c.input[depth] *= per_block;
      }
    }
  }
  // Keep the reference's work bounded: a constructed case may have grown.
  const int64_t v = safe_volume(c.input);
  c.tame = c.tame && v >= 0 && v <= kMaxExecElements && tame(c.input, 1 << 20);
  return c;
}

// The call of `op` (spaceToDepth or depthToSpace) that the case describes.
inline th::Call block_call(const char* op, const BlockCase& c) {
  return th::Call(op, {c.input})
      .with("blockSize", {c.block})
      .with("dataFormat", {static_cast<int64_t>(c.format)})
      .with("mode", {static_cast<int64_t>(c.mode)});
}

// A block plan holds a handful of copies; NCHW_VECT_C with depth_first one
// per (lane, block row, output lane): never more than 16 * blockSize.
inline int64_t max_block_copies(int64_t block) {
  return block > 4 && block < (int64_t{1} << 40) ? 16 * block : block > 4 ? -1 : 64;
}

}  // namespace fuzz
