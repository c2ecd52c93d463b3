// reshape's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/reshape/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

std::vector<reg::TableCase> table_cases() {
  return {
      {{2, 3, 4}, words_of({2, 3, 4}, {{4, -1}, {0}}), [] { return ref::reshape({2, 3, 4}, {4, -1}, false); }},
      {{2, 3, 4}, words_of({2, 3, 4}, {{0, -1}, {1}}), [] { return ref::reshape({2, 3, 4}, {0, -1}, true); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {Ints(rank, 1), {0}}), x}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 0, 5, 6, maxv);
  Ints target = rc::factors(rng, ref::volume(in), static_cast<size_t>(rng.uniform(0, 5)));
  const bool special_zero = rng.chance(30);
  if (special_zero) {
    for (size_t k = 0; k < target.size() && k < in.size(); ++k) {
      if (target[k] == in[k] && rng.chance(50)) target[k] = 0;
    }
  }
  if (!target.empty() && rng.chance(40)) target[static_cast<size_t>(rc::pick_index(rng, target.size()))] = -1;
  c.args = blank_args(s, {in});
  c.args.set("shape", target);
  c.args.set("specialZero", {special_zero ? 1 : 0});
  return true;
}

const reg::Register registered{{"reshape", table_cases, rank_cases, random_call}};

}  // namespace
