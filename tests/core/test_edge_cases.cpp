// Edge cases: empty tensors, scalars and rank 8, for every op.
#include "helpers.hpp"
#include "ops/reshape/reference.hpp"
#include "ops/broadcast/reference.hpp"
#include "ops/space_to_depth/reference.hpp"
#include "ops/depth_to_space/reference.hpp"
#include "ops/roll/reference.hpp"

#include <functional>

using namespace tensor_ops;
using th::NHWC, th::NCHW, th::VECT, th::BF, th::DF;
using th::Ints;
using th::str;

namespace {


// Checks an op for every width against the reference and a literal shape.
template <class ShapeFn, class PlanFn>
void check_op(const Shape& in, const std::optional<ref::Gather>& gather, ShapeFn shape_fn,
              PlanFn plan_fn, const char* expected_shape) {
  INFO("x.shape " << str(in));
  REQUIRE(gather);
  CHECK(str(gather->shape) == expected_shape);
  for (size_t w : th::kWidths) th::check_plan(plan_fn(w), shape_fn(), in, *gather, w);
}

void reshape_case(const Shape& in, const Ints& shape, bool sz, const char* expected) {
  check_op(
      in, ref::reshape(in, shape, sz), [&] { return reshape_shape(in, shape, sz); },
      [&](size_t w) { return plan_reshape(in, shape, sz, w); }, expected);
}

void broadcast_case(const Shape& in, const Ints& target, BroadcastMode mode,
                    const std::optional<Ints>& axes, const char* expected) {
  check_op(
      in, ref::broadcast(in, target, mode, axes),
      [&] { return broadcast_shape(in, target, mode, axes); },
      [&](size_t w) { return plan_broadcast(in, target, mode, axes, w); }, expected);
}

void s2d_case(const Shape& in, int64_t b, DataFormat f, BlockMode m, const char* expected) {
  check_op(
      in, ref::space_to_depth(in, b, f, m), [&] { return space_to_depth_shape(in, b, f); },
      [&](size_t w) { return plan_space_to_depth(in, b, f, m, w); }, expected);
}

void d2s_case(const Shape& in, int64_t b, DataFormat f, BlockMode m, const char* expected) {
  check_op(
      in, ref::depth_to_space(in, b, f, m), [&] { return depth_to_space_shape(in, b, f); },
      [&](size_t w) { return plan_depth_to_space(in, b, f, m, w); }, expected);
}

void roll_case(const Shape& in, const Ints& shift, const Ints& axes, const char* expected) {
  check_op(
      in, ref::roll(in, shift, axes), [&] { return roll_shape(in, shift, axes); },
      [&](size_t w) { return plan_roll(in, shift, axes, w); }, expected);
}

}  // namespace

TEST_CASE("edge: empty tensors give empty outputs of the right shape", "[edge]") {
  reshape_case({3, 0}, {0, 5}, false, "[0, 5]");
  reshape_case({2, 0, 3}, {0, -1}, true, "[2, 0]");
  reshape_case({0}, {2, 0, 7}, false, "[2, 0, 7]");
  broadcast_case({0, 3}, {2, 0, 3}, BroadcastMode::Numpy, std::nullopt, "[2, 0, 3]");
  broadcast_case({1}, {4, 0}, BroadcastMode::Numpy, std::nullopt, "[4, 0]");
  broadcast_case({0, 1}, {5}, BroadcastMode::Bidirectional, std::nullopt, "[0, 5]");
  broadcast_case({0}, {0, 2}, BroadcastMode::Explicit, Ints{0}, "[0, 2]");
  broadcast_case({}, {3, 0}, BroadcastMode::Numpy, std::nullopt, "[3, 0]");
  for (BlockMode m : {BF, DF}) {
    s2d_case({0, 2, 2, 3}, 2, NHWC, m, "[0, 1, 1, 12]");
    s2d_case({1, 0, 4, 1}, 2, NHWC, m, "[1, 0, 2, 4]");
    s2d_case({1, 0, 2, 2}, 2, NCHW, m, "[1, 0, 1, 1]");
    s2d_case({1, 2, 0, 3, 3}, 3, NCHW, m, "[1, 54, 0, 1, 1]");
    s2d_case({1, 0, 2, 2, 4}, 2, VECT, m, "[1, 0, 1, 1, 4]");
    d2s_case({0, 1, 1, 4}, 2, NHWC, m, "[0, 2, 2, 1]");
    d2s_case({1, 0, 0, 8}, 2, NHWC, m, "[1, 0, 0, 2]");
    d2s_case({1, 0, 3}, 2, NCHW, m, "[1, 0, 6]");
    d2s_case({2, 0, 1, 1, 4}, 2, VECT, m, "[2, 0, 2, 2, 4]");
  }
  roll_case({0, 3}, {2}, {0, 1}, "[0, 3]");
  roll_case({4, 0}, {1, -5}, {1, 0}, "[4, 0]");
  roll_case({0}, {3}, {0}, "[0]");
}

