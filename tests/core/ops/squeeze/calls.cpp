// squeeze's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/reshape/reference.hpp"
#include "operations/squeeze.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

const Ints A{reg::kAbsent};  // a parameter left out

std::vector<reg::TableCase> table_cases() {
  return {
      // The elements in order under the shape the rules give.
      {{2, 1, 3, 1}, words_of({2, 1, 3, 1}, {A}), [] { return ref::reshape({2, 1, 3, 1}, {2, 3}, false); }},
      {{1, 4, 1}, words_of({1, 4, 1}, {{-1}}), [] { return ref::reshape({1, 4, 1}, {1, 4}, false); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {A}), {}}};
}

// squeeze: some axes of dim 1 (or none listed: every one).
bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  Shape in = rc::random_rank_shape(rng, 0, 5, 4, maxv);
  for (int64_t& d : in) {
    if (rng.chance(40)) d = 1;
  }
  c.args = blank_args(s, {in});
  if (rng.chance(70)) {
    Ints axes;
    for (size_t a = 0; a < in.size(); ++a) {
      if (in[a] == 1 && rng.chance(60)) axes.push_back(rng.chance(30) ? static_cast<int64_t>(a) - static_cast<int64_t>(in.size()) : static_cast<int64_t>(a));
    }
    c.args.set("axes", axes);
  }
  return true;
}

const reg::Register registered{{"squeeze", table_cases, rank_cases, random_call}};

}  // namespace
