// Gather: the examples of docs/operations.md#gather, every error rule, the
// index check (positions and values at the limits of every index dtype),
// random shapes, axes, batch dims and index dtypes at every width against
// the reference, and the plan split over a pool.
#include "gather_common.hpp"
#include "ops/gather/reference.hpp"

using namespace tensor_ops;
using gt::IndexData;
using gt::make_indices;
using th::check_error;
using th::str;

namespace {

void check_gather(const Shape& in, const IndexData& idx, int64_t axis, int64_t batch_dims, size_t w,
                  uint64_t seed) {
  INFO("x " << str(in) << " indices " << str(idx.shape) << " axis " << axis << " batchDims " << batch_dims);
  gt::check_against(gather_shape(in, idx.arg(), axis, batch_dims),
                    plan_gather(in, idx.arg(), axis, batch_dims, w), idx, in,
                    ref::gather(in, idx.shape, idx.values, axis, batch_dims), seed);
}

// The output values of gather on x = 1, 2, ... (int32).
std::vector<int32_t> values_of(const Shape& in, const IndexData& idx, int64_t axis, int64_t batch_dims) {
  return gt::values_of(plan_gather(in, idx.arg(), axis, batch_dims, 4), idx, in);
}

std::string bad_index(const Shape& in, const IndexData& idx, int64_t axis = 0) {
  const Result<CopyPlan> plan = plan_gather(in, idx.arg(), axis, 0, 4);
  REQUIRE(plan.ok());
  return gt::check_values("gather", plan.value(), idx);
}

}  // namespace

TEST_CASE("gather: examples", "[gather]") {
  using V = std::vector<int32_t>;
  const IndexData rows = make_indices(IndexType::Int32, {2, 2}, {0, 1, 1, 2});
  CHECK(str(gather_shape({3, 2}, rows.arg(), 0, 0).value()) == "[2, 2, 2]");
  CHECK(values_of({3, 2}, rows, 0, 0) == V{1, 2, 3, 4, 3, 4, 5, 6});
  const IndexData cols = make_indices(IndexType::Int64, {1, 2}, {0, 2});
  CHECK(str(gather_shape({3, 3}, cols.arg(), 1, 0).value()) == "[3, 1, 2]");
  CHECK(values_of({3, 3}, cols, 1, 0) == V{1, 3, 4, 6, 7, 9});
  CHECK(values_of({3, 3}, cols, -1, 0) == V{1, 3, 4, 6, 7, 9});
  // Negative indices count from the end; a scalar index drops the axis.
  CHECK(values_of({5}, make_indices(IndexType::Int32, {2}, {-1, 0}), 0, 0) == V{5, 1});
  const IndexData one = make_indices(IndexType::Uint32, {}, {1});
  CHECK(str(gather_shape({3, 2}, one.arg(), 0, 0).value()) == "[2]");
  CHECK(values_of({3, 2}, one, 0, 0) == V{3, 4});
  // batchDims 1: row b of x picks with row b of indices.
  const IndexData batch = make_indices(IndexType::Uint64, {2, 2}, {2, 0, 1, 1});
  CHECK(str(gather_shape({2, 3}, batch.arg(), 1, 1).value()) == "[2, 2]");
  CHECK(values_of({2, 3}, batch, 1, 1) == V{3, 1, 5, 5});
  CHECK(values_of({2, 3}, batch, 1, -1) == V{3, 1, 5, 5});  // -1 + rank(indices) 2
  // Empty: no indices, or an empty x with no rows picked.
  CHECK(str(gather_shape({3, 2}, make_indices(IndexType::Int32, {0}, {}).arg(), 0, 0).value()) == "[0, 2]");
  CHECK(str(gather_shape({0, 2}, make_indices(IndexType::Int32, {0, 4}, {}).arg(), 1, 0).value()) == "[0, 0, 4]");
  for (size_t w : th::kWidths) {
    check_gather({3, 2}, rows, 0, 0, w, 1);
    check_gather({3, 3}, cols, 1, 0, w, 2);
    check_gather({2, 3}, batch, 1, 1, w, 3);
    check_gather({2, 3, 1, 2, 1, 3, 2, 2}, make_indices(IndexType::Int64, {2, 2}, {1, -1, 0, 1}), 5, 1, w, 4);  // rank 8
  }
}

