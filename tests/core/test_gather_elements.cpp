// GatherElements: the examples of docs/operations.md#gatherelements, every
// error rule, the index check, random shapes, axes and index dtypes at every
// width against the reference (the last axis above all: the division-free
// gather loop), and a round trip with gather's one-element slices.
#include "gather_common.hpp"
#include "ops/gather/reference.hpp"
#include "ops/gather_elements/reference.hpp"

using namespace tensor_ops;
using gt::IndexData;
using gt::make_indices;
using th::check_error;
using th::str;

namespace {

void check_elements(const Shape& in, const IndexData& idx, int64_t axis, size_t w, uint64_t seed) {
  INFO("x " << str(in) << " indices " << str(idx.shape) << " axis " << axis);
  gt::check_against(gather_elements_shape(in, idx.arg(), axis),
                    plan_gather_elements(in, idx.arg(), axis, w), idx, in,
                    ref::gather_elements(in, idx.shape, idx.values, axis), seed);
}

std::vector<int32_t> values_of(const Shape& in, const IndexData& idx, int64_t axis) {
  return gt::values_of(plan_gather_elements(in, idx.arg(), axis, 4), idx, in);
}

}  // namespace

TEST_CASE("gatherElements: examples", "[gatherElements]") {
  using V = std::vector<int32_t>;
  // ONNX's examples: [[1,2],[3,4]] with [[0,0],[1,0]] along 1; [[1,2,3],[4,5,6],[7,8,9]] with
  // [[1,2,0],[2,0,0]] along 0.
  CHECK(values_of({2, 2}, make_indices(IndexType::Int64, {2, 2}, {0, 0, 1, 0}), 1) == V{1, 1, 4, 3});
  CHECK(values_of({3, 3}, make_indices(IndexType::Int32, {2, 3}, {1, 2, 0, 2, 0, 0}), 0) == V{4, 8, 3, 7, 2, 3});
  // Negative indices and axis; indices smaller than x off the axis, larger along it.
  CHECK(values_of({2, 3}, make_indices(IndexType::Int32, {2, 4}, {-1, 0, 1, -3, 2, 2, -2, 0}), -1) ==
        V{3, 1, 2, 1, 6, 6, 5, 4});
  CHECK(values_of({3, 2}, make_indices(IndexType::Uint32, {1, 1}, {2}), 0) == V{5});
  CHECK(str(gather_elements_shape({3, 2}, make_indices(IndexType::Int32, {0, 2}, {}).arg(), 0).value()) == "[0, 2]");
  for (size_t w : th::kWidths) {
    check_elements({2, 2}, make_indices(IndexType::Int64, {2, 2}, {0, 0, 1, 0}), 1, w, 1);
    check_elements({2, 3}, make_indices(IndexType::Uint64, {1, 5}, {2, 0, 1, 1, 2}), 1, w, 2);
    check_elements({2, 1, 2, 1, 3, 1, 2, 2}, make_indices(IndexType::Int32, {2, 1, 1, 1, 2, 1, 2, 1},
                                                           {0, 1, -1, 0, 1, 1, 0, -2}), 6, w, 3);  // rank 8
  }
}

