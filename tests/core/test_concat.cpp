// Concat: the examples of docs/operations.md#concat, every error rule,
// random lists of random shapes at every width (inputs as separate sources,
// also on a thread pool), the copies the engine gets for the two common
// cases, and concat(split(x)) == x.
#include "helpers.hpp"
#include "ops/concat/reference.hpp"
#include "ops/split/reference.hpp"

#include <numeric>

using namespace tensor_ops;
using th::check_error;
using th::str;

namespace {

// Runs concat's prepared plan with each input as its own source (cut out of
// one buffer of the inputs laid end to end, which the reference indexes).
std::string run_concat(const std::vector<Shape>& ins, int64_t axis, size_t w, uint64_t seed,
                       ThreadPool* pool = nullptr) {
  const auto gather = ref::concat(ins, axis);
  REQUIRE(gather);
  const Result<CopyPlan> plan = plan_concat(ins, axis, w);
  REQUIRE(plan.ok());
  const Result<Shape> shape = concat_shape(ins, axis);
  REQUIRE(shape.ok());
  CHECK(shape.value() == plan.value().output_shape);
  std::vector<int64_t> offsets;
  int64_t total = 0;
  for (const Shape& s : ins) {
    offsets.push_back(total);
    total += ref::volume(s);
  }
  const PreparedPlan prepared = prepare_plan(plan.value());
  return th::run_and_compare(
      plan.value().output_shape, w,
      [&](const void* src, void* dst) {
        std::vector<const void*> sources;
        for (int64_t o : offsets) sources.push_back(static_cast<const unsigned char*>(src) + o * static_cast<int64_t>(w));
        execute(prepared, sources.data(), dst, pool);
      },
      Shape{total}, *gather, seed);
}

}  // namespace

TEST_CASE("concat: examples", "[concat]") {
  // [[1,2],[3,4]] and [[5,6]] along 0; [[1,2],[3,4]] and [[5],[6]] along 1 (or -1).
  CHECK(str(concat_shape({{2, 2}, {1, 2}}, 0)) == "[3, 2]");
  CHECK(str(concat_shape({{2, 2}, {2, 1}}, 1)) == "[2, 3]");
  CHECK(str(concat_shape({{2, 2}, {2, 1}}, -1)) == "[2, 3]");
  CHECK(str(concat_shape({{1, 3, 4, 4}, {1, 5, 4, 4}, {1, 0, 4, 4}}, 1)) == "[1, 8, 4, 4]");
  CHECK(str(concat_shape({{3}}, 0)) == "[3]");               // one tensor: a copy
  CHECK(str(concat_shape({{0, 2}, {0, 2}}, 0)) == "[0, 2]");  // empty inputs
  CHECK(str(concat_shape({{2, 0}, {2, 0}}, 0)) == "[4, 0]");
  for (size_t w : th::kWidths) {
    CHECK(run_concat({{2, 2}, {1, 2}}, 0, w, 1) == "");
    CHECK(run_concat({{2, 2}, {2, 1}}, -1, w, 2) == "");
    CHECK(run_concat({{1, 3, 4, 4}, {1, 5, 4, 4}, {1, 0, 4, 4}}, 1, w, 3) == "");
    CHECK(run_concat({{2, 1, 3, 1, 2, 1, 2, 2}, {2, 1, 3, 1, 2, 1, 2, 1}}, 7, w, 4) == "");  // rank 8
  }
}

TEST_CASE("concat: error rules", "[concat][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  const auto sm = ErrorCode::ShapeMismatch;
  check_error([] { return concat_shape({}, 0); }, inv, "concat", {"tensors"}, {"empty list"});
  check_error([] { return concat_shape({{}}, 0); }, inv, "concat", {"tensors[0].shape"}, {"[]", "scalar"});
  check_error([] { return concat_shape({{2}, {}}, 0); }, inv, "concat", {"tensors[1].shape"}, {"scalar"});
  check_error([] { return concat_shape({{2, 3}, {2, 3}}, 2); }, inv, "concat", {"axis"}, {"2", "[-2, 2)"});
  check_error([] { return concat_shape({{2, 3}, {2, 3}}, -3); }, inv, "concat", {"axis"}, {"-3"});
  check_error([] { return th::Call("concat", {{2, 3}, {2, -3}}).with("axis", {0}).shape(); }, inv, "concat",
              {"tensors[1].shape"}, {"-3"});
  check_error([] { return concat_shape({{2, 3}, {2, 3, 1}}, 0); }, sm, "concat", {"tensors[1].shape"},
              {"[2, 3, 1]", "rank 3"});
  check_error([] { return concat_shape({{2, 3}, {2, 3}, {2, 4}}, 0); }, sm, "concat", {"tensors[2].shape"},
              {"[2, 4]", "index 1"});
  check_error([] { return concat_shape({{2, 3}, {1, 3}}, 1); }, sm, "concat", {"tensors[1].shape"},
              {"[1, 3]", "index 0"});
  const int64_t big = int64_t{1} << 53;
  check_error([&] { return concat_shape({{big}, {big}}, 0); }, ErrorCode::OutOfMemory, "concat", {"axis"},
              {"2^53"});
  check_error([&] { return th::Call("concat", {{big / 2, 256}, {big / 2, 256}}).with("axis", {0}).plan(8); },
              ErrorCode::OutOfMemory, "concat", {"output shape"}, {"does not fit"});
  check_error([] { return th::Call("concat", {{2}}).with("axis", {0}).plan(3); }, inv, "concat", {"element", "elem"},
              {"3"});
}

