// What the spaceToBatch and batchToSpace harnesses share: decoding a case.
// Input: width, offsets, construct, x.shape, blockShape, begin, end (pads
// or crops). With `construct` set, the lists are made valid more often than
// chance would: one value per axis, block 1 and no pads/crops on axis 0,
// and (spaceToBatch) padded dims divisible by their blocks or (batchToSpace)
// a batch divisible by the block volume.
#pragma once

#include <algorithm>

#include "fuzz_common.hpp"

namespace fuzz {

struct BatchCase {
  size_t width;
  Offsets offsets;
  Shape input;
  Ints block, begin, end;
  bool tame;
};

inline BatchCase read_batch_case(Reader& r, bool to_batch) {
  BatchCase c;
  c.width = read_width(r);
  c.offsets = read_offsets(r);
  const bool construct = r.flag();
  c.input = read_shape(r);
  c.block = r.list(0, 5, 9);   // 0 .. 4
  c.begin = r.list(-1, 6, 9);  // -1 .. 4
  c.end = r.list(-1, 6, 9);
  c.tame = tame(c.input, 48) && tame(c.block) && tame(c.begin) && tame(c.end) && c.input.size() <= 8;
  const size_t rank = c.input.size();
  if (construct && c.tame && rank >= 2) {
    c.block.resize(rank, 1);
    c.begin.resize(rank, 0);
    c.end.resize(rank, 0);
    c.block[0] = 1;
    c.begin[0] = c.end[0] = 0;
    int64_t blocks = 1;
    for (size_t i = 1; i < rank; ++i) {
      c.block[i] = std::max<int64_t>(c.block[i], 1);
      c.begin[i] = std::max<int64_t>(c.begin[i], 0);
      c.end[i] = std::max<int64_t>(c.end[i], 0);
      blocks *= c.block[i];
      const int64_t b = c.block[i];
      if (to_batch) {
        c.end[i] += (b - (c.input[i] + c.begin[i] + c.end[i]) % b) % b;
      } else if (c.begin[i] + c.end[i] > c.input[i] * b) {
        c.begin[i] = std::min(c.begin[i], c.input[i] * b);
        c.end[i] = c.input[i] * b - c.begin[i];
      }
    }
    if (!to_batch) c.input[0] *= blocks;
  }
  // Keep the reference's work bounded: a constructed case may have grown.
  const int64_t v = safe_volume(c.input);
  c.tame = c.tame && v >= 0 && v <= kMaxExecElements && tame(c.input, 1 << 20);
  return c;
}

}  // namespace fuzz
