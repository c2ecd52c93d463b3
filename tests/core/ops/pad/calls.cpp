// pad's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/pad/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

const Ints A{reg::kAbsent};  // a parameter left out

std::vector<reg::TableCase> table_cases() {
  return {
      {{2, 3}, words_of({2, 3}, {{1, 2}, {0, 1}, A, {0x5A}}),
       [] { return ref::pad({2, 3}, {1, 2}, {0, 1}, PadMode::Constant, 0x5A); }},
      {{3, 4}, words_of({3, 4}, {{2, -1}, {2, 0}, {2}, A}),
       [] { return ref::pad({3, 4}, {2, -1}, {2, 0}, PadMode::Reflect, std::nullopt); }},
      {{2, 3}, words_of({2, 3}, {{5, 0}, {4, 7}, {4}, A}),
       [] { return ref::pad({2, 3}, {5, 0}, {4, 7}, PadMode::Wrap, std::nullopt); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  const Ints zeros(rank, 0);
  return {{words_of(x, {zeros, zeros, {0}, A}), x}, {words_of(x, {zeros, zeros, {1}, A}), x}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 1, 4, 6, maxv / 4);
  const int64_t mode = rng.uniform(0, 4);
  Ints begin(in.size()), end(in.size());
  for (size_t k = 0; k < in.size(); ++k) {
    for (int64_t* p : {&begin[k], &end[k]}) {
      const int64_t d = in[k];
      switch (mode) {
        case 0: *p = rng.uniform(-2, 3); break;
        case 2: *p = d > 1 ? rng.uniform(0, d - 1) : 0; break;
        case 3: *p = rng.uniform(0, d); break;
        default: *p = d > 0 ? rng.uniform(rng.chance(20) ? -1 : 0, 4) : 0; break;
      }
      if (rng.chance(40)) *p = 0;
    }
  }
  c.args = blank_args(s, {in});
  c.args.set("padsBegin", begin);
  c.args.set("padsEnd", end);
  c.args.set("mode", {mode});
  if (mode == 0 && rng.chance(50)) c.args.set("value", {rng.uniform(0, 255)});
  return true;
}

const reg::Register registered{{"pad", table_cases, rank_cases, random_call}};

}  // namespace
