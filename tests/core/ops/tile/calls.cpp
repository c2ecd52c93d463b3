// tile's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/tile/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

std::vector<reg::TableCase> table_cases() {
  return {
      {{2, 3}, words_of({2, 3}, {{2, 1, 2}}), [] { return ref::tile({2, 3}, {2, 1, 2}); }},
      {{3, 1, 4}, words_of({3, 1, 4}, {{3}}), [] { return ref::tile({3, 1, 4}, {3}); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {Ints(rank, 1)}), x}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 0, 4, 5, maxv / 4);
  Ints repeats(static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(in.size()) + 1)));
  for (int64_t& r : repeats) r = rng.chance(5) ? 0 : rng.uniform(1, 3);
  c.args = blank_args(s, {in});
  c.args.set("repeats", repeats);
  return true;
}

const reg::Register registered{{"tile", table_cases, rank_cases, random_call}};

}  // namespace
