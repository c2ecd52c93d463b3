// unsqueeze (ONNX Unsqueeze-13): the rules of docs/operations/unsqueeze.md
// and every error they name.
#include "helpers.hpp"
#include "operations/unsqueeze.hpp"
#include "ops/unsqueeze/reference.hpp"

using namespace tensor_ops;
using th::check_error;
using th::str;

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
  check_error([] { return th::Call("unsqueeze", {{-1}}).with("axes", {0}).shape(); }, ErrorCode::InvalidArgument,
              "unsqueeze", {"x.shape"}, {"-1"});
}