TEST_CASE("edge: scalars", "[edge]") {
  reshape_case({}, {1, 1}, false, "[1, 1]");
  reshape_case({1, 1}, {}, false, "[]");
  reshape_case({}, {}, true, "[]");
  reshape_case({}, {-1, 1}, false, "[1, 1]");
  CHECK(th::run(plan_reshape({}, {1, 1}, false, 4), std::vector<int32_t>{42}) ==
        std::vector<int32_t>{42});
  broadcast_case({}, {2, 3}, BroadcastMode::Numpy, std::nullopt, "[2, 3]");
  broadcast_case({}, {}, BroadcastMode::Numpy, std::nullopt, "[]");
  broadcast_case({}, {2}, BroadcastMode::Bidirectional, std::nullopt, "[2]");
  broadcast_case({}, {2, 2}, BroadcastMode::Explicit, Ints{}, "[2, 2]");
  broadcast_case({}, {2, 2}, BroadcastMode::Explicit, Ints{1}, "[2, 2]");
  broadcast_case({1, 1}, {}, BroadcastMode::Bidirectional, std::nullopt, "[1, 1]");
  CHECK(th::run(plan_broadcast({}, {2, 2}, BroadcastMode::Numpy, std::nullopt, 4),
                std::vector<int32_t>{7}) == std::vector<int32_t>(4, 7));
  th::check_error([] { return roll_shape({}, {1}, {0}); }, ErrorCode::InvalidArgument, "roll",
                  {"x.shape"}, {"[]", "rank 0", "scalar"});
  th::check_error([] { return plan_roll({}, {1}, {}, 2); }, ErrorCode::InvalidArgument, "roll",
                  {"x.shape"}, {"[]", "rank 0", "scalar"});
  // Block ops have fixed or minimum ranks: a scalar is INVALID_ARGUMENT.
  th::check_error([] { return space_to_depth_shape({}, 1, NCHW); }, ErrorCode::InvalidArgument,
                  "spaceToDepth", {"x.shape", "dataFormat"}, {"[]"});
  th::check_error([] { return depth_to_space_shape({}, 1, NHWC); }, ErrorCode::InvalidArgument,
                  "depthToSpace", {"x.shape", "dataFormat"}, {"[]"});
}

