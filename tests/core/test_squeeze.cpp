// squeeze (ONNX Squeeze-13, numpy.squeeze): the rules of
// docs/operations/squeeze.md and every error they name.
#include "helpers.hpp"
#include "operations/squeeze.hpp"
#include "ops/squeeze/reference.hpp"

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
