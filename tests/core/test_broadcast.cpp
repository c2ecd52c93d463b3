// Broadcast: docs/operations.md#broadcast's four document examples and every error rule.
#include "helpers.hpp"
#include "ops/broadcast/reference.hpp"

#include <optional>

using namespace tensor_ops;
using th::check_error;
using th::str;

namespace {

const auto kNumpy = BroadcastMode::Numpy;
const auto kBidi = BroadcastMode::Bidirectional;
const auto kExplicit = BroadcastMode::Explicit;

// Checks the plan for every element width against the reference.
void check_all_widths(const Shape& in, const th::Ints& target, BroadcastMode mode,
                      const std::optional<th::Ints>& axes) {
  const auto gather = ref::broadcast(in, target, mode, axes);
  REQUIRE(gather);
  for (size_t w : th::kWidths) {
    th::check_plan(plan_broadcast(in, target, mode, axes, w),
                   broadcast_shape(in, target, mode, axes), in, *gather, w);
  }
}

std::vector<int32_t> values(const Shape& in, const th::Ints& target, BroadcastMode mode,
                            const std::optional<th::Ints>& axes = std::nullopt) {
  return th::run(plan_broadcast(in, target, mode, axes, 4),
                 th::iota(static_cast<int32_t>(ref::volume(in))));
}

}  // namespace

TEST_CASE("broadcast: the document's four examples", "[broadcast]") {
  CHECK(str(broadcast_shape({16, 1, 1}, {1, 16, 50, 50}, kNumpy)) == "[1, 16, 50, 50]");
  CHECK(str(broadcast_shape({16}, {1, 16, 50, 50}, kExplicit, th::Ints{1})) ==
        "[1, 16, 50, 50]");
  CHECK(str(broadcast_shape({50, 50}, {1, 50, 50, 16}, kExplicit, th::Ints{1, 2})) ==
        "[1, 50, 50, 16]");
  CHECK(str(broadcast_shape({16, 1, 1}, {1, 1, 50, 50}, kBidi)) == "[1, 16, 50, 50]");
  check_all_widths({16, 1, 1}, {1, 16, 50, 50}, kNumpy, std::nullopt);
  check_all_widths({16}, {1, 16, 50, 50}, kExplicit, th::Ints{1});
  check_all_widths({50, 50}, {1, 50, 50, 16}, kExplicit, th::Ints{1, 2});
  check_all_widths({16, 1, 1}, {1, 1, 50, 50}, kBidi, std::nullopt);
}

TEST_CASE("broadcast: literal values on small variants of the examples", "[broadcast]") {
  const std::vector<int32_t> by_channel = {1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3};
  CHECK(values({3, 1, 1}, {1, 3, 2, 2}, kNumpy) == by_channel);
  CHECK(values({3}, {1, 3, 2, 2}, kExplicit, th::Ints{1}) == by_channel);
  CHECK(values({2, 3}, {1, 2, 3, 2}, kExplicit, th::Ints{1, 2}) ==
        std::vector<int32_t>{1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6});
  CHECK(values({3, 1, 1}, {1, 1, 2, 2}, kBidi) == by_channel);
  CHECK(str(broadcast_shape({3, 1, 1}, {1, 1, 2, 2}, kBidi)) == "[1, 3, 2, 2]");
}

