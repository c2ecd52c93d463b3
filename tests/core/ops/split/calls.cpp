// split's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/split/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

const Ints A{reg::kAbsent};  // a parameter left out

// The reference's parts back to back, as one gather (the output block).
std::optional<ref::Gather> joined(const std::optional<std::vector<ref::Gather>>& parts) {
  if (!parts) return std::nullopt;
  ref::Gather g;
  for (const ref::Gather& p : *parts) g.from.insert(g.from.end(), p.from.begin(), p.from.end());
  g.shape = {static_cast<int64_t>(g.from.size())};
  return g;
}

std::vector<reg::TableCase> table_cases() {
  return {
      // split(x, 3, { axis: 1 }): splits given as a number, then as a list.
      {{2, 6}, words_of({2, 6}, {{reg::kSingle, 3}, {1}}), [] { return joined(ref::split({2, 6}, {3}, true, 1)); },
       {}, {{2, 2}, {2, 2}, {2, 2}}},
      {{5, 2}, words_of({5, 2}, {{1, -1, 3}, A}), [] { return joined(ref::split({5, 2}, {1, -1, 3}, false, 0)); },
       {}, {{1, 2}, {1, 2}, {3, 2}}},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {{reg::kSingle, 1}, A}), x}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 1, 4, 8, maxv);
  const size_t a = static_cast<size_t>(rc::pick_index(rng, in.size()));
  const int64_t d = in[a];
  c.args = blank_args(s, {in});
  if (rng.chance(40)) {
    Ints divisors;
    for (int64_t k = 1; k <= std::max<int64_t>(d, 1); ++k) {
      if (d % k == 0) divisors.push_back(k);
    }
    c.args.set("splits", {rng.pick(divisors)}, true);
  } else {
    Ints lengths;
    int64_t left = d;
    while (left > 0 && lengths.size() < 5) {
      const int64_t n = rng.uniform(0, left);
      lengths.push_back(n);
      left -= n;
    }
    if (left > 0 || rng.chance(30)) lengths.push_back(left);
    if (!lengths.empty() && rng.chance(30)) lengths[static_cast<size_t>(rc::pick_index(rng, lengths.size()))] = -1;
    c.args.set("splits", lengths);
  }
  c.args.set("axis", {static_cast<int64_t>(a)});
  return true;
}

const reg::Register registered{{"split", table_cases, rank_cases, random_call}};

}  // namespace
