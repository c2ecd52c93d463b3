// broadcast's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/broadcast/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

const Ints A{reg::kAbsent};  // a parameter left out

std::vector<reg::TableCase> table_cases() {
  return {
      {{3, 1}, words_of({3, 1}, {{2, 3, 4}, A, A}),
       [] { return ref::broadcast({3, 1}, {2, 3, 4}, BroadcastMode::Numpy, std::nullopt); }},
      {{3, 1, 2}, words_of({3, 1, 2}, {{1, 1, 4, 1}, {1}, A}),
       [] { return ref::broadcast({3, 1, 2}, {1, 1, 4, 1}, BroadcastMode::Bidirectional, std::nullopt); }},
      {{3}, words_of({3}, {{2, 3, 2}, {2}, {1}}),
       [] { return ref::broadcast({3}, {2, 3, 2}, BroadcastMode::Explicit, Ints{1}); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {Ints(rank, 1), {0}, A}), x}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const int64_t mode = rng.uniform(0, 2);
  const Shape out = rc::random_rank_shape(rng, 0, 5, 5, maxv);
  const size_t r = out.size();
  Shape in;
  Ints target(out.begin(), out.end());
  Ints axes;
  if (mode == 2) {  // explicit
    for (size_t k = 0; k < r; ++k) {
      if (rng.chance(50)) {
        axes.push_back(static_cast<int64_t>(k));
        in.push_back(rng.chance(30) ? 1 : out[k]);
      }
    }
  } else {
    const size_t in_rank = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(r)));
    for (size_t k = r - in_rank; k < r; ++k) in.push_back(rng.chance(30) ? 1 : out[k]);
    if (mode == 1) {  // bidirectional: the target may hold ones where x has the dim
      target.erase(target.begin(), target.begin() + rng.uniform(0, static_cast<int64_t>(r)));
      for (int64_t& t : target) t = rng.chance(30) ? 1 : t;
    }
  }
  c.args = blank_args(s, {in});
  c.args.set("targetShape", target);
  c.args.set("mode", {mode});
  if (mode == 2) c.args.set("axesMapping", axes);
  return true;
}

const reg::Register registered{{"broadcast", table_cases, rank_cases, random_call}};

}  // namespace
