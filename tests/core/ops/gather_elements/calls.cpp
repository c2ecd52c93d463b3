// gatherElements's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/gather_elements/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

std::vector<reg::TableCase> table_cases() {
  static const gt::IndexData e1 = gt::make_indices(IndexType::Int32, {2, 3}, {3, -1, 0, 1, 2, -4});
  return {
      {{2, 4}, words_of({2, 4}, {reg::index_words(e1), {-1}}),
       [] { return ref::gather_elements({2, 4}, {2, 3}, e1.values, -1); }, {}, {}, e1.bytes},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {reg::index_words(IndexType::Int32, 1, x), {-1}}), x, {}, 1}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 1, 4, 5, maxv);
  const size_t axis = static_cast<size_t>(rc::pick_index(rng, in.size()));
  Shape ishape = in;
  for (size_t k = 0; k < in.size(); ++k) ishape[k] = k == axis ? rng.uniform(0, 4) : rng.uniform(0, in[k]);
  const IndexType type = rc::index_type(rng);
  c.indices = gt::make_indices(type, ishape, gt::random_values(rng, type, ref::volume(ishape), {in[axis]}));
  c.args = blank_args(s, {in});
  rc::set_indices(c.args, *c.indices);
  c.args.set("axis", {static_cast<int64_t>(axis)});
  return true;
}

const reg::Register registered{{"gatherElements", table_cases, rank_cases, random_call}};

}  // namespace
