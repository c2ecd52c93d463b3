// Split: the examples of docs/operations.md#split, every error rule, random
// shapes and splits at every width against the reference (the parts back to
// back in one block, as the bindings lay them out), and the number-vs-list
// distinction through the operation table.
#include "helpers.hpp"
#include "ops/split/reference.hpp"

using namespace tensor_ops;
using th::check_error;
using th::str;

namespace {

std::string shapes_text(const Result<std::vector<Shape>>& r) {
  if (!r.ok()) return r.status().message();
  std::string s;
  for (const Shape& p : r.value()) s += (s.empty() ? "" : " ") + str(p);
  return s;
}

// The parts of the reference back to back: the layout of plan_split's block.
ref::Gather joined(const std::vector<ref::Gather>& parts) {
  ref::Gather g;
  for (const ref::Gather& p : parts) g.from.insert(g.from.end(), p.from.begin(), p.from.end());
  g.shape = {static_cast<int64_t>(g.from.size())};
  return g;
}

void check_split(const Shape& in, const Splits& splits, int64_t axis, size_t w, uint64_t seed) {
  const auto parts = ref::split(in, splits.values, splits.count, axis);
  REQUIRE(parts);
  const Result<std::vector<Shape>> shapes = split_shapes(in, splits, axis);
  REQUIRE(shapes.ok());
  REQUIRE(shapes.value().size() == parts->size());
  for (size_t k = 0; k < parts->size(); ++k) CHECK(str(shapes.value()[k]) == str((*parts)[k].shape));
  const Result<CopyPlan> plan = plan_split(in, splits, axis, w);
  REQUIRE(plan.ok());
  CHECK(th::run_and_compare(plan.value(), in, joined(*parts), seed) == "");
}

}  // namespace

TEST_CASE("split: examples", "[split]") {
  // [1..6] into 3 parts; into [1, -1, 2]; [[1,2,3],[4,5,6]] along 1 into [2, 1].
  CHECK(shapes_text(split_shapes({6}, {true, {3}}, 0)) == "[2] [2] [2]");
  CHECK(shapes_text(split_shapes({6}, {false, {1, -1, 2}}, 0)) == "[1] [3] [2]");
  CHECK(shapes_text(split_shapes({2, 3}, {false, {2, 1}}, 1)) == "[2, 2] [2, 1]");
  CHECK(shapes_text(split_shapes({2, 3}, {false, {2, 1}}, -1)) == "[2, 2] [2, 1]");
  // A list always means lengths: [3] is one part of 3, the number 3 three parts of 1.
  CHECK(shapes_text(split_shapes({3, 2}, {false, {3}}, 0)) == "[3, 2]");
  CHECK(shapes_text(split_shapes({3, 2}, {true, {3}}, 0)) == "[1, 2] [1, 2] [1, 2]");
  CHECK(shapes_text(split_shapes({4}, {false, {0, 4, 0}}, 0)) == "[0] [4] [0]");
  CHECK(shapes_text(split_shapes({0, 3}, {true, {2}}, 0)) == "[0, 3] [0, 3]");
  CHECK(shapes_text(split_shapes({5}, {false, {5, -1}}, 0)) == "[5] [0]");
  using V = std::vector<int32_t>;
  CHECK(th::run(plan_split({2, 3}, {false, {2, 1}}, 1, 4), th::iota(6)) == V{1, 2, 4, 5, 3, 6});
  for (size_t w : th::kWidths) {
    check_split({6}, {true, {3}}, 0, w, 1);
    check_split({2, 3}, {false, {2, 1}}, 1, w, 2);
    check_split({1, 6, 4, 4}, {false, {1, -1, 3}}, 1, w, 3);
    check_split({2, 1, 2, 1, 3, 1, 2, 6}, {true, {3}}, -1, w, 4);  // rank 8
  }
}

