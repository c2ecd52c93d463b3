// roll's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/roll/reference.hpp"
#include "registry.hpp"

#include <numeric>

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

std::vector<reg::TableCase> table_cases() {
  return {
      {{4, 3}, words_of({4, 3}, {{-1, 2}, {0, 1}}), [] { return ref::roll({4, 3}, {-1, 2}, {0, 1}); }},
      {{3, 4, 5}, words_of({3, 4, 5}, {{2}, {-1, 0}}), [] { return ref::roll({3, 4, 5}, {2}, {-1, 0}); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  Ints all(rank);
  std::iota(all.begin(), all.end(), 0);
  return {{words_of(x, {{1}, all}), x}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 1, 5, 7, maxv);
  Ints axes(static_cast<size_t>(rng.uniform(0, 4)));
  for (int64_t& a : axes) a = rc::axis_arg(rng, in.size());
  Ints shift(rng.chance(30) ? 1 : axes.size());
  for (int64_t& v : shift) v = rng.chance(10) ? rng.uniform(-1000, 1000) : rng.uniform(-8, 8);
  c.args = blank_args(s, {in});
  c.args.set("shift", shift);
  c.args.set("axes", axes);
  return true;
}

const reg::Register registered{{"roll", table_cases, rank_cases, random_call}};

}  // namespace
