// Property tests: random valid and invalid parameters for every op, compared
// with the naive reference. Fixed seeds, the same cases natively and in wasm;
// a failure prints its case number and seed.
#include "helpers.hpp"
#include "ops/reshape/reference.hpp"
#include "ops/broadcast/reference.hpp"
#include "ops/space_to_depth/reference.hpp"
#include "ops/depth_to_space/reference.hpp"
#include "ops/roll/reference.hpp"

#include <functional>
#include <limits>
#include <sstream>

using namespace tensor_ops;
using th::Ints;
using th::Rng;
using th::str;

namespace {

constexpr int kCases = 800;  // per op; about 15% are made invalid on purpose
constexpr int kMinValid = 500;  // valid cases each op must have checked
constexpr uint64_t kSeed = 20240601;

// Runs one case: when the reference accepts the parameters, the plan must
// match it for `width`; otherwise the shape function and the plan must both
// return an error, with the same code and message.
bool run_case(const std::optional<ref::Gather>& gather, const Shape& input, size_t width,
              uint64_t seed, const std::function<Result<Shape>()>& shape_fn,
              const std::function<Result<CopyPlan>(size_t)>& plan_fn) {
  if (gather) {
    const Result<Shape> shape_result = shape_fn();
    const Result<CopyPlan> plan_result = plan_fn(width);
    REQUIRE(th::outcome([&] { return shape_result; }).rfind("ok ", 0) == 0);
    REQUIRE(th::outcome([&] { return plan_result; }).rfind("ok ", 0) == 0);
    const Shape& shape = shape_result.value();
    const CopyPlan& plan = plan_result.value();
    REQUIRE(str(plan.output_shape) == str(gather->shape));
    REQUIRE(str(shape) == str(gather->shape));
    REQUIRE(plan.elem_size == width);
    REQUIRE(th::run_and_compare(plan, input, *gather, seed) == "");
    return true;
  }
  const std::string shape_error = th::outcome(shape_fn);
  const std::string plan_error = th::outcome([&] { return plan_fn(width); });
  REQUIRE(shape_error.rfind("ok ", 0) != 0);
  REQUIRE(plan_error == shape_error);
  return false;
}

// ---- reshape ----

// Splits `vol` into `rank` factors at random (vol 0: one dim is 0).
Shape random_factors(Rng& rng, int64_t vol, size_t rank) {
  Shape s(rank, 1);
  if (rank == 0) return s;
  if (vol == 0) {
    for (int64_t& d : s) d = rng.uniform(0, 4);
    s[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(rank) - 1))] = 0;
    return s;
  }
  for (int64_t p = 2; vol > 1; ++p) {
    while (vol % p == 0) {
      s[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(rank) - 1))] *= p;
      vol /= p;
    }
  }
  return s;
}

TEST_CASE("properties: reshape", "[properties][reshape]") {
  int valid = 0;
  for (int i = 0; i < kCases; ++i) {
    const uint64_t seed = kSeed + static_cast<uint64_t>(i);
    Rng rng(seed);
    const Shape in = th::random_shape(rng, static_cast<size_t>(rng.uniform(0, 6)), 7);
    Shape out = random_factors(rng, ref::volume(in), static_cast<size_t>(rng.uniform(0, 6)));
    const bool special_zero = rng.chance(50);
    Ints shape(out.begin(), out.end());
    if (special_zero) {  // copy some dims that already match, and they must: 0 now means copy
      for (size_t k = 0; k < shape.size(); ++k) {
        if (k < in.size() && shape[k] == in[k] && rng.chance(50)) shape[k] = 0;
      }
    }
    if (!shape.empty() && rng.chance(50)) {
      shape[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(shape.size()) - 1))] = -1;
    }
    if (rng.chance(15)) {  // break it (or not: the reference decides)
      const int64_t kind = rng.uniform(0, 2);
      if (kind == 0 && !shape.empty()) {
        shape[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(shape.size()) - 1))] =
            rng.uniform(-3, 8);
      } else if (kind == 1) {
        shape.push_back(-1);
      } else {
        shape.push_back(0);
      }
    }
    const size_t w = th::kWidths[i % 4];
    INFO("case " << i << " seed " << seed << ": x.shape " << str(in) << " shape " << str(shape)
                 << " specialZero " << special_zero << " width " << w);
    valid += run_case(
        ref::reshape(in, shape, special_zero), in, w, seed,
        [&] { return reshape_shape(in, shape, special_zero); },
        [&](size_t width) { return plan_reshape(in, shape, special_zero, width); });
  }
  CHECK(valid >= kMinValid);
}