TEST_CASE("gather: errors", "[gather]") {
  const IndexData i2 = make_indices(IndexType::Int32, {2}, {0, 1});
  auto shape = [](const Shape& in, const Indices& idx, int64_t axis, int64_t bd) {
    return [=] { return gather_shape(in, idx, axis, bd); };
  };
  check_error(shape({3, 2}, i2.arg(), 2, 0), ErrorCode::InvalidArgument, "gather", {"axis"}, {"2"});
  check_error(shape({3, 2}, i2.arg(), -3, 0), ErrorCode::InvalidArgument, "gather", {"axis"}, {"-3"});
  check_error(shape({}, i2.arg(), 0, 0), ErrorCode::InvalidArgument, "gather", {"x.shape"}, {"[]"});
  check_error(shape({3, 2}, i2.arg(), 1, 2), ErrorCode::InvalidArgument, "gather", {"batchDims"}, {"2"});
  check_error(shape({3, 2}, i2.arg(), 0, 1), ErrorCode::InvalidArgument, "gather", {"batchDims"}, {"1"});
  check_error(shape({3, 2}, i2.arg(), 1, -2), ErrorCode::InvalidArgument, "gather", {"batchDims"}, {"-2"});
  check_error(shape({3, 2}, i2.arg(), 1, 1), ErrorCode::ShapeMismatch, "gather", {"batch dim"}, {"3 vs 2"});
  check_error(shape({3, 2}, {IndexType::Int32, -1, {2, -1}}, 0, 0), ErrorCode::InvalidArgument, "gather",
              {"indices.shape"}, {"-1"});
  check_error(shape({3, 2}, {IndexType::Int32, 3, {2}}, 0, 0), ErrorCode::InvalidArgument, "gather",
              {"indices.data"}, {"3"});
  // The checks every call makes, through the runtime (runtime/op_call.hpp).
  check_error([&] { return th::Call("gather", {{-1, 2}}).with("indices", i2.words()).shape(4); },
              ErrorCode::InvalidArgument, "gather", {"x.shape"}, {"-1"});
  check_error([&] { return th::Call("gather", {{3, 2}}).with("indices", i2.words()).plan(3); },
              ErrorCode::InvalidArgument, "gather", {"element size"}, {"3"});
  const th::Ints huge_indices = {static_cast<int64_t>(IndexType::Int32), -1, int64_t{1} << 30};
  check_error([&] { return th::Call("gather", {{1, int64_t{1} << 40}}).with("indices", huge_indices).shape(8); },
              ErrorCode::OutOfMemory, "gather", {"output"}, {"shape"});
}

