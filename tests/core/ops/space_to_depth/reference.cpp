#include "ops/space_to_depth/reference.hpp"

#include "ops/_shared/block_reference.hpp"

namespace ref {

std::optional<Gather> space_to_depth(const Shape& in, int64_t b, DataFormat format,
                                     BlockMode mode) {
  if (!valid_block_input(in, b, format)) return std::nullopt;
  Logical l = logical_dims(in, format);
  for (int64_t& s : l.spatial) {
    if (s % b != 0) return std::nullopt;
    s /= b;
  }
  l.c *= ipow(b, l.spatial.size());
  Gather g{physical_shape(l, format), std::vector<int64_t>(static_cast<size_t>(volume(in)))};
  block_pairs(in, g.shape, b, format, mode,
              [&](int64_t space, int64_t depth) { g.from[static_cast<size_t>(depth)] = space; });
  return g;
}

}  // namespace ref
