#include "ops/depth_to_space/reference.hpp"

#include "ops/_shared/block_reference.hpp"

namespace ref {

std::optional<Gather> depth_to_space(const Shape& in, int64_t b, DataFormat format,
                                     BlockMode mode) {
  if (!valid_block_input(in, b, format)) return std::nullopt;
  Logical l = logical_dims(in, format);
  const int64_t bk = ipow(b, l.spatial.size());
  if (l.c % bk != 0) return std::nullopt;
  l.c /= bk;
  if (format == DataFormat::NCHW_VECT_C && l.c % 4 != 0) return std::nullopt;
  for (int64_t& s : l.spatial) s *= b;
  Gather g{physical_shape(l, format), std::vector<int64_t>(static_cast<size_t>(volume(in)))};
  block_pairs(g.shape, in, b, format, mode,
              [&](int64_t space, int64_t depth) { g.from[static_cast<size_t>(space)] = depth; });
  return g;
}

}  // namespace ref