TEST_CASE("gather: index values out of range name their position and value", "[gather]") {
  CHECK(bad_index({3, 2}, make_indices(IndexType::Int32, {2, 3}, {0, 1, 2, 1, 3, 0})) ==
        "gather: indices[1, 1] value 3 is out of range [-3, 3) of x.shape[0] = 3");
  CHECK(bad_index({3, 2}, make_indices(IndexType::Int32, {2}, {-3, -4})) ==
        "gather: indices[1] value -4 is out of range [-3, 3) of x.shape[0] = 3");
  CHECK(bad_index({3, 2}, make_indices(IndexType::Int32, {}, {5}), 1) ==
        "gather: indices value 5 is out of range [-2, 2) of x.shape[1] = 2");
  const __int128 i64min = INT64_MIN, i64max = INT64_MAX, u64max = UINT64_MAX;
  CHECK(bad_index({3}, make_indices(IndexType::Int32, {2}, {INT32_MIN, 0})) ==
        "gather: indices[0] value -2147483648 is out of range [-3, 3) of x.shape[0] = 3");
  CHECK(bad_index({3}, make_indices(IndexType::Int32, {2}, {0, INT32_MAX})) ==
        "gather: indices[1] value 2147483647 is out of range [-3, 3) of x.shape[0] = 3");
  CHECK(bad_index({3}, make_indices(IndexType::Uint32, {1}, {UINT32_MAX})) ==
        "gather: indices[0] value 4294967295 is out of range [-3, 3) of x.shape[0] = 3");
  CHECK(bad_index({3}, make_indices(IndexType::Int64, {2}, {2, i64min})) ==
        "gather: indices[1] value -9223372036854775808 is out of range [-3, 3) of x.shape[0] = 3");
  CHECK(bad_index({3}, make_indices(IndexType::Int64, {1}, {i64max})) ==
        "gather: indices[0] value 9223372036854775807 is out of range [-3, 3) of x.shape[0] = 3");
  CHECK(bad_index({3}, make_indices(IndexType::Uint64, {3}, {0, 1, u64max})) ==
        "gather: indices[2] value 18446744073709551615 is out of range [-3, 3) of x.shape[0] = 3");
  CHECK(bad_index({3}, make_indices(IndexType::Uint64, {1}, {i64max + 1})) ==
        "gather: indices[0] value 9223372036854775808 is out of range [-3, 3) of x.shape[0] = 3");
  // An empty axis: every index is out of range; in range at the limits: no error.
  CHECK(bad_index({0, 2}, make_indices(IndexType::Int32, {1}, {0})) ==
        "gather: indices[0] value 0 is out of range [0, 0) of x.shape[0] = 0");
  CHECK(bad_index({3}, make_indices(IndexType::Int64, {2}, {-3, 2})) == "");
  // The first bad position wins, also when the check is split over the pool.
  gt::Values many(100000, 1);
  many[70001] = 9;
  many[99999] = -9;
  CHECK(bad_index({3}, make_indices(IndexType::Int32, {100000}, many)) ==
        "gather: indices[70001] value 9 is out of range [-3, 3) of x.shape[0] = 3");
}

TEST_CASE("gather: random shapes, axes, batch dims and index dtypes match the reference", "[gather][property]") {
  th::Rng rng(909);
  for (int round = 0; round < 300; ++round) {
    const size_t rank = static_cast<size_t>(rng.uniform(1, 5));
    const Shape in = th::random_shape(rng, rank, 5, 600);
    const int64_t axis = rng.uniform(0, static_cast<int64_t>(rank) - 1);
    const size_t index_rank = static_cast<size_t>(rng.uniform(0, 3));
    const int64_t batch = rng.uniform(0, std::min<int64_t>(axis, static_cast<int64_t>(index_rank)));
    Shape ishape = th::random_shape(rng, index_rank, 4, 40);
    for (int64_t k = 0; k < batch; ++k) ishape[static_cast<size_t>(k)] = in[static_cast<size_t>(k)];
    if (ref::volume(ishape) > 200) continue;
    const IndexType type = rng.pick(std::vector<IndexType>(std::begin(gt::kIndexTypes), std::end(gt::kIndexTypes)));
    const int64_t d = in[static_cast<size_t>(axis)];
    if (d == 0 && ref::volume(ishape) > 0) continue;
    const IndexData idx = make_indices(type, ishape, gt::random_values(rng, type, ref::volume(ishape), {d}));
    const int64_t a = rng.chance(30) ? axis - static_cast<int64_t>(rank) : axis;
    const int64_t b = rng.chance(30) ? batch - static_cast<int64_t>(index_rank) : batch;
    check_gather(in, idx, a, b, th::kWidths[round % 4], static_cast<uint64_t>(round));
  }
}
