// concat's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/concat/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::list_words;
using reg::words_of;
using th::Ints;

namespace {

std::vector<reg::TableCase> table_cases() {
  return {
      // A list of tensors: the input is their elements laid end to end.
      {{21}, list_words({{2, 3}, {1, 3}, {4, 3}}, {{0}}), [] { return ref::concat({{2, 3}, {1, 3}, {4, 3}}, 0); },
       {{2, 3}, {1, 3}, {4, 3}}},
      {{16}, list_words({{2, 3, 2}, {2, 1, 2}}, {{-2}}), [] { return ref::concat({{2, 3, 2}, {2, 1, 2}}, -2); },
       {{2, 3, 2}, {2, 1, 2}}},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  // concat([x, x], 0)
  const Shape x(rank, 1);
  Shape two = x;
  two[0] = 2;
  return {{list_words({x, x}, {{0}}), two, {x, x}}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape base = rc::random_rank_shape(rng, 1, 4, 5, maxv / 4);
  const size_t a = static_cast<size_t>(rc::pick_index(rng, base.size()));
  std::vector<Shape> inputs(static_cast<size_t>(rng.uniform(1, 4)), base);
  for (Shape& in : inputs) in[a] = rng.chance(10) ? 0 : rng.uniform(1, 4);
  c.args = blank_args(s, inputs);
  c.args.set("axis", {rng.chance(30) ? static_cast<int64_t>(a) - static_cast<int64_t>(base.size())
                                         : static_cast<int64_t>(a)});
  return true;
}

const reg::Register registered{{"concat", table_cases, rank_cases, random_call}};

}  // namespace
