// flatten's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/reshape/reference.hpp"
#include "operations/flatten.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

const Ints A{reg::kAbsent};  // a parameter left out

std::vector<reg::TableCase> table_cases() {
  return {
      // The elements in order under the shape the rules give.
      {{2, 3, 4}, words_of({2, 3, 4}, {A}), [] { return ref::reshape({2, 3, 4}, {2, 12}, false); }},
      {{2, 3, 4}, words_of({2, 3, 4}, {{-1}}), [] { return ref::reshape({2, 3, 4}, {6, 4}, false); }},
      {{2, 3, 4}, words_of({2, 3, 4}, {{3}}), [] { return ref::reshape({2, 3, 4}, {24, 1}, false); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {A}), {1, 1}}};
}

// flatten: any axis in [-rank, rank].
bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 0, 5, 5, maxv);
  const int64_t rank = static_cast<int64_t>(in.size());
  c.args = blank_args(s, {in});
  if (rng.chance(80)) c.args.set("axis", {rng.uniform(-rank, rank)});
  return true;
}

const reg::Register registered{{"flatten", table_cases, rank_cases, random_call}};

}  // namespace