TEST_CASE("split: error rules", "[split][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  const auto sm = ErrorCode::ShapeMismatch;
  check_error([] { return split_shapes({}, {true, {1}}, 0); }, inv, "split", {"x.shape"}, {"scalar"});
  check_error([] { return th::Call("split", {{2, -1}}).with("splits", {1}, true).plan(4); }, inv, "split",
              {"x.shape"}, {"-1"});
  check_error([] { return split_shapes({6}, {true, {2}}, 1); }, inv, "split", {"axis"}, {"1", "[-1, 1)"});
  check_error([] { return split_shapes({6}, {true, {0}}, 0); }, inv, "split", {"splits"}, {"0", "at least 1"});
  check_error([] { return split_shapes({6}, {true, {-2}}, 0); }, inv, "split", {"splits"}, {"-2"});
  check_error([] { return split_shapes({0}, {true, {kMaxSplitParts + 1}}, 0); }, inv, "split", {"splits"},
              {"65537", "65536"});
  check_error([] { return split_shapes({6}, {true, {4}}, 0); }, sm, "split", {"splits", "x.shape"},
              {"4", "dim 6"});
  check_error([] { return split_shapes({6}, {false, {}}, 0); }, inv, "split", {"splits"}, {"[]"});
  check_error([] { return split_shapes({6}, {false, {2, -2, 6}}, 0); }, inv, "split", {"splits"},
              {"-2", "index 1"});
  check_error([] { return split_shapes({6}, {false, {-1, 2, -1}}, 0); }, inv, "split", {"splits"},
              {"more than one -1"});
  check_error([] { return split_shapes({6}, {false, {2, 3}}, 0); }, sm, "split", {"splits"}, {"5", "dim 6"});
  check_error([] { return split_shapes({6}, {false, {4, 3}}, 0); }, sm, "split", {"splits"}, {"more than"});
  check_error([] { return split_shapes({6}, {false, {4, -1, 3}}, 0); }, sm, "split", {"splits"}, {"more than"});
  const int64_t max = std::numeric_limits<int64_t>::max();
  check_error([&] { return split_shapes({6}, {false, {max, max, max}}, 0); }, sm, "split", {"splits"},
              {"more than"});
  check_error([] { return th::Call("split", {{6}}).with("splits", {2}, true).plan(5); }, inv, "split", {"element"},
              {"5"});
}

TEST_CASE("split: random shapes and splits agree with the reference", "[split]") {
  th::Rng rng(20261208);
  int valid = 0;
  for (int i = 0; i < 400; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(1, 6));
    const Shape in = th::random_shape(rng, rank, 6, 500);
    const int64_t axis = rng.uniform(-static_cast<int64_t>(rank), static_cast<int64_t>(rank) - 1);
    Splits splits;
    if (rng.chance(40)) {
      splits = {true, {rng.uniform(1, 7)}};
    } else {
      for (int64_t n = rng.uniform(1, 5); n > 0; --n) splits.values.push_back(rng.uniform(rng.chance(10) ? -2 : -1, 4));
    }
    INFO("x.shape " << str(in) << " axis " << axis << " splits " << str(splits.values) << (splits.count ? " (count)" : ""));
    const auto expected = ref::split(in, splits.values, splits.count, axis);
    const Result<std::vector<Shape>> shapes = split_shapes(in, splits, axis);
    CHECK(shapes.ok() == expected.has_value());
    if (!expected) continue;
    ++valid;
    check_split(in, splits, axis, th::kWidths[i % 4], static_cast<uint64_t>(i));
  }
  CHECK(valid > 100);
}

TEST_CASE("split: the number-vs-list distinction survives the table's words", "[split][table]") {
  const OpSpec* spec = nullptr;
  for (const OpSpec& s : op_table()) {
    if (std::string(s.name) == "split") spec = &s;
  }
  REQUIRE(spec != nullptr);
  // [rank, dims..., splits: count (-2: one integer) and values, axis: not given]
  const std::vector<int64_t> number = {2, 3, 2, -2, 3, -1};
  const std::vector<int64_t> list = {2, 3, 2, 1, 3, -1};
  const Result<Operator> parts3 = make_operator(*spec, 4, number.data(), number.size(), 6, false);
  const Result<Operator> part1 = make_operator(*spec, 4, list.data(), list.size(), 6, false);
  REQUIRE(parts3.ok());
  REQUIRE(part1.ok());
  CHECK(parts3.value().output_ranks == std::vector<int64_t>{2, 2, 2});
  CHECK(str(parts3.value().output_shape) == "[1, 2, 1, 2, 1, 2]");
  CHECK(part1.value().output_ranks == std::vector<int64_t>{2});
  CHECK(str(part1.value().output_shape) == "[3, 2]");
  CHECK(output_count(parts3.value()) == 3);
  // -2 is only an integer's mark for the kind that has one; not given is malformed for splits.
  const std::vector<int64_t> absent = {2, 3, 2, -1, -1};
  check_error([&] { return make_operator(*spec, 4, absent.data(), absent.size(), 6, false); },
              ErrorCode::InvalidArgument, "split", {"malformed"}, {"words"});
  // `out` arrays: their count and each one's length.
  const std::vector<int64_t> ok_lengths = {2, 2, 2};
  CHECK(check_out_lengths(parts3.value(), 3, ok_lengths.data()).ok());
  CHECK(check_out_lengths(parts3.value(), -1, nullptr).ok());
  check_error([&] { return check_out_lengths(parts3.value(), 2, ok_lengths.data()); }, ErrorCode::InvalidArgument,
              "split", {"out"}, {"2 arrays", "3 outputs"});
  const std::vector<int64_t> bad_lengths = {2, 3, 2};
  check_error([&] { return check_out_lengths(parts3.value(), 3, bad_lengths.data()); },
              ErrorCode::InvalidArgument, "split", {"out[1]"}, {"3 elements", "[1, 2]"});
}
