// What the references of spaceToBatch and batchToSpace share.
#pragma once

#include "operations/batch_layout.hpp"
#include "reference_common.hpp"

namespace ref {

// What spaceToBatch and batchToSpace require of x.shape and their lists.
inline bool valid_batch_params(const Shape& in, const Ints& block, const Ints& begin, const Ints& end) {
  if (!valid_shape(in) || in.size() < 2) return false;
  if (block.size() != in.size() || begin.size() != in.size() || end.size() != in.size()) return false;
  for (size_t i = 0; i < in.size(); ++i) {
    if (block[i] < 1 || begin[i] < 0 || end[i] < 0) return false;
  }
  return block[0] == 1 && begin[0] == 0 && end[0] == 0;
}

}  // namespace ref
