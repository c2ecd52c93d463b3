#include "ops/unsqueeze/reference.hpp"

namespace ref {

// unsqueeze: dims of 1 at the listed positions of the output (rank + n).
std::optional<Gather> unsqueeze(const Shape& in, const Ints& axes) {
  if (!valid_shape(in)) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size() + axes.size());
  std::vector<bool> one(static_cast<size_t>(rank), false);
  for (int64_t a : axes) {
    if (a < -rank || a >= rank) return std::nullopt;
    const size_t k = static_cast<size_t>(a < 0 ? a + rank : a);
    if (one[k]) return std::nullopt;
    one[k] = true;
  }
  Shape out;
  size_t next = 0;
  for (size_t k = 0; k < one.size(); ++k) out.push_back(one[k] ? 1 : in[next++]);
  return identity(out);
}

}  // namespace ref
