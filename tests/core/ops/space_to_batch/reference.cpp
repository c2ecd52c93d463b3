#include "ops/space_to_batch/reference.hpp"

#include "ops/_shared/batch_reference.hpp"

namespace ref {

std::optional<Gather> space_to_batch(const Shape& in, const Ints& block, const Ints& pads_begin,
                                     const Ints& pads_end) {
  if (!valid_batch_params(in, block, pads_begin, pads_end)) return std::nullopt;
  const size_t rank = in.size();
  Gather g;
  g.shape.assign(rank, 0);
  int64_t blocks = 1;
  for (size_t i = 1; i < rank; ++i) {
    const int64_t padded = in[i] + pads_begin[i] + pads_end[i];
    if (padded % block[i] != 0) return std::nullopt;
    g.shape[i] = padded / block[i];
    blocks *= block[i];
  }
  g.shape[0] = in[0] * blocks;
  // Output batch index = (block offsets, row-major) * N + n; padded position
  // j * b + offset holds x at position - padsBegin, or a zero (-1) outside x.
  for_each_index(g.shape, [&](const Ints& o) {
    int64_t k = o[0] / in[0];
    Ints offset(rank, 0);
    for (size_t i = rank; i-- > 1;) {
      offset[i] = k % block[i];
      k /= block[i];
    }
    Ints idx(rank);
    idx[0] = o[0] % in[0];
    bool padding = false;
    for (size_t i = 1; i < rank; ++i) {
      idx[i] = o[i] * block[i] + offset[i] - pads_begin[i];
      padding = padding || idx[i] < 0 || idx[i] >= in[i];
    }
    g.from.push_back(padding ? -1 : flat(in, idx));
  });
  return g;
}

}  // namespace ref
