// slice's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/slice/reference.hpp"
#include "registry.hpp"

#include <limits>
#include <numeric>

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
const Ints A{reg::kAbsent};  // a parameter left out

std::vector<reg::TableCase> table_cases() {
  return {
      {{4, 6, 5}, words_of({4, 6, 5}, {{1, -2}, {3, 0}, {0, 1}, {1, -2}}),
       [] { return ref::slice({4, 6, 5}, {1, -2}, {3, 0}, Ints{0, 1}, Ints{1, -2}); }},
      {{3, 8}, words_of({3, 8}, {{1}, {7}, A, A}),
       [] { return ref::slice({3, 8}, {1}, {7}, std::nullopt, std::nullopt); }},
      {{2, 9, 3}, words_of({2, 9, 3}, {{0, -1}, {9, kMin + 1}, {-2, 0}, {2, -1}}),
       [] { return ref::slice({2, 9, 3}, {0, -1}, {9, kMin + 1}, Ints{-2, 0}, Ints{2, -1}); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  Ints all(rank);
  std::iota(all.begin(), all.end(), 0);
  return {{words_of(x, {Ints(rank, 0), Ints(rank, 1), all, Ints(rank, 1)}), x}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 1, 5, 8, maxv);
  const bool with_axes = rng.chance(60);
  std::vector<size_t> axes = rc::permutation(rng, in.size());
  axes.resize(static_cast<size_t>(rng.uniform(with_axes ? 0 : 1, static_cast<int64_t>(in.size()))));
  if (!with_axes) std::iota(axes.begin(), axes.end(), size_t{0});
  Ints starts, ends, axis_args, steps;
  for (size_t a : axes) {
    const int64_t d = in[a];
    int64_t step = rng.chance(60) ? 1 : rng.uniform(1, 3);
    if (rng.chance(30)) step = -step;
    starts.push_back(rng.uniform(-d - 1, d + 1));
    ends.push_back(rng.chance(10) ? (step > 0 ? int64_t{1} << 40 : -(int64_t{1} << 40)) : rng.uniform(-d - 1, d + 1));
    steps.push_back(step);
    axis_args.push_back(rng.chance(30) ? static_cast<int64_t>(a) - static_cast<int64_t>(in.size())
                                       : static_cast<int64_t>(a));
  }
  c.args = blank_args(s, {in});
  c.args.set("starts", starts);
  c.args.set("ends", ends);
  if (with_axes) c.args.set("axes", axis_args);
  if (rng.chance(80)) c.args.set("steps", steps);
  else if (std::any_of(steps.begin(), steps.end(), [](int64_t v) { return v != 1; })) return false;
  return true;
}

const reg::Register registered{{"slice", table_cases, rank_cases, random_call}};

}  // namespace
