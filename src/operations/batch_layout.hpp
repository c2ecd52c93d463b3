// What SpaceToBatch and BatchToSpace share: their parameter checks, and the
// copies between a "space" tensor [N, s1, ..., sk] and a "batch" tensor
// [prod(blockShape) * N, J1, ..., Jk] (TensorFlow's batch order: the block
// offsets outermost, the original batch innermost). Space element
// [n, y1, ..., yk] is batch element [(o1, ..., ok, n), j1, ..., jk] where
// j_i * b_i + o_i = y_i + begin_i: the space tensor sits at `begin` inside
// a padded tensor of dims J_i * b_i (spaceToBatch's pads, batchToSpace's
// crops).
#pragma once

#include "operations/op_spec.hpp"

namespace tensor_ops {

// Checks rank(x) >= 2, and each list: length rank(x); blockShape
// values >= 1 with blockShape[0] = 1; `begin` and `end` values >= 0 with 0
// at index 0. `begin_name`/`end_name` name the lists ("padsBegin", ...) and
// `what` their values in messages ("pads", "crops"). Returns
// prod(blockShape) (INVALID_ARGUMENT when it overflows 64 bits).
Result<int64_t> check_batch_params(const char* op, const Shape& x, const std::vector<int64_t>& block,
                                   const std::vector<int64_t>& begin, const std::vector<int64_t>& end,
                                   const char* begin_name, const char* end_name, const char* what);

// The copies that move every element of `space` to its place in `batch`
// (to_batch) or back (else), and the fills (zero bytes) of the batch
// elements that hold no space element (spaceToBatch's padding). Both
// shapes valid, consistent with `block` and `begin` as above, and their
// volumes addressable. At most 3^(rank-1) copies (an axis whose begin is
// not a multiple of its block splits in up to three rectangles).
// The number of copies (and, with `fills`, fills) the two functions below
// make, at most kMaxBatchPieces + 1 (counted without building them). A pad
// or crop that is not a multiple of its block cuts its axis in up to three
// rectangles, and the copies are their product over the axes: 3^7 = 2187 at
// rank 8, more than any real model needs beyond it. The shape functions
// report OUT_OF_MEMORY beyond kMaxBatchPieces rather than plan a copy or
// two per element.
constexpr int64_t kMaxBatchPieces = 16384;
int64_t batch_plan_size(const Shape& space, const Shape& batch, const std::vector<int64_t>& block,
                        const std::vector<int64_t>& begin, bool fills);

std::vector<StridedCopy> batch_copies(const Shape& space, const Shape& batch,
                                      const std::vector<int64_t>& block,
                                      const std::vector<int64_t>& begin, bool to_batch);
std::vector<Fill> batch_padding_fills(const Shape& space, const Shape& batch,
                                      const std::vector<int64_t>& block,
                                      const std::vector<int64_t>& begin);

}  // namespace tensor_ops
