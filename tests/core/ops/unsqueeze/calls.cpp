// unsqueeze's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/reshape/reference.hpp"
#include "operations/unsqueeze.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

std::vector<reg::TableCase> table_cases() {
  return {
      // The elements in order under the shape the rules give.
      {{2, 3}, words_of({2, 3}, {{0, -1}}), [] { return ref::reshape({2, 3}, {1, 2, 3, 1}, false); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {{0, -1}}), Shape(rank + 2, 1)}};
}

// unsqueeze: distinct positions of the output's rank.
bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 0, 4, 5, maxv);
  const size_t added = static_cast<size_t>(rng.uniform(0, 3));
  std::vector<size_t> positions = rc::permutation(rng, in.size() + added);
  positions.resize(added);
  Ints axes;
  for (size_t a : positions) axes.push_back(static_cast<int64_t>(a));
  c.args = blank_args(s, {in});
  c.args.set("axes", axes);
  return true;
}

const reg::Register registered{{"unsqueeze", table_cases, rank_cases, random_call}};

}  // namespace
