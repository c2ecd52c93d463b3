// gather's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/gather/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

const Ints A{reg::kAbsent};  // a parameter left out

std::vector<reg::TableCase> table_cases() {
  static const gt::IndexData g1 = gt::make_indices(IndexType::Int64, {2, 2}, {2, 0, -1, 1});
  static const gt::IndexData g2 = gt::make_indices(IndexType::Uint32, {2, 3}, {1, 0, 2, 0, 0, 1});
  return {
      // The index tensor's bytes are the second source.
      {{3, 4}, words_of({3, 4}, {reg::index_words(g1), {1}, A}),
       [] { return ref::gather({3, 4}, {2, 2}, g1.values, 1, 0); }, {}, {}, g1.bytes},
      {{2, 3, 2}, words_of({2, 3, 2}, {reg::index_words(g2), {1}, {1}}),
       [] { return ref::gather({2, 3, 2}, {2, 3}, g2.values, 1, 1); }, {}, {}, g2.bytes},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  const Shape x(rank, 1);
  return {{words_of(x, {reg::index_words(IndexType::Int32, 1, {1}), {0}, {0}}), x, {}, 1}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 1, 4, 5, maxv);
  const size_t axis = static_cast<size_t>(rc::pick_index(rng, in.size()));
  const size_t batch = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(axis)));
  Shape ishape(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(batch));
  const Shape more = th::random_shape(rng, static_cast<size_t>(rng.uniform(0, 2)), 3, 12);
  ishape.insert(ishape.end(), more.begin(), more.end());
  const IndexType type = rc::index_type(rng);
  c.indices = gt::make_indices(type, ishape, gt::random_values(rng, type, ref::volume(ishape), {in[axis]}));
  c.args = blank_args(s, {in});
  rc::set_indices(c.args, *c.indices);
  c.args.set("axis", {rng.chance(30) ? static_cast<int64_t>(axis) - static_cast<int64_t>(in.size())
                                         : static_cast<int64_t>(axis)});
  c.args.set("batchDims", {static_cast<int64_t>(batch)});
  return true;
}

const reg::Register registered{{"gather", table_cases, rank_cases, random_call}};

}  // namespace