TEST_CASE("broadcast: numpy and bidirectional details", "[broadcast]") {
  CHECK(values({3}, {2, 3}, kNumpy) == std::vector<int32_t>{1, 2, 3, 1, 2, 3});
  CHECK(values({2, 1}, {3}, kBidi) == std::vector<int32_t>{1, 1, 1, 2, 2, 2});
  CHECK(str(broadcast_shape({2, 1}, {3}, kBidi)) == "[2, 3]");
  CHECK(str(broadcast_shape({2, 3}, {1}, kBidi)) == "[2, 3]");  // output larger than target
  CHECK(str(broadcast_shape({0}, {1}, kBidi)) == "[0]");
  CHECK(str(broadcast_shape({1}, {0}, kBidi)) == "[0]");
  CHECK(str(broadcast_shape({1}, {0}, kNumpy)) == "[0]");
  CHECK(str(broadcast_shape({2, 3}, {2, 3}, kNumpy)) == "[2, 3]");
  CHECK(str(broadcast_shape({1, 3}, {2, 1, 3}, kExplicit, th::Ints{1, 2})) == "[2, 1, 3]");
  // Scalar data may take a mapping of one axis, as if its shape were [1].
  CHECK(str(broadcast_shape({}, {2, 3}, kExplicit, th::Ints{1})) == "[2, 3]");
  CHECK(str(broadcast_shape({}, {2, 3}, kExplicit, th::Ints{})) == "[2, 3]");
  CHECK(values({}, {2, 3}, kExplicit, th::Ints{0}) == std::vector<int32_t>(6, 1));
  check_all_widths({3, 1}, {2, 3, 4}, kExplicit, th::Ints{1, 2});
  check_all_widths({3, 1}, {2, 1, 4}, kBidi, std::nullopt);
}

