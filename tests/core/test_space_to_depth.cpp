// SpaceToDepth: docs/operations.md#spacetodepth's examples, each format and mode, every error rule.
#include "helpers.hpp"
#include "ops/space_to_depth/reference.hpp"
#include "ops/depth_to_space/reference.hpp"

using namespace tensor_ops;
using th::NHWC, th::NCHW, th::VECT, th::BF, th::DF;
using th::check_error;
using th::str;

namespace {


std::vector<int32_t> s2d(const Shape& in, int64_t b, DataFormat f, BlockMode m,
                         const std::vector<int32_t>& x, const char* expected_shape) {
  const CopyPlan plan = plan_space_to_depth(in, b, f, m, 4);
  CHECK(str(plan.output_shape) == expected_shape);
  CHECK(str(space_to_depth_shape(in, b, f)) == expected_shape);
  return th::run(plan, x);
}

void check_all_widths(const Shape& in, int64_t b, DataFormat f, BlockMode m) {
  const auto gather = ref::space_to_depth(in, b, f, m);
  REQUIRE(gather);
  for (size_t w : th::kWidths) {
    th::check_plan(plan_space_to_depth(in, b, f, m, w), space_to_depth_shape(in, b, f), in,
                   *gather, w);
  }
}

}  // namespace

TEST_CASE("spaceToDepth: the document's three NHWC examples", "[spaceToDepth]") {
  CHECK(s2d({1, 2, 2, 1}, 2, NHWC, BF, {1, 2, 3, 4}, "[1, 1, 1, 4]") ==
        std::vector<int32_t>{1, 2, 3, 4});
  CHECK(s2d({1, 2, 2, 3}, 2, NHWC, BF, th::iota(12), "[1, 1, 1, 12]") == th::iota(12));
  const std::vector<int32_t> x = {1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16};
  CHECK(s2d({1, 4, 4, 1}, 2, NHWC, BF, x, "[1, 2, 2, 4]") == th::iota(16));
  // The default format is NHWC.
  CHECK(str(space_to_depth_shape({1, 4, 4, 1}, 2)) == "[1, 2, 2, 4]");
}

TEST_CASE("spaceToDepth: literal values of the other formats and modes", "[spaceToDepth]") {
  // depth_first: output channel c*b*b + by*b + bx.
  CHECK(s2d({1, 2, 2, 3}, 2, NHWC, DF, th::iota(12), "[1, 1, 1, 12]") ==
        std::vector<int32_t>{1, 4, 7, 10, 2, 5, 8, 11, 3, 6, 9, 12});
  CHECK(s2d({1, 3, 2, 2}, 2, NCHW, BF, th::iota(12), "[1, 12, 1, 1]") ==
        std::vector<int32_t>{1, 5, 9, 2, 6, 10, 3, 7, 11, 4, 8, 12});
  CHECK(s2d({1, 3, 2, 2}, 2, NCHW, DF, th::iota(12), "[1, 12, 1, 1]") == th::iota(12));
  // NCHW with one spatial dim: depth C*b.
  CHECK(s2d({1, 2, 4}, 2, NCHW, BF, th::iota(8), "[1, 4, 2]") ==
        std::vector<int32_t>{1, 3, 5, 7, 2, 4, 6, 8});
  // NCHW_VECT_C: channel c lives at [c/4, ..., c%4].
  CHECK(s2d({1, 1, 2, 2, 4}, 2, VECT, BF, th::iota(16), "[1, 4, 1, 1, 4]") == th::iota(16));
  CHECK(s2d({1, 1, 2, 2, 4}, 2, VECT, DF, th::iota(16), "[1, 4, 1, 1, 4]") ==
        std::vector<int32_t>{1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 16});
  // Block size 1 is the identity.
  CHECK(s2d({2, 1, 3, 2}, 1, NHWC, DF, th::iota(12), "[2, 1, 3, 2]") == th::iota(12));
}

TEST_CASE("spaceToDepth: every format and mode against the reference", "[spaceToDepth]") {
  for (BlockMode m : {BF, DF}) {
    check_all_widths({2, 6, 4, 3}, 2, NHWC, m);
    check_all_widths({1, 6, 9, 2}, 3, NHWC, m);
    check_all_widths({2, 3, 4, 6}, 2, NCHW, m);
    check_all_widths({1, 2, 6}, 3, NCHW, m);
    check_all_widths({1, 2, 4, 2, 6}, 2, NCHW, m);
    check_all_widths({2, 2, 4, 6, 4}, 2, VECT, m);
  }
}

