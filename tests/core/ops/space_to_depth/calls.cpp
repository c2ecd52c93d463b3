// spaceToDepth's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/space_to_depth/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

const Ints A{reg::kAbsent};  // a parameter left out

std::vector<reg::TableCase> table_cases() {
  return {
      {{2, 4, 6, 3}, words_of({2, 4, 6, 3}, {{2}, A, A}),
       [] { return ref::space_to_depth({2, 4, 6, 3}, 2, th::NHWC, th::BF); }},
      {{1, 2, 4, 6}, words_of({1, 2, 4, 6}, {{2}, {1}, {1}}),
       [] { return ref::space_to_depth({1, 2, 4, 6}, 2, th::NCHW, th::DF); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {{1}, {1}, A}), x}};
}

// A space-layout shape for block size b in `format` (spaceToDepth's input).
Shape block_space(th::Rng& rng, int64_t format, int64_t b, int64_t maxv) {
  const size_t k = format == 1 ? static_cast<size_t>(rng.uniform(1, 3)) : 2;
  for (;;) {
    Shape blocks(k);
    for (int64_t& m : blocks) m = rng.chance(5) ? 0 : rng.uniform(1, 3);
    const int64_t n = rng.chance(5) ? 0 : rng.uniform(1, 2);
    const int64_t ch = rng.chance(5) ? 0 : rng.uniform(1, 3);
    Shape sp;
    for (int64_t m : blocks) sp.push_back(m * b);
    Shape x;
    if (format == 0) x = {n, sp[0], sp[1], ch};
    else if (format == 2) x = {n, ch, sp[0], sp[1], 4};
    else {
      x = {n, ch};
      x.insert(x.end(), sp.begin(), sp.end());
    }
    if (ref::volume(x) <= maxv) return x;
  }
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const int64_t format = rng.uniform(0, 2), b = rng.uniform(1, 3);
  c.args = blank_args(s, {block_space(rng, format, b, maxv)});
  c.args.set("blockSize", {b});
  c.args.set("dataFormat", {format});
  c.args.set("mode", {rng.uniform(0, 1)});
  return true;
}

const reg::Register registered{{"spaceToDepth", table_cases, rank_cases, random_call}};

}  // namespace
