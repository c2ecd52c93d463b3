// libFuzzer harness: scatterElements through the table on any dtypes and
// shapes, any axis and reduction (the checks: scatter_fuzz.hpp). Fits: x of
// rank >= 1, the axis in range, indices of x's rank, no larger than x off
// the axis, and updates of indices' shape.
// Input: width (unused), offsets (unused), the case (scatter_fuzz.hpp), axis.
#include "scatter_fuzz.hpp"
#include "operations/scatter_elements.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tensor_ops;
  fuzz::Reader r(data, size);
  fuzz::read_width(r);
  fuzz::read_offsets(r);
  const fuzz::ScatterCase c = fuzz::read_scatter_case(r, true);
  const int64_t axis = r.value(-5, 10);

  const OpSpec& spec = scatter_elements_op();
  OpArgs args = blank_args(spec, {c.x, c.indices, c.updates});
  args.set("axis", {axis});
  args.set("reduction", {c.reduction});
  const int64_t rank = static_cast<int64_t>(c.x.size());
  const int64_t a = axis < 0 ? axis + rank : axis;
  bool fits = rank >= 1 && a >= 0 && a < rank && c.indices.size() == c.x.size() && c.updates == c.indices;
  for (size_t k = 0; fits && k < c.x.size(); ++k) fits = static_cast<int64_t>(k) == a || c.indices[k] <= c.x[k];
  // (Only small calls run: x's strides are asked for only then.)
  const int64_t nx = fuzz::safe_volume(c.x);
  const bool small = fits && nx >= 0 && nx <= fuzz::kMaxExecElements;
  const std::vector<int64_t> xs = small ? row_major_strides(c.x) : std::vector<int64_t>{};
  const fuzz::PlaceOf place_of = [&](int64_t u, const std::vector<int64_t>& values) -> int64_t {
    int64_t rest = u, at = 0;
    for (size_t k = c.indices.size(); k-- > 0;) {
      int64_t i = rest % c.indices[k];
      rest /= c.indices[k];
      if (static_cast<int64_t>(k) == a) {
        const int64_t v = values[static_cast<size_t>(u)], d = c.x[k];
        i = v < 0 ? v + d : v;
      }
      at += i * xs[k];
    }
    return at;
  };
  const fuzz::InRange in_range = [&](const std::vector<int64_t>& values) {
    for (int64_t v : values) {
      if (v < -c.x[static_cast<size_t>(a)] || v >= c.x[static_cast<size_t>(a)]) return false;
    }
    return true;
  };
  fuzz::run_scatter_case(spec, c, args, fits, in_range, place_of, fuzz::seed_of(data, size));
  return 0;
}