TEST_CASE("gatherElements: errors", "[gatherElements]") {
  const IndexData i22 = make_indices(IndexType::Int32, {2, 2}, {0, 0, 0, 0});
  auto shape = [](const Shape& in, const Indices& idx, int64_t axis) {
    return [=] { return gather_elements_shape(in, idx, axis); };
  };
  check_error(shape({2, 3}, i22.arg(), 2), ErrorCode::InvalidArgument, "gatherElements", {"axis"}, {"2"});
  check_error(shape({2, 3}, i22.arg(), -3), ErrorCode::InvalidArgument, "gatherElements", {"axis"}, {"-3"});
  check_error(shape({}, make_indices(IndexType::Int32, {}, {0}).arg(), 0), ErrorCode::InvalidArgument,
              "gatherElements", {"x.shape"}, {"[]"});
  check_error(shape({2, 3, 1}, i22.arg(), 0), ErrorCode::ShapeMismatch, "gatherElements", {"indices.shape"},
              {"rank 2"});
  check_error(shape({3, 1}, i22.arg(), 0), ErrorCode::ShapeMismatch, "gatherElements", {"indices.shape"},
              {"dim 2 at index 1"});
  check_error(shape({2, 3}, {IndexType::Int32, 3, {2, 2}}, 0), ErrorCode::InvalidArgument, "gatherElements",
              {"indices.data"}, {"3"});
  check_error(shape({2, 3}, {IndexType::Int32, -1, {2, -2}}, 0), ErrorCode::InvalidArgument, "gatherElements",
              {"indices.shape"}, {"-2"});
  check_error([&] { return th::Call("gatherElements", {{2, 3}}).with("indices", i22.words()).plan(5); },
              ErrorCode::InvalidArgument, "gatherElements", {"element size"}, {"5"});
  auto bad = [](const IndexData& idx) {
    const Result<CopyPlan> plan = plan_gather_elements({2, 3}, idx.arg(), 1, 4);
    REQUIRE(plan.ok());
    return gt::check_values("gatherElements", plan.value(), idx);
  };
  CHECK(bad(make_indices(IndexType::Int32, {2, 2}, {0, 2, -3, 3})) ==
        "gatherElements: indices[1, 1] value 3 is out of range [-3, 3) of x.shape[1] = 3");
  CHECK(bad(make_indices(IndexType::Uint64, {2, 2}, {0, UINT64_MAX, 0, 0})) ==
        "gatherElements: indices[0, 1] value 18446744073709551615 is out of range [-3, 3) of x.shape[1] = 3");
  CHECK(bad(make_indices(IndexType::Int64, {2, 2}, {0, 1, 2, INT64_MIN})) ==
        "gatherElements: indices[1, 1] value -9223372036854775808 is out of range [-3, 3) of x.shape[1] = 3");
}

TEST_CASE("gatherElements: random shapes, axes and index dtypes match the reference", "[gatherElements][property]") {
  th::Rng rng(1010);
  for (int round = 0; round < 300; ++round) {
    const size_t rank = static_cast<size_t>(rng.uniform(1, 5));
    const Shape in = th::random_shape(rng, rank, 6, 700);
    // The last axis half of the time: the gather loop's case.
    const int64_t axis = rng.chance(50) ? static_cast<int64_t>(rank) - 1 : rng.uniform(0, static_cast<int64_t>(rank) - 1);
    Shape ishape(rank);
    for (size_t k = 0; k < rank; ++k) {
      ishape[k] = static_cast<int64_t>(k) == axis ? rng.uniform(0, 7) : rng.uniform(0, in[k]);
    }
    const int64_t d = in[static_cast<size_t>(axis)];
    if (d == 0 && ref::volume(ishape) > 0) continue;
    const IndexType type = gt::kIndexTypes[round % 4];
    const IndexData idx = make_indices(type, ishape, gt::random_values(rng, type, ref::volume(ishape), {d}));
    check_elements(in, idx, rng.chance(30) ? axis - static_cast<int64_t>(rank) : axis, th::kWidths[(round / 4) % 4],
                   static_cast<uint64_t>(round));
  }
}

TEST_CASE("gatherElements: indices of x's own shape along the axis agree with gather's slices", "[gatherElements]") {
  // take_along_axis with every row's indices alike is gather of those indices on that axis.
  const Shape in = {3, 5, 2};
  const IndexData row = make_indices(IndexType::Int32, {4}, {4, -1, 0, 2});
  gt::Values all;
  for (int64_t i = 0; i < 3; ++i) {
    for (int64_t j = 0; j < 4; ++j) {
      for (int64_t k = 0; k < 2; ++k) all.push_back(row.values[static_cast<size_t>(j)]);
    }
  }
  const IndexData along = make_indices(IndexType::Int32, {3, 4, 2}, all);
  const auto e = ref::gather_elements(in, along.shape, along.values, 1);
  REQUIRE(e);
  const Result<CopyPlan> g = plan_gather(in, row.arg(), 1, 0, 4);
  REQUIRE(g.ok());
  CHECK(gt::run_and_compare(g.value(), row, in, *e, 7) == "");
}
