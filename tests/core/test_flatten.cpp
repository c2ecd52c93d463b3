// flatten (ONNX Flatten-13): the rules of docs/operations/flatten.md and
// every error they name.
#include "helpers.hpp"
#include "operations/flatten.hpp"
#include "ops/flatten/reference.hpp"

using namespace tensor_ops;
using th::check_error;
using th::str;

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
