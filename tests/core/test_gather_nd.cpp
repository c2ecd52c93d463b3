// GatherND: the examples of docs/operations.md#gathernd, every error rule,
// the index check naming the component, random shapes, batch dims, tuple
// lengths and index dtypes at every width against the reference, and its
// agreement with gather when k = 1.
#include "gather_common.hpp"
#include "ops/gather/reference.hpp"
#include "ops/gather_nd/reference.hpp"

using namespace tensor_ops;
using gt::IndexData;
using gt::make_indices;
using th::check_error;
using th::str;

namespace {

void check_nd(const Shape& in, const IndexData& idx, int64_t batch_dims, size_t w, uint64_t seed) {
  INFO("x " << str(in) << " indices " << str(idx.shape) << " batchDims " << batch_dims);
  gt::check_against(gather_nd_shape(in, idx.arg(), batch_dims),
                    plan_gather_nd(in, idx.arg(), batch_dims, w), idx, in,
                    ref::gather_nd(in, idx.shape, idx.values, batch_dims), seed);
}

std::vector<int32_t> values_of(const Shape& in, const IndexData& idx, int64_t batch_dims) {
  return gt::values_of(plan_gather_nd(in, idx.arg(), batch_dims, 4), idx, in);
}

}  // namespace

TEST_CASE("gatherND: examples", "[gatherND]") {
  using V = std::vector<int32_t>;
  // ONNX's examples on [[1,2],[3,4]]: [[0,0],[1,1]] -> [1,4]; [[1],[0]] -> rows [[3,4],[1,2]].
  CHECK(values_of({2, 2}, make_indices(IndexType::Int64, {2, 2}, {0, 0, 1, 1}), 0) == V{1, 4});
  CHECK(values_of({2, 2}, make_indices(IndexType::Int32, {2, 1}, {1, 0}), 0) == V{3, 4, 1, 2});
  // batchDims 1 on [[[1,2],[3,4]],[[5,6],[7,8]]] with [[1],[0]]: [[3,4],[5,6]].
  CHECK(str(gather_nd_shape({2, 2, 2}, make_indices(IndexType::Int32, {2, 1}, {1, 0}).arg(), 1).value()) == "[2, 2]");
  CHECK(values_of({2, 2, 2}, make_indices(IndexType::Int32, {2, 1}, {1, 0}), 1) == V{3, 4, 5, 6});
  // Negative components; k = 0 copies the whole (batch) tensor per index position.
  CHECK(values_of({2, 3}, make_indices(IndexType::Int32, {1, 2}, {-1, -3}), 0) == V{4});
  CHECK(values_of({2, 2}, make_indices(IndexType::Uint32, {3, 0}, {}), 0) == V{1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4});
  CHECK(str(gather_nd_shape({2, 3}, make_indices(IndexType::Int32, {0, 2}, {}).arg(), 0).value()) == "[0]");
  for (size_t w : th::kWidths) {
    check_nd({2, 2}, make_indices(IndexType::Int64, {2, 2}, {0, 0, 1, 1}), 0, w, 1);
    check_nd({2, 2, 2}, make_indices(IndexType::Uint64, {2, 1}, {1, 0}), 1, w, 2);
    check_nd({2, 3, 2, 1, 2, 1, 3, 2}, make_indices(IndexType::Int32, {2, 3, 2}, {0, 0, 1, -1, -2, 0, 1, 0, -1, -1, 0, 0}),
             2, w, 3);  // rank 8
  }
}