// ---- broadcast ----

TEST_CASE("properties: broadcast", "[properties][broadcast]") {
  int valid = 0;
  const BroadcastMode modes[] = {BroadcastMode::Numpy, BroadcastMode::Bidirectional,
                                 BroadcastMode::Explicit};
  for (int i = 0; i < kCases; ++i) {
    const uint64_t seed = kSeed + 1000000 + static_cast<uint64_t>(i);
    Rng rng(seed);
    const BroadcastMode mode = modes[rng.uniform(0, 2)];
    // The output, then data and target shapes carved out of it.
    const Shape o = th::random_shape(rng, static_cast<size_t>(rng.uniform(0, 6)), 5, 2000);
    const auto r = static_cast<int64_t>(o.size());
    Shape in;
    Ints target(o.begin(), o.end());
    std::optional<Ints> axes;
    if (mode == BroadcastMode::Explicit) {
      axes.emplace();
      for (int64_t k = 0; k < r; ++k) {
        if (rng.chance(50)) {
          axes->push_back(k);
          in.push_back(rng.chance(30) ? 1 : o[static_cast<size_t>(k)]);
        }
      }
      if (in.empty() && r > 0 && rng.chance(30)) axes = Ints{rng.uniform(0, r - 1)};  // scalar
    } else {
      const int64_t in_rank = rng.uniform(0, r);
      for (int64_t k = r - in_rank; k < r; ++k) {
        in.push_back(rng.chance(30) ? 1 : o[static_cast<size_t>(k)]);
      }
      if (mode == BroadcastMode::Bidirectional) {
        target.erase(target.begin(), target.begin() + rng.uniform(0, r));
        for (int64_t& t : target) t = rng.chance(30) ? 1 : t;
      }
    }
    if (rng.chance(15)) {  // break it (or not: the reference decides)
      const int64_t kind = rng.uniform(0, 3);
      if (kind == 0 && !in.empty()) {
        in[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(in.size()) - 1))] += 1;
      } else if (kind == 1 && !target.empty()) {
        target[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(target.size()) - 1))] =
            rng.uniform(-2, 6);
      } else if (kind == 2) {
        axes = axes ? std::nullopt : std::optional<Ints>(Ints{0});
      } else if (axes && !axes->empty()) {
        (*axes)[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(axes->size()) - 1))] =
            rng.uniform(-1, r);
      }
    }
    const size_t w = th::kWidths[i % 4];
    INFO("case " << i << " seed " << seed << ": x.shape " << str(in) << " targetShape "
                 << str(target) << " mode " << static_cast<int>(mode) << " axesMapping "
                 << (axes ? str(*axes) : "none") << " width " << w);
    valid += run_case(
        ref::broadcast(in, target, mode, axes), in, w, seed,
        [&] { return broadcast_shape(in, target, mode, axes); },
        [&](size_t width) { return plan_broadcast(in, target, mode, axes, width); });
  }
  CHECK(valid >= kMinValid);
}

// ---- spaceToDepth / depthToSpace ----

struct BlockCase {
  Shape space;  // a valid space-layout shape for b
  int64_t b = 1;
  DataFormat format = DataFormat::NHWC;
  BlockMode mode = BlockMode::BlocksFirst;
};

BlockCase random_block_case(Rng& rng) {
  BlockCase c;
  c.format = static_cast<DataFormat>(rng.uniform(0, 2));
  c.mode = rng.chance(50) ? BlockMode::BlocksFirst : BlockMode::DepthFirst;
  c.b = rng.chance(90) ? rng.uniform(1, 3) : 4;
  const size_t k = c.format == DataFormat::NCHW ? static_cast<size_t>(rng.uniform(1, 4)) : 2;
  Shape blocks(k);  // spatial dims in blocks: 0 to 3, rarely 0
  for (int64_t& m : blocks) m = rng.chance(5) ? 0 : rng.uniform(1, 3);
  const int64_t n = rng.chance(5) ? 0 : rng.uniform(1, 2);
  const int64_t ch = rng.chance(5) ? 0 : rng.uniform(1, 3);  // C, or C/4 for NCHW_VECT_C
  auto build = [&] {
    Shape s;
    for (int64_t m : blocks) s.push_back(m * c.b);
    if (c.format == DataFormat::NHWC) return Shape{n, s[0], s[1], ch};
    if (c.format == DataFormat::NCHW_VECT_C) return Shape{n, ch, s[0], s[1], 4};
    s.insert(s.begin(), {n, ch});
    return s;
  };
  for (c.space = build(); ref::volume(c.space) > 3000; c.space = build()) {
    size_t big = 0;
    for (size_t j = 1; j < k; ++j) big = blocks[j] > blocks[big] ? j : big;
    blocks[big] -= 1;
  }
  return c;
}

