// The index dtypes added for the selection operations (int8, uint8, int16,
// uint16, codes 4 to 7 after the first four): their facts, the index check at
// their limits, and gather / gatherElements / gatherND planned with them
// giving what the same values as int64 give.
#include "gather_common.hpp"
#include "operations/gather.hpp"
#include "operations/gather_elements.hpp"
#include "operations/gather_nd.hpp"

using namespace tensor_ops;

namespace {

constexpr IndexType kNarrow[] = {IndexType::Int8, IndexType::Uint8, IndexType::Int16, IndexType::Uint16};

// The first position the engine's index check rejects (-1: none), for
// one-component indices of range d in a plan of one indexed copy.
int64_t first_bad(IndexType type, const std::vector<int64_t>& values, int64_t d) {
  const int64_t n = static_cast<int64_t>(values.size());
  IndexedCopy c;
  c.dims.assign(1, n);
  c.src_strides.assign(1, 0);
  c.dst_strides.assign(1, 1);
  c.index_strides.assign(1, 1);
  c.axis_dims.assign(1, d);
  c.axis_strides.assign(1, 1);
  c.axes.assign(1, 0);
  c.index_shape.assign(1, n);
  c.index_type = type;
  CopyPlan plan;
  plan.output_shape = c.index_shape;
  plan.elem_size = 1;
  plan.indexed.push_back(c);
  const gt::IndexData idx = gt::make_indices(type, c.index_shape, gt::Values(values.begin(), values.end()));
  const unsigned char x = 0;
  const void* sources[] = {&x, idx.bytes.data()};
  BadIndex bad;
  return check_indices(prepare_plan(plan), sources, &bad) ? int64_t{-1} : bad.position;
}

}  // namespace

TEST_CASE("indextypes: codes, widths, names and signedness of every index dtype", "[indextypes]") {
  CHECK(kIndexTypeCount == 8);
  // The first four keep the codes that cross the boundary.
  CHECK(static_cast<int>(IndexType::Int32) == 0);
  CHECK(static_cast<int>(IndexType::Uint32) == 1);
  CHECK(static_cast<int>(IndexType::Int64) == 2);
  CHECK(static_cast<int>(IndexType::Uint64) == 3);
  const char* names[] = {"int32", "uint32", "int64", "uint64", "int8", "uint8", "int16", "uint16"};
  const size_t bytes[] = {4, 4, 8, 8, 1, 1, 2, 2};
  const bool sign[] = {true, false, true, false, true, false, true, false};
  for (int c = 0; c < kIndexTypeCount; ++c) {
    const IndexType t = static_cast<IndexType>(c);
    CHECK(std::string(index_type_name(t)) == names[c]);
    CHECK(index_type_bytes(t) == bytes[c]);
    CHECK(index_type_is_signed(t) == sign[c]);
  }
}

TEST_CASE("indextypes: the index check at the narrow types' limits", "[indextypes]") {
  CHECK(first_bad(IndexType::Int8, {-3, 2, -1}, 3) == -1);
  CHECK(first_bad(IndexType::Int8, {0, -4, 127}, 3) == 1);
  CHECK(first_bad(IndexType::Int8, {0, 1, -128}, 3) == 2);
  CHECK(first_bad(IndexType::Int8, {-128, 127}, 200) == -1);  // every int8 is in [-200, 200)
  CHECK(first_bad(IndexType::Uint8, {2, 255}, 3) == 1);
  CHECK(first_bad(IndexType::Uint8, {255, 0}, 256) == -1);
  CHECK(first_bad(IndexType::Int16, {-32768}, 32768) == -1);
  CHECK(first_bad(IndexType::Int16, {5, -32768}, 32767) == 1);
  CHECK(first_bad(IndexType::Uint16, {65535, 65534}, 65535) == 0);
  // Many values: the check runs in blocks (and in pieces over a pool).
  std::vector<int64_t> many(5000, 1);
  many[4321] = -7;
  CHECK(first_bad(IndexType::Int16, many, 7) == -1);
  many[4999] = 7;
  CHECK(first_bad(IndexType::Int16, many, 7) == 4999);
}

