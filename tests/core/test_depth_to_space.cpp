// DepthToSpace: the inverse of SpaceToDepth's examples, ONNX's DCR/CRD
// example, each format and mode, every error rule.
#include "helpers.hpp"
#include "ops/depth_to_space/reference.hpp"

using namespace tensor_ops;
using th::NHWC, th::NCHW, th::VECT, th::BF, th::DF;
using th::check_error;
using th::str;

namespace {


std::vector<int32_t> d2s(const Shape& in, int64_t b, DataFormat f, BlockMode m,
                         const std::vector<int32_t>& x, const char* expected_shape) {
  const CopyPlan plan = plan_depth_to_space(in, b, f, m, 4);
  CHECK(str(plan.output_shape) == expected_shape);
  CHECK(str(depth_to_space_shape(in, b, f)) == expected_shape);
  return th::run(plan, x);
}

void check_all_widths(const Shape& in, int64_t b, DataFormat f, BlockMode m) {
  const auto gather = ref::depth_to_space(in, b, f, m);
  REQUIRE(gather);
  for (size_t w : th::kWidths) {
    th::check_plan(plan_depth_to_space(in, b, f, m, w), depth_to_space_shape(in, b, f), in,
                   *gather, w);
  }
}

}  // namespace

TEST_CASE("depthToSpace: the document's NHWC examples, reversed", "[depthToSpace]") {
  CHECK(d2s({1, 1, 1, 4}, 2, NHWC, BF, {1, 2, 3, 4}, "[1, 2, 2, 1]") ==
        std::vector<int32_t>{1, 2, 3, 4});
  CHECK(d2s({1, 1, 1, 12}, 2, NHWC, BF, th::iota(12), "[1, 2, 2, 3]") == th::iota(12));
  CHECK(d2s({1, 2, 2, 4}, 2, NHWC, BF, th::iota(16), "[1, 4, 4, 1]") ==
        std::vector<int32_t>{1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16});
  CHECK(str(depth_to_space_shape({1, 2, 2, 4}, 2)) == "[1, 4, 4, 1]");  // NHWC default
}

TEST_CASE("depthToSpace: ONNX's example, DCR = blocks_first, CRD = depth_first",
          "[depthToSpace]") {
  const std::vector<int32_t> x = th::iota(48, 0);
  CHECK(d2s({1, 8, 2, 3}, 2, NCHW, BF, x, "[1, 2, 4, 6]") ==
        std::vector<int32_t>{0,  12, 1,  13, 2,  14, 24, 36, 25, 37, 26, 38,
                             3,  15, 4,  16, 5,  17, 27, 39, 28, 40, 29, 41,
                             6,  18, 7,  19, 8,  20, 30, 42, 31, 43, 32, 44,
                             9,  21, 10, 22, 11, 23, 33, 45, 34, 46, 35, 47});
  CHECK(d2s({1, 8, 2, 3}, 2, NCHW, DF, x, "[1, 2, 4, 6]") ==
        std::vector<int32_t>{0,  6,  1,  7,  2,  8,  12, 18, 13, 19, 14, 20,
                             3,  9,  4,  10, 5,  11, 15, 21, 16, 22, 17, 23,
                             24, 30, 25, 31, 26, 32, 36, 42, 37, 43, 38, 44,
                             27, 33, 28, 34, 29, 35, 39, 45, 40, 46, 41, 47});
}

TEST_CASE("depthToSpace: literal values of NCHW_VECT_C", "[depthToSpace]") {
  CHECK(d2s({1, 4, 1, 1, 4}, 2, VECT, BF, th::iota(16), "[1, 1, 2, 2, 4]") == th::iota(16));
  CHECK(d2s({1, 4, 1, 1, 4}, 2, VECT, DF,
            {1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 16}, "[1, 1, 2, 2, 4]") ==
        th::iota(16));
}

TEST_CASE("depthToSpace: every format and mode against the reference", "[depthToSpace]") {
  for (BlockMode m : {BF, DF}) {
    check_all_widths({2, 3, 2, 12}, 2, NHWC, m);
    check_all_widths({1, 2, 1, 18}, 3, NHWC, m);
    check_all_widths({2, 12, 2, 3}, 2, NCHW, m);
    check_all_widths({1, 6, 5}, 3, NCHW, m);
    check_all_widths({1, 16, 2, 1, 3}, 2, NCHW, m);
    check_all_widths({2, 8, 2, 3, 4}, 2, VECT, m);
    check_all_widths({1, 2, 2, 3, 4}, 1, VECT, m);
  }
}

