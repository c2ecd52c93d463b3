// reverse's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/reverse/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

const Ints A{reg::kAbsent};  // a parameter left out

std::vector<reg::TableCase> table_cases() {
  return {
      {{3, 4, 5}, words_of({3, 4, 5}, {A}), [] { return ref::reverse({3, 4, 5}, std::nullopt); }},
      {{3, 4, 5}, words_of({3, 4, 5}, {{-1, 0}}), [] { return ref::reverse({3, 4, 5}, Ints{-1, 0}); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {A}), x}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 0, 5, 6, maxv);
  c.args = blank_args(s, {in});
  if (rng.chance(75)) {
    std::vector<size_t> axes = rc::permutation(rng, in.size());
    axes.resize(static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(in.size()))));
    Ints v;
    for (size_t a : axes) v.push_back(static_cast<int64_t>(a));
    c.args.set("axes", v);
  }
  return true;
}

const reg::Register registered{{"reverse", table_cases, rank_cases, random_call}};

}  // namespace
