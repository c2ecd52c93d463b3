#include "ops/roll/reference.hpp"

namespace ref {

std::optional<Gather> roll(const Shape& in, const Ints& shift, const Ints& axes) {
  if (!valid_shape(in) || in.empty()) return std::nullopt;
  if (shift.size() != 1 && shift.size() != axes.size()) return std::nullopt;
  const int64_t rank = static_cast<int64_t>(in.size());
  Ints total(in.size(), 0);  // total shift per axis, kept in [0, dim)
  for (size_t i = 0; i < axes.size(); ++i) {
    if (axes[i] < -rank || axes[i] >= rank) return std::nullopt;
    const size_t a = static_cast<size_t>(axes[i] < 0 ? axes[i] + rank : axes[i]);
    const int64_t d = in[a];
    if (d == 0) continue;
    const int64_t s = shift.size() == 1 ? shift[0] : shift[i];
    total[a] = (total[a] + ((s % d) + d) % d) % d;
  }
  Gather g{in, std::vector<int64_t>(static_cast<size_t>(volume(in)))};
  for_each_index(in, [&](const Ints& i) {
    Ints o(i);
    for (size_t k = 0; k < in.size(); ++k) o[k] = (i[k] + total[k]) % in[k];
    g.from[static_cast<size_t>(flat(in, o))] = flat(in, i);
  });
  return g;
}

}  // namespace ref