// Makes an input shape or block size invalid in one of the ways docs/operations.md#spacetodepth lists
// (or, by chance, keeps it valid: the reference decides).
void break_block_case(Rng& rng, Shape& x, int64_t& b) {
  const int64_t kind = rng.uniform(0, 3);
  if (kind == 0) {
    b = rng.uniform(-2, 0);
  } else if (kind == 1) {
    x[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(x.size()) - 1))] += 1;
  } else if (kind == 2) {
    x.push_back(rng.uniform(1, 4));
  } else {
    x.pop_back();
  }
}

std::string describe(const Shape& x, int64_t b, DataFormat f, BlockMode m) {
  std::ostringstream s;
  s << "x.shape " << str(x) << " blockSize " << b << " format " << static_cast<int>(f)
    << " mode " << static_cast<int>(m);
  return s.str();
}

TEST_CASE("properties: spaceToDepth", "[properties][spaceToDepth]") {
  int valid = 0;
  for (int i = 0; i < kCases; ++i) {
    const uint64_t seed = kSeed + 2000000 + static_cast<uint64_t>(i);
    Rng rng(seed);
    BlockCase c = random_block_case(rng);
    if (rng.chance(15)) break_block_case(rng, c.space, c.b);
    const size_t w = th::kWidths[i % 4];
    INFO("case " << i << " seed " << seed << ": " << describe(c.space, c.b, c.format, c.mode)
                 << " width " << w);
    valid += run_case(
        ref::space_to_depth(c.space, c.b, c.format, c.mode), c.space, w, seed,
        [&] { return space_to_depth_shape(c.space, c.b, c.format); },
        [&](size_t width) { return plan_space_to_depth(c.space, c.b, c.format, c.mode, width); });
  }
  CHECK(valid >= kMinValid);
}

TEST_CASE("properties: depthToSpace", "[properties][depthToSpace]") {
  int valid = 0;
  for (int i = 0; i < kCases; ++i) {
    const uint64_t seed = kSeed + 3000000 + static_cast<uint64_t>(i);
    Rng rng(seed);
    BlockCase c = random_block_case(rng);
    Shape x = ref::space_to_depth(c.space, c.b, c.format, c.mode)->shape;
    if (rng.chance(15)) {
      if (rng.chance(50)) {  // a random depth: divisible or not
        x[c.format == DataFormat::NHWC ? 3 : 1] = rng.uniform(0, 40);
      } else {
        break_block_case(rng, x, c.b);
      }
    }
    const size_t w = th::kWidths[i % 4];
    INFO("case " << i << " seed " << seed << ": " << describe(x, c.b, c.format, c.mode)
                 << " width " << w);
    valid += run_case(
        ref::depth_to_space(x, c.b, c.format, c.mode), x, w, seed,
        [&] { return depth_to_space_shape(x, c.b, c.format); },
        [&](size_t width) { return plan_depth_to_space(x, c.b, c.format, c.mode, width); });
  }
  CHECK(valid >= kMinValid);
}

// ---- roll ----

int64_t random_shift(Rng& rng) {
  const int64_t kind = rng.uniform(0, 9);
  if (kind == 0) return std::numeric_limits<int64_t>::max() - rng.uniform(0, 3);
  if (kind == 1) return std::numeric_limits<int64_t>::min() + rng.uniform(0, 3);
  return rng.uniform(-20, 20);
}