TEST_CASE("edge: rank 8 for every op", "[edge]") {
  const Shape x8 = {2, 1, 2, 3, 1, 2, 2, 2};
  roll_case(x8, {1, -1, 5, 2}, {0, 3, -1, -3}, "[2, 1, 2, 3, 1, 2, 2, 2]");
  roll_case(x8, {3}, {0, 1, 2, 3, 4, 5, 6, 7}, "[2, 1, 2, 3, 1, 2, 2, 2]");
  reshape_case(x8, {0, 0, 0, -1, 1, 1, 2, 2}, true, "[2, 1, 2, 6, 1, 1, 2, 2]");
  reshape_case({96}, {2, 1, 2, 3, 1, 2, 2, 2}, false, "[2, 1, 2, 3, 1, 2, 2, 2]");
  reshape_case(x8, {4, 24}, false, "[4, 24]");
  broadcast_case({2, 1, 3}, {2, 1, 2, 2, 1, 2, 2, 3}, BroadcastMode::Numpy, std::nullopt,
                 "[2, 1, 2, 2, 1, 2, 2, 3]");
  broadcast_case({3, 1, 1, 1, 1, 1, 1, 2}, {1, 2, 1, 2, 1, 2, 1}, BroadcastMode::Bidirectional,
                 std::nullopt, "[3, 1, 2, 1, 2, 1, 2, 2]");
  broadcast_case({3, 2}, {2, 3, 1, 1, 2, 1, 2, 1}, BroadcastMode::Explicit, Ints{1, 4},
                 "[2, 3, 1, 1, 2, 1, 2, 1]");
  // NCHW with 6 spatial dims: depth C * b^6.
  for (BlockMode m : {BF, DF}) {
    s2d_case({1, 2, 2, 2, 2, 2, 2, 2}, 2, NCHW, m, "[1, 128, 1, 1, 1, 1, 1, 1]");
    s2d_case({2, 1, 4, 2, 2, 2, 2, 2}, 2, NCHW, m, "[2, 64, 2, 1, 1, 1, 1, 1]");
    d2s_case({1, 128, 1, 1, 1, 1, 1, 1}, 2, NCHW, m, "[1, 2, 2, 2, 2, 2, 2, 2]");
    d2s_case({2, 64, 1, 2, 1, 1, 1, 1}, 2, NCHW, m, "[2, 1, 2, 4, 2, 2, 2, 2]");
  }
}

TEST_CASE("edge: huge empty outputs: shape functions throw what plans throw", "[edge]") {
  // Empty outputs whose other dims multiply past int64. Whatever the core
  // decides (an empty result, or an error), ops.shapes.* must throw
  // exactly what the operation throws; the element width plays no part here.
  const int64_t p5 = 32, p10 = 1024, p20 = int64_t{1} << 20, p30 = int64_t{1} << 30;
  const int64_t p32 = int64_t{1} << 32, p40 = int64_t{1} << 40;
  const auto B = BroadcastMode::Bidirectional;
  struct Case {
    const char* what;
    std::function<Result<Shape>()> shape_fn;
    std::function<Result<CopyPlan>()> plan_fn;
  };
  const std::vector<Case> cases = {
      {"reshape [0] to [2^40, 2^40, 0]", [&] { return reshape_shape({0}, {p40, p40, 0}, false); },
       [&] { return plan_reshape({0}, {p40, p40, 0}, false, 1); }},
      {"broadcast [1] to [2^40, 0, 2^40]",
       [&] { return broadcast_shape({1}, {p40, 0, p40}, BroadcastMode::Numpy); },
       [&] { return plan_broadcast({1}, {p40, 0, p40}, BroadcastMode::Numpy, {}, 1); }},
      {"broadcast [2^32, 0, 1] with [1, 0, 2^32]",
       [&] { return broadcast_shape({p32, 0, 1}, {1, 0, p32}, B); },
       [&] { return plan_broadcast({p32, 0, 1}, {1, 0, p32}, B, {}, 1); }},
      {"spaceToDepth NHWC [2^20, 0, 2^20, 2^20] by 2^10",
       [&] { return space_to_depth_shape({p20, 0, p20, p20}, p10, NHWC); },
       [&] { return plan_space_to_depth({p20, 0, p20, p20}, p10, NHWC, BF, 1); }},
      {"depthToSpace NHWC [0, 2^30, 2^30, 0] by 2^20",
       [&] { return depth_to_space_shape({0, p30, p30, 0}, p20, NHWC); },
       [&] { return plan_depth_to_space({0, p30, p30, 0}, p20, NHWC, BF, 1); }},
      {"depthToSpace NCHW [1, 0, 2^20, 2^20, 2^20, 1, 1, 1] by 2^5",
       [&] { return depth_to_space_shape({1, 0, p20, p20, p20, 1, 1, 1}, p5, NCHW); },
       [&] { return plan_depth_to_space({1, 0, p20, p20, p20, 1, 1, 1}, p5, NCHW, DF, 1); }},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    const std::string plan_outcome = th::outcome([&] {
      const Result<CopyPlan> plan = c.plan_fn();
      if (plan.ok()) {
        uint64_t src = 0, dst = 0;  // an empty output reads and writes nothing
        execute(plan.value(), &src, &dst);
      }
      return plan;
    });
    CHECK(th::outcome(c.shape_fn) == plan_outcome);
  }
}
