// batchToSpace's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/batch_to_space/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

std::vector<reg::TableCase> table_cases() {
  return {
      {{8, 2, 3, 3}, words_of({8, 2, 3, 3}, {{1, 2, 2, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}}),
       [] { return ref::batch_to_space({8, 2, 3, 3}, {1, 2, 2, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}); }},
      {{2, 1, 2, 2}, words_of({2, 1, 2, 2}, {{1, 1, 2, 1}, {0, 0, 1, 0}, {0, 0, 0, 0}}),
       [] { return ref::batch_to_space({2, 1, 2, 2}, {1, 1, 2, 1}, {0, 0, 1, 0}, {0, 0, 0, 0}); }},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {Ints(rank, 1), Ints(rank, 0), Ints(rank, 0)}), x}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  Shape in = rc::random_rank_shape(rng, 2, 4, 4, maxv / 8);
  Ints block(in.size(), 1), begin(in.size(), 0), end(in.size(), 0);
  int64_t product = 1;
  for (size_t k = 1; k < in.size(); ++k) {
    block[k] = rng.uniform(1, 3);
    product *= block[k];
  }
  in[0] *= product;
  for (size_t k = 1; k < in.size(); ++k) {
    const int64_t room = in[k] * block[k];
    begin[k] = rng.uniform(0, std::min<int64_t>(room, 2));
    end[k] = rng.uniform(0, std::min<int64_t>(room - begin[k], 2));
  }
  c.args = blank_args(s, {in});
  c.args.set("blockShape", block);
  c.args.set("cropsBegin", begin);
  c.args.set("cropsEnd", end);
  return true;
}

const reg::Register registered{{"batchToSpace", table_cases, rank_cases, random_call}};

}  // namespace
