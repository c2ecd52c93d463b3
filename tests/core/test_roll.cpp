// Roll: the three examples of docs/operations.md#roll, shift/axes forms, every error rule.
#include "helpers.hpp"
#include "ops/roll/reference.hpp"

#include <limits>

using namespace tensor_ops;
using th::check_error;
using th::str;

namespace {

using V = std::vector<int32_t>;

// Rolls the document's [[1,2,3],[4,5,6],[7,8,9],[10,11,12]].
V roll12(const th::Ints& shift, const th::Ints& axes) {
  CHECK(str(roll_shape({4, 3}, shift, axes)) == "[4, 3]");
  return th::run(plan_roll({4, 3}, shift, axes, 4), th::iota(12));
}

void check_all_widths(const Shape& in, const th::Ints& shift, const th::Ints& axes) {
  const auto gather = ref::roll(in, shift, axes);
  REQUIRE(gather);
  for (size_t w : th::kWidths) {
    th::check_plan(plan_roll(in, shift, axes, w), roll_shape(in, shift, axes), in, *gather, w);
  }
}

}  // namespace

TEST_CASE("roll: the document's three examples", "[roll]") {
  CHECK(roll12({1}, {0}) == V{10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  CHECK(roll12({-1, 2}, {0, 1}) == V{5, 6, 4, 8, 9, 7, 11, 12, 10, 2, 3, 1});
  CHECK(roll12({1, 2, 1}, {0, 1, 0}) == V{8, 9, 7, 11, 12, 10, 2, 3, 1, 5, 6, 4});
}

TEST_CASE("roll: shift and axes forms", "[roll]") {
  // One shift rolls every listed axis.
  CHECK(roll12({1}, {0, 1}) == V{12, 10, 11, 3, 1, 2, 6, 4, 5, 9, 7, 8});
  CHECK(roll12({1}, {-1}) == V{3, 1, 2, 6, 4, 5, 9, 7, 8, 12, 10, 11});
  CHECK(roll12({-1}, {-2}) == V{4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3});
  // Shifts are taken modulo the dim.
  CHECK(roll12({7}, {0}) == roll12({-1}, {0}));
  CHECK(roll12({-13}, {1}) == roll12({2}, {1}));
  CHECK(roll12({4, 3}, {0, 1}) == th::iota(12));
  CHECK(roll12({2, -2}, {1, 1}) == th::iota(12));
  // No axes, or a shift of 0: nothing moves.
  CHECK(roll12({5}, {}) == th::iota(12));
  CHECK(roll12({}, {}) == th::iota(12));
  CHECK(roll12({0, 0}, {0, 1}) == th::iota(12));
  check_all_widths({3, 4, 5}, {2, -1, 7}, {0, -1, 1});
  check_all_widths({2, 1, 6, 3}, {1, 1, 1}, {2, 2, 3});
}

TEST_CASE("roll: shifts of any size, summed without overflow", "[roll]") {
  const int64_t max = std::numeric_limits<int64_t>::max();
  const int64_t min = std::numeric_limits<int64_t>::min();
  check_all_widths({4, 3}, {max, max}, {0, 0});
  check_all_widths({4, 3}, {min, min, max}, {1, 1, 0});
  check_all_widths({4, 3}, {min}, {0, 1, -1, -2});
  CHECK(roll12({max}, {0}) == roll12({3}, {0}));     // 2^63-1 = 3 mod 4
  CHECK(roll12({min}, {1}) == roll12({1}, {1}));     // -2^63 = 1 mod 3
  CHECK(roll12({max, max}, {0, 0}) == roll12({2}, {0}));
}

TEST_CASE("roll: error rules", "[roll][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  SECTION("a scalar") {
    check_error([] { return roll_shape({}, {1}, {0}); }, inv, "roll", {"x.shape"},
                {"[]", "rank 0", "scalar"});
    check_error([] { return plan_roll({}, {}, {}, 4); }, inv, "roll", {"x.shape"},
                {"[]", "rank 0", "scalar"});
  }
  SECTION("shift and axes of different lengths") {
    check_error([] { return roll_shape({4, 3}, {1, 2}, {0}); }, inv, "roll", {"shift", "axes"},
                {"[1, 2]", "[0]"});
    check_error([] { return roll_shape({4, 3}, {}, {0}); }, inv, "roll", {"shift", "axes"},
                {"[]", "[0]"});
    check_error([] { return plan_roll({4, 3}, {1, 2}, {0, 1, 0}, 8); }, inv, "roll",
                {"shift", "axes"}, {"[1, 2]", "[0, 1, 0]"});
  }
  SECTION("an axis outside [-rank, rank)") {
    check_error([] { return roll_shape({4, 3}, {1}, {2}); }, inv, "roll", {"axes"}, {"2"});
    check_error([] { return roll_shape({4, 3}, {1, 1}, {0, -3}); }, inv, "roll", {"axes"}, {"-3"});
    const int64_t max = std::numeric_limits<int64_t>::max();
    check_error([=] { return roll_shape({4}, {1}, {max}); }, inv, "roll", {"axes"},
                {std::to_string(max)});
    const int64_t min = std::numeric_limits<int64_t>::min();
    check_error([=] { return roll_shape({4}, {1}, {min}); }, inv, "roll", {"axes"},
                {std::to_string(min)});
  }
  SECTION("bad input shapes and element sizes: the checks every call makes") {
    auto call = [](const Shape& x) { return th::Call("roll", {x}).with("shift", {1}).with("axes", {0}); };
    check_error([&] { return call({4, -3}).shape(); }, inv, "roll", {"x.shape"}, {"-3"});
    const int64_t big = (int64_t{1} << 53) + 1;
    check_error([&] { return call({big}).shape(); }, inv, "roll", {"x.shape"}, {std::to_string(big)});
    const int64_t g = int64_t{1} << 32;
    check_error([&] { return call({g, g}).shape(); }, inv, "roll", {"x.shape"}, {str({g, g})});
    check_error([&] { return call({4}).plan(4096); }, inv, "roll", {}, {"4096"});
  }
}