TEST_CASE("concat: the copies are runs per source", "[concat]") {
  // Axis 0: one contiguous copy per non-empty input, at its offset.
  const Result<CopyPlan> rows = plan_concat({{3, 4, 5}, {0, 4, 5}, {2, 4, 5}}, 0, 4);
  REQUIRE(rows.ok());
  REQUIRE(rows.value().copies.size() == 2);
  CHECK(rows.value().copies[0].source == 0);
  CHECK(rows.value().copies[1].source == 2);
  CHECK(rows.value().copies[1].dst_offset == 60);
  const PreparedPlan p0 = prepare_plan(rows.value());
  for (const LoopNest& nest : p0.nests) {
    CHECK(nest.kernel == Kernel::CopyRows);
    CHECK(nest.rows() == 1);  // one memcpy per input
  }
  // The last axis: rows of each input into rows of the output.
  const Result<CopyPlan> cols = plan_concat({{64, 100}, {64, 28}}, -1, 4);
  REQUIRE(cols.ok());
  const PreparedPlan p1 = prepare_plan(cols.value());
  REQUIRE(p1.nests.size() == 2);
  for (const LoopNest& nest : p1.nests) {
    CHECK(nest.kernel == Kernel::CopyRows);
    CHECK(nest.rows() * nest.dims[nest.dims.size() - 2].n == 64);  // a run per row of each input
  }
}

TEST_CASE("concat: random lists agree with the reference", "[concat]") {
  th::Rng rng(20261207);
  ThreadPool pool(3);
  for (int i = 0; i < 300; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(1, 6));
    const Shape base = th::random_shape(rng, rank, 5, 400);
    const int64_t axis = rng.uniform(-static_cast<int64_t>(rank), static_cast<int64_t>(rank) - 1);
    const size_t a = static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(rank) : axis);
    std::vector<Shape> ins(static_cast<size_t>(rng.uniform(1, 5)), base);
    for (Shape& s : ins) s[a] = rng.chance(10) ? 0 : rng.uniform(1, 5);
    INFO("case " << i << " axis " << axis << " first " << str(ins[0]) << " count " << ins.size());
    CHECK(run_concat(ins, axis, th::kWidths[i % 4], static_cast<uint64_t>(i), i % 3 == 0 ? &pool : nullptr) == "");
  }
  // Large enough to be split over the pool, along the first and the last axis.
  CHECK(run_concat({{300, 200}, {100, 200}, {200, 200}}, 0, 4, 7, &pool) == "");
  CHECK(run_concat({{400, 300}, {400, 100}, {400, 260}}, 1, 2, 8, &pool) == "");
}

TEST_CASE("concat: concat(split(x)) is x", "[concat][split]") {
  th::Rng rng(77);
  for (int i = 0; i < 200; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(1, 5));
    const Shape in = th::random_shape(rng, rank, 6, 500);
    const int64_t axis = rng.uniform(-static_cast<int64_t>(rank), static_cast<int64_t>(rank) - 1);
    const size_t a = static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(rank) : axis);
    Splits splits;
    if (rng.chance(40) && in[a] > 0) {
      std::vector<int64_t> divisors;
      for (int64_t k = 1; k <= in[a]; ++k) {
        if (in[a] % k == 0) divisors.push_back(k);
      }
      splits = {true, {rng.pick(divisors)}};
    } else {
      int64_t left = in[a];
      while (left > 0 || splits.values.empty()) {
        const int64_t n = rng.uniform(0, left);
        splits.values.push_back(n);
        left -= n;
        if (rng.chance(20)) break;
      }
      splits.values.back() += left;
      if (rng.chance(30)) splits.values[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(splits.values.size()) - 1))] = -1;
    }
    INFO("x.shape " << str(in) << " axis " << axis << " splits " << str(splits.values) << (splits.count ? " (count)" : ""));
    const Result<std::vector<Shape>> parts = split_shapes(in, splits, axis);
    REQUIRE(parts.ok());
    const size_t w = th::kWidths[i % 4];
    const Result<CopyPlan> cut = plan_split(in, splits, axis, w);
    const Result<CopyPlan> join = plan_concat(parts.value(), axis, w);
    REQUIRE(cut.ok());
    REQUIRE(join.ok());
    CHECK(join.value().output_shape == in);
    // Split into one block, then concat reading each part where it lies there.
    const size_t bytes = static_cast<size_t>(ref::volume(in)) * w;
    std::vector<unsigned char> x(bytes + 1), block(bytes + 1), back(bytes + 1);
    for (unsigned char& b : x) b = static_cast<unsigned char>(rng.engine());
    execute(cut.value(), x.data(), block.data());
    std::vector<const void*> sources;
    size_t at = 0;
    for (const Shape& s : parts.value()) {
      sources.push_back(block.data() + at);
      at += static_cast<size_t>(ref::volume(s)) * w;
    }
    execute(prepare_plan(join.value()), sources.data(), back.data());
    CHECK(std::equal(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(bytes), back.begin()));
  }
}