TEST_CASE("spaceToDepth: error rules", "[spaceToDepth][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  const auto mis = ErrorCode::ShapeMismatch;
  const char* op = "spaceToDepth";
  SECTION("rank of each data format") {
    check_error([] { return space_to_depth_shape({1, 2, 2}, 2, NHWC); }, inv, op,
                {"x.shape", "dataFormat"}, {"[1, 2, 2]"});
    check_error([] { return space_to_depth_shape({1, 2, 2, 1, 1}, 2, NHWC); }, inv, op,
                {"x.shape", "dataFormat"}, {"[1, 2, 2, 1, 1]"});
    check_error([] { return space_to_depth_shape({1, 2}, 2, NCHW); }, inv, op,
                {"x.shape", "dataFormat"}, {"[1, 2]"});
    check_error([] { return space_to_depth_shape({1, 1, 2, 4}, 2, VECT); }, inv, op,
                {"x.shape", "dataFormat"}, {"[1, 1, 2, 4]"});
  }
  SECTION("NCHW_VECT_C needs a last dim of 4") {
    check_error([] { return space_to_depth_shape({1, 1, 2, 2, 3}, 2, VECT); }, inv, op,
                {"x.shape", "dataFormat"}, {"[1, 1, 2, 2, 3]", "3"});
  }
  SECTION("blockSize below 1") {
    check_error([] { return space_to_depth_shape({1, 2, 2, 1}, 0, NHWC); }, inv, op, {"blockSize"},
                {"0"});
    check_error([] { return plan_space_to_depth({1, 2, 2, 1}, -2, NCHW, BF, 4); }, inv, op,
                {"blockSize"}, {"-2"});
  }
  SECTION("spatial dims not divisible by blockSize") {
    check_error([] { return space_to_depth_shape({1, 3, 2, 1}, 2, NHWC); }, mis, op,
                {"x.shape", "blockSize"}, {"[1, 3, 2, 1]", "3"});
    check_error([] { return space_to_depth_shape({1, 1, 4, 5}, 2, NCHW); }, mis, op,
                {"x.shape", "blockSize"}, {"[1, 1, 4, 5]", "5"});
    check_error([] { return space_to_depth_shape({1, 1, 2, 2, 3}, 2, NCHW); }, mis, op,
                {"x.shape", "blockSize"}, {"[1, 1, 2, 2, 3]", "3"});
    check_error([] { return plan_space_to_depth({1, 1, 6, 4, 4}, 3, VECT, DF, 1); }, mis, op,
                {"x.shape", "blockSize"}, {"[1, 1, 6, 4, 4]", "4"});
  }
  SECTION("a depth that overflows") {
    const int64_t b = int64_t{1} << 30;  // b^3 overflows; zero spatial dims divide
    check_error([=] { return space_to_depth_shape({1, 1, 0, 0, 0}, b, NCHW); }, inv, op,
                {"blockSize", "x.shape"}, {std::to_string(b)});
  }
  SECTION("bad input shapes and element sizes: the checks every call makes") {
    auto call = [&](const Shape& x) { return th::Call(op, {x}).with("blockSize", {2}); };
    check_error([&] { return call({1, -2, 2, 1}).shape(); }, inv, op, {"x.shape"}, {"-2"});
    const int64_t big = (int64_t{1} << 53) + 2;
    check_error([&] { return call({1, big, 2, 1}).shape(); }, inv, op, {"x.shape"}, {std::to_string(big)});
    const int64_t g = int64_t{1} << 32;
    check_error([&] { return call({1, g, g, 1}).shape(); }, inv, op, {"x.shape"}, {str({1, g, g, 1})});
    check_error([&] { return call({1, 2, 2, 1}).plan(12); }, inv, op, {}, {"12"});
  }
  SECTION("unknown format and mode names") {
    CHECK(parse_data_format(op, "NHWC") == NHWC);
    CHECK(parse_data_format(op, "NCHW") == NCHW);
    CHECK(parse_data_format(op, "NCHW_VECT_C") == VECT);
    CHECK(parse_block_mode(op, "blocks_first") == BF);
    CHECK(parse_block_mode(op, "depth_first") == DF);
    for (const char* name : {"nhwc", "NCDHW", "NCHW_VECT_C ", ""}) {
      check_error([=] { return parse_data_format(op, name); }, inv, op, {"dataFormat"},
                  {std::string(name)});
    }
    for (const char* name : {"BLOCKS_FIRST", "blocks-first", "depth", ""}) {
      check_error([=] { return parse_block_mode(op, name); }, inv, op, {"mode"}, {std::string(name)});
    }
  }
}

// Found by fuzzing (tests/fuzz): NCHW_VECT_C with depth_first made one copy
// per block phase, 4*b*b, so a block as large as the image (b = 4096 on a
// 4096 x 4096 image) planned 67 million copies, gigabytes, and ran out of
// memory; shape inference built the same plan. Now at most 16*b copies, 4
// when b % 4 == 0, still byte-exact.
TEST_CASE("spaceToDepth: NCHW_VECT_C depth_first plans stay small for large blocks",
          "[spaceToDepth][regression]") {
  for (int64_t b = 1; b <= 9; ++b) {
    const Shape in = {2, 2, b, 2 * b, 4};
    INFO("blockSize " << b);
    check_all_widths(in, b, VECT, DF);
    const Shape depth = space_to_depth_shape(in, b, VECT);
    const auto gather = ref::depth_to_space(depth, b, VECT, DF);
    REQUIRE(gather);
    for (size_t w : th::kWidths) {
      th::check_plan(plan_depth_to_space(depth, b, VECT, DF, w), depth_to_space_shape(depth, b, VECT),
                     depth, *gather, w);
    }
    CHECK(plan_space_to_depth(in, b, VECT, DF, 1).value().copies.size() <= static_cast<size_t>(16 * b));
  }
  CHECK(plan_space_to_depth({1, 1, 4096, 4096, 4}, 4096, VECT, DF, 1).value().copies.size() == 4);
  CHECK(plan_depth_to_space({1, 4096 * 4096, 1, 1, 4}, 4096, VECT, DF, 1).value().copies.size() == 4);
  CHECK(plan_space_to_depth({1, 1, 4098, 4098, 4}, 4098, VECT, DF, 1).value().copies.size() <= 16 * 4098);
}