TEST_CASE("depthToSpace: error rules", "[depthToSpace][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  const auto mis = ErrorCode::ShapeMismatch;
  const char* op = "depthToSpace";
  SECTION("rank of each data format") {
    check_error([] { return depth_to_space_shape({1, 1, 4}, 2, NHWC); }, inv, op,
                {"x.shape", "dataFormat"}, {"[1, 1, 4]"});
    check_error([] { return depth_to_space_shape({4, 1}, 2, NCHW); }, inv, op,
                {"x.shape", "dataFormat"}, {"[4, 1]"});
    check_error([] { return depth_to_space_shape({1, 4, 1, 1, 4, 1}, 2, VECT); }, inv, op,
                {"x.shape", "dataFormat"}, {"[1, 4, 1, 1, 4, 1]"});
  }
  SECTION("NCHW_VECT_C needs a last dim of 4") {
    check_error([] { return depth_to_space_shape({1, 4, 1, 1, 8}, 2, VECT); }, inv, op,
                {"x.shape", "dataFormat"}, {"[1, 4, 1, 1, 8]", "8"});
  }
  SECTION("blockSize below 1") {
    check_error([] { return depth_to_space_shape({1, 1, 1, 4}, 0, NHWC); }, inv, op, {"blockSize"},
                {"0"});
    check_error([] { return plan_depth_to_space({1, 1, 1, 4}, -3, NHWC, DF, 2); }, inv, op,
                {"blockSize"}, {"-3"});
  }
  SECTION("depth not divisible by blockSize^K") {
    check_error([] { return depth_to_space_shape({1, 1, 1, 3}, 2, NHWC); }, mis, op,
                {"x.shape", "blockSize"}, {"[1, 1, 1, 3]", "3"});
    check_error([] { return depth_to_space_shape({1, 12, 1, 1}, 3, NCHW); }, mis, op,
                {"x.shape", "blockSize"}, {"[1, 12, 1, 1]", "12"});
    // Three spatial dims: the depth must be divisible by 2^3.
    check_error([] { return depth_to_space_shape({1, 4, 1, 1, 1}, 2, NCHW); }, mis, op,
                {"x.shape", "blockSize"}, {"[1, 4, 1, 1, 1]", "4"});
  }
  SECTION("NCHW_VECT_C: the output depth must be divisible by 4") {
    check_error([] { return depth_to_space_shape({1, 1, 1, 1, 4}, 2, VECT); }, mis, op,
                {"x.shape", "blockSize"}, {"[1, 1, 1, 1, 4]", "4", "1"});
    check_error([] { return plan_depth_to_space({1, 2, 1, 1, 4}, 2, VECT, BF, 8); }, mis, op,
                {"x.shape", "blockSize"}, {"[1, 2, 1, 1, 4]", "8", "2"});
    check_error([] { return depth_to_space_shape({1, 6, 1, 1, 4}, 2, VECT); }, mis, op,
                {"x.shape", "blockSize"}, {"[1, 6, 1, 1, 4]", "24", "6"});
    // With b = 3 it always holds: 4*k/9 is a multiple of 4 whenever it is whole.
    CHECK(str(depth_to_space_shape({1, 9, 1, 1, 4}, 3, VECT)) == "[1, 1, 3, 3, 4]");
  }
  SECTION("a block volume that overflows") {
    const int64_t b = int64_t{1} << 22;  // b^3 = 2^66; a depth of 0 divides
    check_error([=] { return depth_to_space_shape({1, 0, 1, 1, 1}, b, NCHW); }, inv, op,
                {"blockSize", "x.shape"}, {std::to_string(b)});
  }
  SECTION("bad input shapes and element sizes: the checks every call makes") {
    auto call = [&](const Shape& x) { return th::Call(op, {x}).with("blockSize", {2}); };
    check_error([&] { return call({1, 1, 1, -4}).shape(); }, inv, op, {"x.shape"}, {"-4"});
    const int64_t big = (int64_t{1} << 53) + 4;
    check_error([&] { return call({1, 1, 1, big}).shape(); }, inv, op, {"x.shape"}, {std::to_string(big)});
    check_error([&] { return call({1, 1, 1, 4}).plan(9); }, inv, op, {}, {"9"});
  }
  SECTION("unknown format and mode names") {
    check_error([=] { return parse_data_format(op, "NWHC"); }, inv, op, {"dataFormat"}, {"NWHC"});
    check_error([=] { return parse_block_mode(op, "depthfirst"); }, inv, op, {"mode"},
                {"depthfirst"});
  }
}