TEST_CASE("broadcast: error rules", "[broadcast][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  const auto mis = ErrorCode::ShapeMismatch;
  SECTION("bad targetShape values") {
    check_error([] { return broadcast_shape({1}, {2, -3}, kNumpy); }, inv, "broadcast",
                {"targetShape"}, {"-3"});
    check_error([] { return broadcast_shape({1}, {-1}, kBidi); }, inv, "broadcast", {"targetShape"},
                {"-1"});
    check_error([] { return broadcast_shape({1}, {-2}, kExplicit, th::Ints{0}); }, inv, "broadcast",
                {"targetShape"}, {"-2"});
    const int64_t big = (int64_t{1} << 53) + 1;
    check_error([=] { return broadcast_shape({1}, {big}, kNumpy); }, inv, "broadcast",
                {"targetShape"}, {std::to_string(big)});
    const int64_t g = int64_t{1} << 32;
    check_error([=] { return broadcast_shape({1}, {g, g}, kNumpy); }, inv, "broadcast",
                {"targetShape"}, {str({g, g})});
  }
  SECTION("axesMapping outside explicit mode, or missing in it") {
    check_error([] { return broadcast_shape({3}, {2, 3}, kNumpy, th::Ints{1}); }, inv, "broadcast",
                {"axesMapping"}, {"[1]", "numpy"});
    check_error([] { return broadcast_shape({3}, {2, 3}, kBidi, th::Ints{1}); }, inv, "broadcast",
                {"axesMapping"}, {"[1]", "bidirectional"});
    check_error([] { return broadcast_shape({3}, {2, 3}, kExplicit); }, inv, "broadcast",
                {"axesMapping"}, {});
  }
  SECTION("numpy: data rank larger than targetShape") {
    check_error([] { return broadcast_shape({2, 3}, {3}, kNumpy); }, mis, "broadcast",
                {"x.shape", "targetShape"}, {"[2, 3]", "[3]"});
  }
  SECTION("numpy: data is never shrunk or stretched") {
    check_error([] { return broadcast_shape({5}, {1}, kNumpy); }, mis, "broadcast",
                {"x.shape", "targetShape"}, {"[5]", "[1]"});
    check_error([] { return broadcast_shape({3}, {2, 4}, kNumpy); }, mis, "broadcast",
                {"x.shape", "targetShape"}, {"[3]", "[2, 4]"});
    check_error([] { return broadcast_shape({3}, {0}, kNumpy); }, mis, "broadcast",
                {"x.shape", "targetShape"}, {"[3]", "[0]"});
  }
  SECTION("bidirectional: pairs must be equal or contain a 1") {
    check_error([] { return broadcast_shape({2, 3}, {4, 1}, kBidi); }, mis, "broadcast",
                {"x.shape", "targetShape"}, {"[2, 3]", "[4, 1]"});
    check_error([] { return broadcast_shape({0}, {3}, kBidi); }, mis, "broadcast",
                {"x.shape", "targetShape"}, {"[0]", "[3]"});
  }
  SECTION("explicit: axesMapping length must be rank(data)") {
    check_error([] { return broadcast_shape({2, 3}, {2, 3}, kExplicit, th::Ints{1}); }, inv,
                "broadcast", {"axesMapping"}, {"[1]"});
    check_error([] { return broadcast_shape({}, {2, 3}, kExplicit, th::Ints{0, 1}); }, inv,
                "broadcast", {"axesMapping"}, {"[0, 1]"});
  }
  SECTION("explicit: axesMapping strictly increasing") {
    check_error([] { return broadcast_shape({3, 2}, {2, 3}, kExplicit, th::Ints{1, 0}); }, inv,
                "broadcast", {"axesMapping"}, {"[1, 0]"});
    check_error([] { return broadcast_shape({2, 2}, {2, 2}, kExplicit, th::Ints{1, 1}); }, inv,
                "broadcast", {"axesMapping"}, {"[1, 1]"});
  }
  SECTION("explicit: axesMapping values in [0, len(targetShape))") {
    check_error([] { return broadcast_shape({16}, {1, 16, 50, 50}, kExplicit, th::Ints{4}); }, inv,
                "broadcast", {"axesMapping"}, {"4"});
    check_error([] { return broadcast_shape({16}, {1, 16, 50, 50}, kExplicit, th::Ints{-3}); }, inv,
                "broadcast", {"axesMapping"}, {"-3"});
  }
  SECTION("explicit: mapped dims must match or be 1") {
    check_error([] { return broadcast_shape({16}, {1, 16, 50, 50}, kExplicit, th::Ints{2}); }, mis,
                "broadcast", {"x.shape", "targetShape", "axesMapping"}, {"16", "50"});
    check_error([] { return plan_broadcast({2, 3}, {2, 4}, kExplicit, th::Ints{0, 1}, 2); }, mis,
                "broadcast", {"x.shape", "targetShape", "axesMapping"}, {"3", "4"});
  }
  // broadcast(x, targetShape) through the runtime's checks, which every call makes first.
  auto call = [](const Shape& x, const th::Ints& target) {
    return th::Call("broadcast", {x}).with("targetShape", target);
  };
  SECTION("bad input shapes and element sizes") {
    check_error([&] { return call({-2}, {3}).shape(); }, inv, "broadcast", {"x.shape"}, {"-2"});
    const int64_t big = (int64_t{1} << 53) + 1;
    check_error([&] { return call({big}, {big}).shape(); }, inv, "broadcast", {"x.shape"}, {std::to_string(big)});
    const int64_t g = int64_t{1} << 32;
    check_error([&] { return call({g, g}, {g, g}).shape(); }, inv, "broadcast", {"x.shape", "targetShape"},
                {str({g, g})});
    check_error([&] { return call({1}, {3}).plan(7); }, inv, "broadcast", {}, {"7"});
  }
  SECTION("an output too large for memory") {
    // 2^62 elements of 8 bytes: a valid shape whose byte size cannot be addressed.
    const th::Ints huge = {int64_t{1} << 53, int64_t{1} << 9};
    check_error([&] { return call({1}, huge).plan(8); }, ErrorCode::OutOfMemory, "broadcast", {}, {});
    // Bidirectional: two valid shapes whose output volume (2^64) cannot exist.
    const int64_t g = int64_t{1} << 32;
    check_error([=] { return plan_broadcast({g, 1}, {1, g}, kBidi, std::nullopt, 1); },
                ErrorCode::OutOfMemory, "broadcast", {}, {});
    CHECK_FALSE(broadcast_shape({g, 1}, {1, g}, kBidi).ok());
  }
  SECTION("unknown mode names") {
    CHECK(parse_broadcast_mode("numpy") == kNumpy);
    CHECK(parse_broadcast_mode("bidirectional") == kBidi);
    CHECK(parse_broadcast_mode("explicit") == kExplicit);
    for (const char* name : {"NUMPY", "pdpd", "none", ""}) {
      check_error([=] { return parse_broadcast_mode(name); }, inv, "broadcast", {"mode"},
                  {std::string(name)});
    }
  }
}