TEST_CASE("properties: roll", "[properties][roll]") {
  int valid = 0;
  for (int i = 0; i < kCases; ++i) {
    const uint64_t seed = kSeed + 4000000 + static_cast<uint64_t>(i);
    Rng rng(seed);
    const Shape in = th::random_shape(rng, static_cast<size_t>(rng.uniform(1, 6)), 7);
    const auto rank = static_cast<int64_t>(in.size());
    Ints axes(static_cast<size_t>(rng.uniform(0, 4)));
    for (int64_t& a : axes) a = rng.uniform(-rank, rank - 1);
    Ints shift(rng.chance(30) ? 1 : axes.size());
    for (int64_t& s : shift) s = random_shift(rng);
    Shape x = in;
    if (rng.chance(15)) {
      const int64_t kind = rng.uniform(0, 2);
      if (kind == 0) {
        axes.push_back(rng.chance(50) ? rank + rng.uniform(0, 2) : -rank - rng.uniform(1, 3));
        shift.push_back(1);
      } else if (kind == 1) {
        shift.push_back(random_shift(rng));
      } else {
        x.clear();  // a scalar
      }
    }
    const size_t w = th::kWidths[i % 4];
    INFO("case " << i << " seed " << seed << ": x.shape " << str(x) << " shift " << str(shift)
                 << " axes " << str(axes) << " width " << w);
    valid += run_case(
        ref::roll(x, shift, axes), x, w, seed, [&] { return roll_shape(x, shift, axes); },
        [&](size_t width) { return plan_roll(x, shift, axes, width); });
  }
  CHECK(valid >= kMinValid);
}

// ---- garbage parameters: an Error or a plan, as the shape function says ----

int64_t garbage(Rng& rng) {
  static const Ints values = {
      std::numeric_limits<int64_t>::min(), -(int64_t{1} << 53) - 1, -2, -1, 0, 1, 2, 3, 4, 7,
      int64_t{1} << 31, int64_t{1} << 53, (int64_t{1} << 53) + 1, int64_t{1} << 62,
      std::numeric_limits<int64_t>::max()};
  return rng.pick(values);
}

Ints garbage_list(Rng& rng) {
  Ints v(static_cast<size_t>(rng.uniform(0, 8)));
  for (int64_t& x : v) x = garbage(rng);
  return v;
}

// A shape function throws what the plan throws; when it returns a shape, the
// plan returns the same one or (its byte size depending on the element
// width) OUT_OF_MEMORY.
void check_agree(const std::string& shape_outcome, const std::string& plan_outcome) {
  if (shape_outcome.rfind("ok ", 0) == 0 && plan_outcome.rfind("OUT_OF_MEMORY ", 0) == 0) return;
  CHECK(plan_outcome == shape_outcome);
}

TEST_CASE("properties: garbage parameters never crash; shape functions agree",
          "[properties][errors]") {
  for (int i = 0; i < 3000; ++i) {
    const uint64_t seed = kSeed + 5000000 + static_cast<uint64_t>(i);
    Rng rng(seed);
    const Ints x = garbage_list(rng), p = garbage_list(rng), q = garbage_list(rng);
    const int64_t b = garbage(rng);
    const size_t w = th::kWidths[i % 4];
    const auto format = static_cast<DataFormat>(i % 3);
    const auto mode = static_cast<BlockMode>((i / 3) % 2);
    const auto bmode = static_cast<BroadcastMode>(i % 3);
    const std::optional<Ints> axes = rng.chance(50) ? std::optional<Ints>(q) : std::nullopt;
    const bool sz = i % 2 == 0;
    INFO("case " << i << " seed " << seed << ": x " << str(x) << " p " << str(p) << " q "
                 << str(q) << " b " << b << " width " << w);
    // Through the runtime, as the package calls: garbage shapes and element
    // widths meet the checks every call makes first (runtime/op_call.hpp).
    auto agree = [&](th::Call call) {
      check_agree(th::outcome([&] { return call.shape(w); }), th::outcome([&] { return call.plan(w); }));
    };
    th::Call broadcast("broadcast", {x});
    broadcast.with("targetShape", p).with("mode", {static_cast<int64_t>(bmode)});
    if (axes) broadcast.with("axesMapping", *axes);
    agree(th::Call("reshape", {x}).with("shape", p).with("specialZero", {sz ? 1 : 0}));
    agree(broadcast);
    for (const char* op : {"spaceToDepth", "depthToSpace"}) {
      agree(th::Call(op, {x}).with("blockSize", {b}).with("dataFormat", {static_cast<int64_t>(format)})
                .with("mode", {static_cast<int64_t>(mode)}));
    }
    agree(th::Call("roll", {x}).with("shift", p).with("axes", q));
  }
}

}  // namespace
