// spaceToBatch's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/space_to_batch/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

std::vector<reg::TableCase> table_cases() {
  return {
      {{2, 4, 6, 3}, words_of({2, 4, 6, 3}, {{1, 2, 2, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}}),
       [] { return ref::space_to_batch({2, 4, 6, 3}, {1, 2, 2, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}); }},
      {{1, 1, 3, 2}, words_of({1, 1, 3, 2}, {{1, 1, 2, 1}, {0, 0, 1, 0}, {0, 0, 0, 0}}),
       [] { return ref::space_to_batch({1, 1, 3, 2}, {1, 1, 2, 1}, {0, 0, 1, 0}, {0, 0, 0, 0}); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {Ints(rank, 1), Ints(rank, 0), Ints(rank, 0)}), x}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 2, 4, 5, maxv / 4);
  Ints block(in.size(), 1), begin(in.size(), 0), end(in.size(), 0);
  for (size_t k = 1; k < in.size(); ++k) {
    block[k] = rng.uniform(1, 3);
    begin[k] = rng.uniform(0, 2);
    const int64_t padded = in[k] + begin[k];
    end[k] = (block[k] - padded % block[k]) % block[k] + block[k] * rng.uniform(0, 1);
  }
  c.args = blank_args(s, {in});
  c.args.set("blockShape", block);
  c.args.set("padsBegin", begin);
  c.args.set("padsEnd", end);
  return true;
}

const reg::Register registered{{"spaceToBatch", table_cases, rank_cases, random_call}};

}  // namespace
