#include "ops/batch_to_space/reference.hpp"

#include "ops/_shared/batch_reference.hpp"

namespace ref {

std::optional<Gather> batch_to_space(const Shape& in, const Ints& block, const Ints& crops_begin,
                                     const Ints& crops_end) {
  if (!valid_batch_params(in, block, crops_begin, crops_end)) return std::nullopt;
  const size_t rank = in.size();
  int64_t blocks = 1;
  for (size_t i = 1; i < rank; ++i) blocks *= block[i];
  if (in[0] % blocks != 0) return std::nullopt;
  Gather g;
  g.shape.assign(rank, in[0] / blocks);
  for (size_t i = 1; i < rank; ++i) {
    const int64_t whole = in[i] * block[i];
    if (crops_begin[i] + crops_end[i] > whole) return std::nullopt;
    g.shape[i] = whole - crops_begin[i] - crops_end[i];
  }
  // Output position y sits at y + cropsBegin = j * b + offset of the
  // uncropped tensor, read from batch (offsets, row-major) * N + n, at j.
  for_each_index(g.shape, [&](const Ints& o) {
    int64_t k = 0;
    Ints idx(rank);
    for (size_t i = 1; i < rank; ++i) {
      const int64_t p = o[i] + crops_begin[i];
      k = k * block[i] + p % block[i];
      idx[i] = p / block[i];
    }
    idx[0] = k * g.shape[0] + o[0];
    g.from.push_back(flat(in, idx));
  });
  return g;
}

}  // namespace ref