TEST_CASE("indextypes: gather, gatherElements and gatherND with narrow index dtypes", "[indextypes]") {
  th::Rng rng(404);
  for (int round = 0; round < 120; ++round) {
    const IndexType t = kNarrow[round % 4];
    const bool sg = index_type_is_signed(t);
    const Shape x{3, 4, 5};
    const int op = round % 3;
    Shape ishape;
    std::vector<int64_t> dims;  // the range of each component
    if (op == 0) {
      ishape = Shape{2, 3};
      dims = std::vector<int64_t>{4};  // gather along axis 1
    } else if (op == 1) {
      ishape = Shape{3, 4, 2};
      dims = std::vector<int64_t>{5};  // gatherElements along axis 2
    } else {
      ishape = Shape{4, 2};
      dims = std::vector<int64_t>{3, 4};  // gatherND, k = 2
    }
    gt::Values v(static_cast<size_t>(ref::volume(ishape)));
    for (size_t i = 0; i < v.size(); ++i) {
      const int64_t d = dims[i % dims.size()];
      v[i] = rng.uniform(sg ? -d : 0, d - 1);
    }
    const gt::IndexData narrow = gt::make_indices(t, ishape, v);
    const gt::IndexData wide = gt::make_indices(IndexType::Int64, ishape, v);
    auto plan = [&](const gt::IndexData& idx) {
      if (op == 0) return plan_gather(x, idx.arg(), 1, 0, 4);
      if (op == 1) return plan_gather_elements(x, idx.arg(), 2, 4);
      return plan_gather_nd(x, idx.arg(), 0, 4);
    };
    INFO("round " << round << " " << index_type_name(t) << " op " << op);
    CHECK(gt::values_of(plan(narrow), narrow, x) == gt::values_of(plan(wide), wide, x));
  }
}

TEST_CASE("indextypes: the 32-bit check at int32 and uint32 limits, dims up to 2^31 and past it", "[indextypes]") {
  constexpr int64_t kMin = INT32_MIN, kMax = INT32_MAX;
  // Dims below 2^31 take the 32-bit lanes; 2^31 and more the 64-bit test.
  for (int64_t d : {int64_t{1}, int64_t{7}, kMax - 1, kMax, kMax + 1, int64_t{1} << 32}) {
    const bool all_fit = d > kMax;  // every int32 is in [-d, d) once d >= 2^31
    CHECK(first_bad(IndexType::Int32, {0, d - 1 > kMax ? kMax : d - 1, -d < kMin ? kMin : -d}, d) == -1);
    CHECK(first_bad(IndexType::Int32, {0, kMin}, d) == (all_fit ? -1 : 1));
    CHECK(first_bad(IndexType::Int32, {kMax, 0}, d) == (d > kMax ? -1 : 0));
    CHECK(first_bad(IndexType::Uint32, {0, d - 1 > 0xffffffff ? 0xffffffff : d - 1}, d) == -1);
    CHECK(first_bad(IndexType::Uint32, {0, 0xffffffff}, d) == (d > 0xffffffff ? -1 : 1));
  }
  // -d - 1 and d: the first values out, on either side, for a dim just below 2^31.
  CHECK(first_bad(IndexType::Int32, {-(kMax - 1), -kMax}, kMax - 1) == 1);
  CHECK(first_bad(IndexType::Int32, {kMax - 2, kMax - 1}, kMax - 1) == 1);
  // A bad value deep in a long run of good ones, and the first of several.
  std::vector<int64_t> many(100000, 3);
  many[70001] = -5;
  many[90000] = 4;
  CHECK(first_bad(IndexType::Int32, many, 4) == 70001);
  CHECK(first_bad(IndexType::Uint8, std::vector<int64_t>(many.begin() + 80000, many.end()), 4) == 10000);
}