TEST_CASE("gatherND: errors", "[gatherND]") {
  auto shape = [](const Shape& in, const Indices& idx, int64_t bd) {
    return [=] { return gather_nd_shape(in, idx, bd); };
  };
  const IndexData i21 = make_indices(IndexType::Int32, {2, 1}, {0, 0});
  check_error(shape({2, 3}, make_indices(IndexType::Int32, {}, {0}).arg(), 0), ErrorCode::ShapeMismatch, "gatherND",
              {"indices.shape"}, {"scalar"});
  check_error(shape({2, 3}, i21.arg(), 2), ErrorCode::InvalidArgument, "gatherND", {"batchDims"}, {"2"});
  check_error(shape({2, 3}, i21.arg(), -1), ErrorCode::InvalidArgument, "gatherND", {"batchDims"}, {"-1"});
  check_error(shape({2, 3}, make_indices(IndexType::Int32, {1, 3}, {0, 0, 0}).arg(), 0), ErrorCode::ShapeMismatch,
              "gatherND", {"indices.shape[-1]"}, {"3"});
  check_error(shape({2, 3}, make_indices(IndexType::Int32, {2, 2}, {0, 0, 0, 0}).arg(), 1), ErrorCode::ShapeMismatch,
              "gatherND", {"batchDims"}, {"rank(x) 2"});
  check_error(shape({3, 3}, i21.arg(), 1), ErrorCode::ShapeMismatch, "gatherND", {"batch dim"}, {"3 vs 2"});
  check_error(shape({2, 3}, {IndexType::Int32, 5, {2, 1}}, 0), ErrorCode::InvalidArgument, "gatherND",
              {"indices.data"}, {"5"});
  check_error(shape({2, 3}, {IndexType::Int32, -1, {1, int64_t{1} << 53}}, 0), ErrorCode::ShapeMismatch, "gatherND",
              {"indices.shape[-1]"}, {"9007199254740992"});
  check_error([&] { return th::Call("gatherND", {{2, 3}}).with("indices", i21.words()).plan(16); },
              ErrorCode::InvalidArgument, "gatherND", {"element size"}, {"16"});
  auto bad = [](const IndexData& idx) {
    const Result<CopyPlan> plan = plan_gather_nd({2, 3, 4}, idx.arg(), 0, 4);
    REQUIRE(plan.ok());
    return gt::check_values("gatherND", plan.value(), idx);
  };
  CHECK(bad(make_indices(IndexType::Int32, {2, 2}, {1, 2, 0, 3})) ==
        "gatherND: indices[1, 1] value 3 is out of range [-3, 3) of x.shape[1] = 3");
  CHECK(bad(make_indices(IndexType::Int64, {2, 2}, {-3, 2, -2, 0})) ==
        "gatherND: indices[0, 0] value -3 is out of range [-2, 2) of x.shape[0] = 2");
  CHECK(bad(make_indices(IndexType::Uint32, {2, 2}, {1, 2, 0, UINT32_MAX})) ==
        "gatherND: indices[1, 1] value 4294967295 is out of range [-3, 3) of x.shape[1] = 3");
}

TEST_CASE("gatherND: random shapes, batch dims, tuples and index dtypes match the reference", "[gatherND][property]") {
  th::Rng rng(1111);
  for (int round = 0; round < 300; ++round) {
    const size_t rank = static_cast<size_t>(rng.uniform(1, 5));
    const Shape in = th::random_shape(rng, rank, 5, 600);
    const int64_t b = rng.chance(40) ? rng.uniform(0, static_cast<int64_t>(rank) - 1) : 0;
    const int64_t k = rng.uniform(0, static_cast<int64_t>(rank) - b);
    Shape ishape(in.begin(), in.begin() + b);
    const int64_t extra = rng.uniform(0, 2);
    for (int64_t e = 0; e < extra; ++e) ishape.push_back(rng.uniform(0, 4));
    ishape.push_back(k);
    if (ref::volume(ishape) > 300) continue;
    std::vector<int64_t> dims(in.begin() + b, in.begin() + b + k);
    if (dims.empty()) dims = {1};
    bool empty_dim = false;
    for (int64_t d : dims) empty_dim = empty_dim || d == 0;
    if (empty_dim && ref::volume(ishape) > 0) continue;
    const IndexType type = gt::kIndexTypes[round % 4];
    const IndexData idx = make_indices(type, ishape, gt::random_values(rng, type, ref::volume(ishape), dims));
    check_nd(in, idx, b, th::kWidths[(round / 4) % 4], static_cast<uint64_t>(round));
  }
}

TEST_CASE("gatherND: one-component tuples are gather on axis batchDims", "[gatherND]") {
  const Shape in = {2, 4, 3};
  const IndexData nd = make_indices(IndexType::Int64, {2, 3, 1}, {3, 0, -1, 1, 1, -4});
  const IndexData g = make_indices(IndexType::Int64, {2, 3}, nd.values);
  const auto expected = ref::gather(in, g.shape, g.values, 1, 1);
  REQUIRE(expected);
  const Result<CopyPlan> plan = plan_gather_nd(in, nd.arg(), 1, 8);
  REQUIRE(plan.ok());
  CHECK(gt::run_and_compare(plan.value(), nd, in, *expected, 5) == "");
}
