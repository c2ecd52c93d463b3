// squeeze, unsqueeze and flatten: the rules of docs/operations.md (ONNX
// Squeeze-13, Unsqueeze-13, Flatten-13) and every error they name.
#include "helpers.hpp"
#include "operations/flatten.hpp"
#include "operations/squeeze.hpp"
#include "operations/unsqueeze.hpp"

using namespace tensor_ops;
using th::check_error;
using th::str;

TEST_CASE("squeeze: the listed axes of dim 1, or every one", "[squeeze]") {
  CHECK(str(squeeze_shape({1, 3, 1, 2}, std::nullopt)) == "[3, 2]");
  CHECK(str(squeeze_shape({1, 3, 1, 2}, th::Ints{0})) == "[3, 1, 2]");
  CHECK(str(squeeze_shape({1, 3, 1, 2}, th::Ints{-2, 0})) == "[3, 2]");
  CHECK(str(squeeze_shape({1, 1}, std::nullopt)) == "[]");
  CHECK(str(squeeze_shape({}, std::nullopt)) == "[]");
  CHECK(str(squeeze_shape({0, 1}, th::Ints{})) == "[0, 1]");
  const CopyPlan plan = plan_squeeze({2, 1, 3}, std::nullopt, 4);
  CHECK(th::run(plan, th::iota(6)) == th::iota(6));
}

TEST_CASE("squeeze: errors", "[squeeze]") {
  check_error([] { return squeeze_shape({2, 1, 3}, th::Ints{0}); }, ErrorCode::ShapeMismatch, "squeeze", {"axes"}, {"[0]", "not 1"});
  check_error([] { return squeeze_shape({2, 1, 3}, th::Ints{1, -2}); }, ErrorCode::InvalidArgument, "squeeze", {"axes"}, {"repeats axis 1"});
  check_error([] { return squeeze_shape({2, 1, 3}, th::Ints{3}); }, ErrorCode::InvalidArgument, "squeeze", {"axes"}, {"3"});
  check_error([] { return squeeze_shape({1}, th::Ints{-2}); }, ErrorCode::InvalidArgument, "squeeze", {"axes"}, {"-2"});
}

TEST_CASE("unsqueeze: dims of 1 at the output's positions", "[unsqueeze]") {
  CHECK(str(unsqueeze_shape({3, 4}, {0})) == "[1, 3, 4]");
  CHECK(str(unsqueeze_shape({3, 4}, {-1})) == "[3, 4, 1]");
  CHECK(str(unsqueeze_shape({3, 4}, {0, 3})) == "[1, 3, 4, 1]");
  CHECK(str(unsqueeze_shape({3, 4}, {3, 0})) == "[1, 3, 4, 1]");
  CHECK(str(unsqueeze_shape({3, 4}, {1, 2})) == "[3, 1, 1, 4]");
  CHECK(str(unsqueeze_shape({}, {0})) == "[1]");
  CHECK(str(unsqueeze_shape({5}, {})) == "[5]");
  const CopyPlan plan = plan_unsqueeze({2, 3}, {1}, 4);
  CHECK(str(plan.output_shape) == "[2, 1, 3]");
  CHECK(th::run(plan, th::iota(6)) == th::iota(6));
}

TEST_CASE("unsqueeze: errors", "[unsqueeze]") {
  check_error([] { return unsqueeze_shape({3, 4}, {3}); }, ErrorCode::InvalidArgument, "unsqueeze", {"axes"}, {"3"});
  check_error([] { return unsqueeze_shape({3, 4}, {-4}); }, ErrorCode::InvalidArgument, "unsqueeze", {"axes"}, {"-4"});
  check_error([] { return unsqueeze_shape({3, 4}, {0, -4}); }, ErrorCode::InvalidArgument, "unsqueeze", {"axes"}, {"repeats axis 0"});
  check_error([] { return unsqueeze_shape({-1}, {0}); }, ErrorCode::InvalidArgument, "unsqueeze", {"x.shape"}, {"-1"});
}

TEST_CASE("flatten: [prod(dims[:axis]), prod(dims[axis:])]", "[flatten]") {
  CHECK(str(flatten_shape({2, 3, 4}, 1)) == "[2, 12]");
  CHECK(str(flatten_shape({2, 3, 4}, 0)) == "[1, 24]");
  CHECK(str(flatten_shape({2, 3, 4}, 3)) == "[24, 1]");
  CHECK(str(flatten_shape({2, 3, 4}, -1)) == "[6, 4]");
  CHECK(str(flatten_shape({2, 3, 4}, -3)) == "[1, 24]");
  CHECK(str(flatten_shape({}, 0)) == "[1, 1]");
  CHECK(str(flatten_shape({2, 0, 4}, 2)) == "[0, 4]");
  const CopyPlan plan = plan_flatten({2, 3, 2}, 2, 4);
  CHECK(str(plan.output_shape) == "[6, 2]");
  CHECK(th::run(plan, th::iota(12)) == th::iota(12));
}

TEST_CASE("flatten: errors", "[flatten]") {
  check_error([] { return flatten_shape({2, 3}, 3); }, ErrorCode::InvalidArgument, "flatten", {"axis"}, {"3", "[-2, 2]"});
  check_error([] { return flatten_shape({2, 3}, -3); }, ErrorCode::InvalidArgument, "flatten", {"axis"}, {"-3"});
  check_error([] { return flatten_shape({int64_t{1} << 30, int64_t{1} << 30, 0}, 2); }, ErrorCode::OutOfMemory, "flatten",
              {"x.shape"}, {"2^53"});
}
