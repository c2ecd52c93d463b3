// libFuzzer harness: scatterND through the table on any dtypes and shapes
// and any reduction (the checks: scatter_fuzz.hpp). Fits: indices of rank
// >= 1 whose last dim k <= rank(x), updates of indices.shape[:-1] +
// x.shape[k:].
// Input: width (unused), offsets (unused), the case (scatter_fuzz.hpp).
#include "scatter_fuzz.hpp"
#include "operations/scatter_nd.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tensor_ops;
  fuzz::Reader r(data, size);
  fuzz::read_width(r);
  fuzz::read_offsets(r);
  const fuzz::ScatterCase c = fuzz::read_scatter_case(r, false);

  const OpSpec& spec = scatter_nd_op();
  OpArgs args = blank_args(spec, {c.x, c.indices, c.updates});
  args.set("reduction", {c.reduction});
  const int64_t k = c.indices.empty() ? -1 : c.indices.back();
  bool fits = k >= 0 && k <= static_cast<int64_t>(c.x.size());
  if (fits) {
    Shape expected(c.indices.begin(), c.indices.end() - 1);
    expected.insert(expected.end(), c.x.begin() + k, c.x.end());
    fits = c.updates == expected;
  }
  // (Only small calls run: x's strides are asked for only then.)
  const int64_t nx = fuzz::safe_volume(c.x);
  const bool small = fits && nx >= 0 && nx <= fuzz::kMaxExecElements;
  const std::vector<int64_t> xs = small ? row_major_strides(c.x) : std::vector<int64_t>{};
  int64_t slice = 1;
  for (size_t a = static_cast<size_t>(std::max<int64_t>(k, 0)); small && a < c.x.size(); ++a) slice *= c.x[a];
  const fuzz::PlaceOf place_of = [&](int64_t u, const std::vector<int64_t>& values) -> int64_t {
    const int64_t tuple = u / slice;
    int64_t at = u % slice;
    for (int64_t j = 0; j < k; ++j) {
      const int64_t v = values[static_cast<size_t>(tuple * k + j)], d = c.x[static_cast<size_t>(j)];
      at += (v < 0 ? v + d : v) * xs[static_cast<size_t>(j)];
    }
    return at;
  };
  const fuzz::InRange in_range = [&](const std::vector<int64_t>& values) {
    for (size_t j = 0; j < values.size(); ++j) {
      const int64_t d = c.x[j % static_cast<size_t>(k)];
      if (values[j] < -d || values[j] >= d) return false;
    }
    return true;
  };
  fuzz::run_scatter_case(spec, c, args, fits, in_range, place_of, fuzz::seed_of(data, size));
  return 0;
}
