// transpose's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/transpose/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

const Ints A{reg::kAbsent};  // a parameter left out

std::vector<reg::TableCase> table_cases() {
  return {
      {{2, 3, 4}, words_of({2, 3, 4}, {A}), [] { return ref::transpose({2, 3, 4}, std::nullopt); }},
      {{1, 5, 4, 3}, words_of({1, 5, 4, 3}, {{0, 3, 1, 2}}),
       [] { return ref::transpose({1, 5, 4, 3}, Ints{0, 3, 1, 2}); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {A}), x}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 0, 6, 6, maxv);
  c.args = blank_args(s, {in});
  if (rng.chance(80)) {
    Ints perm;
    for (size_t a : rc::permutation(rng, in.size())) {
      perm.push_back(rng.chance(20) ? static_cast<int64_t>(a) - static_cast<int64_t>(in.size())
                                    : static_cast<int64_t>(a));
    }
    c.args.set("perm", perm);
  }
  return true;
}

const reg::Register registered{{"transpose", table_cases, rank_cases, random_call}};

}  // namespace
