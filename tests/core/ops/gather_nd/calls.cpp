// gatherND's entries in the suites that run every operation (registry.hpp):
// calls through the table against its reference, a call of rank 100,000,
// and random valid calls.
#include "ops/gather_nd/reference.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using reg::words_of;
using th::Ints;

namespace {

const Ints A{reg::kAbsent};  // a parameter left out

std::vector<reg::TableCase> table_cases() {
  static const gt::IndexData n1 = gt::make_indices(IndexType::Uint64, {3, 2}, {0, 1, 1, 0, 1, 2});
  return {
      {{2, 3, 2}, words_of({2, 3, 2}, {reg::index_words(n1), A}),
       [] { return ref::gather_nd({2, 3, 2}, {3, 2}, n1.values, 0); }, {}, {}, n1.bytes},
  };
}

std::vector<reg::RankCase> rank_cases(size_t rank) {
  // One index tuple of `rank` components: the output is a scalar.
  const Shape x(rank, 1);
  const int64_t k = static_cast<int64_t>(rank);
  return {{words_of(x, {reg::index_words(IndexType::Int32, k, {k}), {0}}), {}, {}, rank}};
}

bool random_call(const OpSpec& s, th::Rng& rng, int64_t maxv, rc::Call& c) {
  const Shape in = rc::random_rank_shape(rng, 1, 4, 5, maxv);
  const size_t batch = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(in.size()) - 1));
  const size_t k = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(in.size() - batch)));
  Shape ishape(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(batch));
  const Shape more = th::random_shape(rng, static_cast<size_t>(rng.uniform(0, 2)), 3, 12);
  ishape.insert(ishape.end(), more.begin(), more.end());
  ishape.push_back(static_cast<int64_t>(k));
  Ints dims(in.begin() + static_cast<std::ptrdiff_t>(batch), in.begin() + static_cast<std::ptrdiff_t>(batch + k));
  if (dims.empty()) dims = {1};
  const IndexType type = rc::index_type(rng);
  c.indices = gt::make_indices(type, ishape, gt::random_values(rng, type, ref::volume(ishape), dims));
  c.args = blank_args(s, {in});
  rc::set_indices(c.args, *c.indices);
  c.args.set("batchDims", {static_cast<int64_t>(batch)});
  return true;
}

const reg::Register registered{{"gatherND", table_cases, rank_cases, random_call}};

}  // namespace
