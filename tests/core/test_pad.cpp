// Pad: the examples of docs/operations.md#pad in all five modes, corners of
// several padded axes, negative pads (crops), every error rule, random
// shapes and pads of every mode at every width against the reference, and
// the round trip: padding with the negated pads crops the padding off.
#include "helpers.hpp"
#include "ops/pad/reference.hpp"

#include <limits>

using namespace tensor_ops;
using th::check_error;
using th::str;

namespace {

using V = std::vector<int32_t>;
constexpr PadMode kModes[] = {PadMode::Constant, PadMode::Edge, PadMode::Reflect, PadMode::Symmetric,
                              PadMode::Wrap};
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

V pad_i32(const Shape& in, const th::Ints& pb, const th::Ints& pe, PadMode mode,
          std::optional<uint64_t> value = std::nullopt) {
  return th::run(plan_pad(in, pb, pe, mode, value, 4), th::iota(static_cast<int32_t>(ref::volume(in))));
}

// The value's bits in a `width`-byte element (a random pattern, or none).
std::optional<uint64_t> random_value(th::Rng& rng, PadMode mode, size_t width) {
  if (mode != PadMode::Constant || rng.chance(30)) return std::nullopt;
  const uint64_t bits = rng.engine();
  return width == 8 ? bits : bits & ((uint64_t{1} << (8 * width)) - 1);
}

void check_case(const Shape& in, const th::Ints& pb, const th::Ints& pe, PadMode mode,
                std::optional<uint64_t> value, size_t width, uint64_t seed) {
  const auto gather = ref::pad(in, pb, pe, mode, value);
  REQUIRE(gather);
  th::check_plan(plan_pad(in, pb, pe, mode, value, width), pad_shape(in, pb, pe, mode, value, width), in,
                 *gather, width, seed);
}

}  // namespace

TEST_CASE("pad: the examples of each mode", "[pad]") {
  // [1, 2, 3] padded by 2 on both sides.
  CHECK(pad_i32({3}, {2}, {2}, PadMode::Constant) == V{0, 0, 1, 2, 3, 0, 0});
  CHECK(pad_i32({3}, {2}, {2}, PadMode::Constant, 9) == V{9, 9, 1, 2, 3, 9, 9});
  CHECK(pad_i32({3}, {2}, {2}, PadMode::Edge) == V{1, 1, 1, 2, 3, 3, 3});
  CHECK(pad_i32({3}, {2}, {2}, PadMode::Reflect) == V{3, 2, 1, 2, 3, 2, 1});
  CHECK(pad_i32({3}, {2}, {2}, PadMode::Symmetric) == V{2, 1, 1, 2, 3, 3, 2});
  CHECK(pad_i32({3}, {2}, {2}, PadMode::Wrap) == V{2, 3, 1, 2, 3, 1, 2});
  // wrap: any pad, periodic.
  CHECK(pad_i32({3}, {7}, {5}, PadMode::Wrap) == V{3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2});
  CHECK(pad_i32({2}, {0}, {6}, PadMode::Wrap) == V{1, 2, 1, 2, 1, 2, 1, 2});
  // Negative pads crop: [1..5] cut by 1 at the start, reflected by 2 at the end.
  CHECK(pad_i32({5}, {-1}, {2}, PadMode::Reflect) == V{2, 3, 4, 5, 4, 3});
  CHECK(pad_i32({5}, {-2}, {-1}, PadMode::Constant) == V{3, 4});
  // A crop that reaches into the other side's border: [1, 2, 0, 0] cut by 3.
  CHECK(pad_i32({2}, {-3}, {2}, PadMode::Constant, 7) == V{7});
  CHECK(pad_i32({3}, {-4}, {2}, PadMode::Reflect) == V{1});  // 1 2 3 2 1 cut by 4
  CHECK(pad_i32({3}, {-3}, {0}, PadMode::Edge).empty());
  // 2-D: the corners take both axes' rules.
  //   [[1, 2],      edge (1, 1), (1, 1)      [[1, 1, 2, 2],
  //    [3, 4]]  ->                            [1, 1, 2, 2], [3, 3, 4, 4], [3, 3, 4, 4]]
  CHECK(pad_i32({2, 2}, {1, 1}, {1, 1}, PadMode::Edge) == V{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4});
  CHECK(pad_i32({2, 3}, {1, 0}, {0, 2}, PadMode::Reflect) == V{4, 5, 6, 5, 4, 1, 2, 3, 2, 1, 4, 5, 6, 5, 4});
  CHECK(pad_i32({2, 2}, {1, 1}, {0, 0}, PadMode::Constant, 0) == V{0, 0, 0, 0, 1, 2, 0, 3, 4});
  CHECK(str(pad_shape({1, 3, 224, 224}, {0, 0, 1, 1}, {0, 0, 1, 1}, PadMode::Constant, std::nullopt, 4)) ==
        "[1, 3, 226, 226]");
  // Rank 0: nothing to pad, the element copied.
  CHECK(pad_i32({}, {}, {}, PadMode::Reflect) == V{1});
  CHECK(pad_i32({}, {}, {}, PadMode::Constant, 5) == V{1});
  // An empty input: constant mode fills; a zero pad needs nothing of any mode.
  CHECK(pad_i32({0}, {2}, {1}, PadMode::Constant, 4) == V{4, 4, 4});
  CHECK(str(pad_shape({2, 0}, {1, 0}, {1, 0}, PadMode::Reflect, std::nullopt, 4)) == "[4, 0]");
  CHECK(str(pad_shape({2, 0}, {1, 0}, {1, 0}, PadMode::Wrap, std::nullopt, 4)) == "[4, 0]");
  // One element: edge and wrap repeat it, symmetric once per side; reflect cannot pad it.
  for (PadMode mode : {PadMode::Edge, PadMode::Wrap}) CHECK(pad_i32({1}, {3}, {2}, mode) == V{1, 1, 1, 1, 1, 1});
  CHECK(pad_i32({1}, {1}, {1}, PadMode::Symmetric) == V{1, 1, 1});
  for (size_t w : th::kWidths) {
    for (PadMode mode : kModes) {
      check_case({2, 3, 4}, {1, 2, 0}, {1, 1, 3}, mode, std::nullopt, w, w);
      check_case({3, 1, 4}, {-1, 0, 3}, {2, 0, -2}, mode, std::nullopt, w, w);
    }
    check_case({4, 5}, {1, 2}, {3, 4}, PadMode::Constant, w == 8 ? 0x8000000000000001ull : 1, w, w);
  }
}

TEST_CASE("pad: the fill value's bits are written as given, at every width", "[pad]") {
  CHECK(th::run(plan_pad({1}, {1}, {1}, PadMode::Constant, 0xABu, 1), std::vector<uint8_t>{7}) ==
        std::vector<uint8_t>{0xAB, 7, 0xAB});
  CHECK(th::run(plan_pad({1}, {1}, {0}, PadMode::Constant, 0x7E00u, 2), std::vector<uint16_t>{7}) ==
        std::vector<uint16_t>{0x7E00, 7});
  CHECK(th::run(plan_pad({1}, {0}, {1}, PadMode::Constant, 0xFFFFFFFFu, 4), std::vector<uint32_t>{7}) ==
        std::vector<uint32_t>{7, 0xFFFFFFFFu});
  CHECK(th::run(plan_pad({1}, {1}, {0}, PadMode::Constant, 0xFFF8000000000001ull, 8), std::vector<uint64_t>{7}) ==
        std::vector<uint64_t>{0xFFF8000000000001ull, 7});
}

TEST_CASE("pad: the plan is a fill of the border and copies of pieces", "[pad]") {
  // Constant: one copy of the interior, at most two fills per axis.
  const CopyPlan c = plan_pad({4, 5, 6}, {1, 0, 2}, {1, 3, 0}, PadMode::Constant, std::nullopt, 4);
  CHECK(c.copies.size() == 1);
  CHECK(c.fills.size() == 3);  // axis 0 (1, 1) is one fill over both sides
  // Cropped away entirely: fills only, never a read of the input.
  const CopyPlan f = plan_pad({4, 5}, {-4, 1}, {2, 1}, PadMode::Constant, std::nullopt, 4);
  CHECK(f.copies.empty());
  CHECK(str(f.output_shape) == "[2, 7]");
  // The interior from x, then the borders from the output's interior:
  // mirrored pieces read backwards; edge pieces repeat with stride 0.
  const CopyPlan r = plan_pad({5}, {2}, {3}, PadMode::Reflect, std::nullopt, 4);
  REQUIRE(r.copies.size() == 3);
  CHECK(r.copies[0].source == 0);
  CHECK(r.copies[0].src_strides == th::Ints{1});
  CHECK(r.copies[1].source == kOutputSource);
  CHECK(r.copies[1].src_strides == th::Ints{-1});
  const CopyPlan e = plan_pad({5}, {2}, {0}, PadMode::Edge, std::nullopt, 4);
  REQUIRE(e.copies.size() == 2);
  CHECK(e.copies[1].source == kOutputSource);
  CHECK(e.copies[1].src_strides == th::Ints{0});
  CHECK(e.copies[1].src_offset == 2);  // output index 2 holds x[0]
  // Wrap with pads many times the dim: whole periods as one stride-0 dim.
  const CopyPlan w = plan_pad({3, 2}, {100, 1}, {201, 1}, PadMode::Wrap, std::nullopt, 4);
  CHECK(w.copies.size() <= 9);
  CHECK(str(w.output_shape) == "[304, 4]");
  check_case({3, 2}, {100, 1}, {201, 1}, PadMode::Wrap, std::nullopt, 4, 3);
  check_case({2, 3}, {-50, 9}, {53, -1}, PadMode::Wrap, std::nullopt, 2, 4);
  // Equal pads: both borders of an axis are one copy (a dim of 2 over the sides).
  const Shape in8(8, 2);
  const th::Ints one(8, 1), two(8, 2);
  for (PadMode mode : {PadMode::Symmetric, PadMode::Edge, PadMode::Reflect}) {
    const CopyPlan p = plan_pad(in8, one, one, mode, std::nullopt, 1);
    CHECK(p.copies.size() == 9);  // the interior, then each axis's borders
    check_case(in8, one, one, mode, std::nullopt, 1, 8);
  }
  const CopyPlan pc = plan_pad({3, 4}, {1, 2}, {1, 2}, PadMode::Constant, std::nullopt, 4);
  CHECK(pc.fills.size() == 2);
  CHECK(pc.copies.size() == 1);
  // Rank 8 with every axis padded by different amounts on both sides: the
  // interior and two borders per axis (3^8 = 6561 pieces before, one per
  // combination of the axes' pieces).
  const CopyPlan p8 = plan_pad(in8, one, two, PadMode::Symmetric, std::nullopt, 1);
  CHECK(p8.copies.size() == 17);
  check_case(in8, one, two, PadMode::Symmetric, std::nullopt, 1, 8);
  // A pad that reads what the other side crops away cannot be copied from
  // the output: that axis is cut into its pieces (begin border, interior).
  const CopyPlan cut = plan_pad({4, 3}, {2, 1}, {-3, 1}, PadMode::Reflect, std::nullopt, 2);
  CHECK(str(cut.output_shape) == "[3, 5]");
  CHECK(cut.copies.size() == 2 + 1);  // 2 pieces of axis 0 from x, then both borders of axis 1 in one
  check_case({4, 3}, {2, 1}, {-3, 1}, PadMode::Reflect, std::nullopt, 2, 10);
  check_case({2, 5}, {3, -1}, {-1, 6}, PadMode::Wrap, std::nullopt, 4, 11);
  check_case({2, 1, 3, 1, 2, 1, 2, 3}, {1, 0, 1, 2, 0, 3, 1, 1}, {0, 1, 2, 0, 1, 2, 1, 2}, PadMode::Constant,
             0x55, 1, 9);
}

TEST_CASE("pad: error rules", "[pad][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  const auto mis = ErrorCode::ShapeMismatch;
  const auto none = std::optional<uint64_t>{};
  // Through the runtime: the checks every call makes, then pad's own.
  auto shape_of = [](Shape in, th::Ints pb, th::Ints pe, PadMode mode, std::optional<uint64_t> v = std::nullopt,
                     size_t w = 4) {
    th::Call call("pad", {in});
    call.with("padsBegin", pb).with("padsEnd", pe).with("mode", {static_cast<int64_t>(mode)});
    if (v) call.with("value", {static_cast<int64_t>(*v)});
    return [=] { return call.shape(w); };
  };
  // One pad per axis.
  check_error(shape_of({2, 3}, {1}, {1, 1}, PadMode::Constant), inv, "pad", {"padsBegin"}, {"[1]", "rank 2"});
  check_error(shape_of({2, 3}, {1, 1}, {1, 1, 1}, PadMode::Constant), inv, "pad", {"padsEnd"}, {"[1, 1, 1]"});
  check_error(shape_of({}, {0}, {}, PadMode::Edge), inv, "pad", {"padsBegin"}, {"rank 0"});
  // value only with mode constant, even 0.
  for (PadMode mode : {PadMode::Edge, PadMode::Reflect, PadMode::Symmetric, PadMode::Wrap}) {
    check_error(shape_of({3}, {1}, {1}, mode, 0), inv, "pad", {"value"}, {kPadModeNames[static_cast<int>(mode)]});
  }
  check_error(shape_of({3}, {0}, {0}, PadMode::Wrap, 0), inv, "pad", {"value"}, {"'wrap'"});
  // Bits beyond the element.
  check_error(shape_of({3}, {1}, {1}, PadMode::Constant, 0x100, 1), inv, "pad", {"value"}, {"256"});
  check_error(shape_of({3}, {0}, {0}, PadMode::Constant, 0x10000, 2), inv, "pad", {"value"}, {"65536"});
  // Per-axis conditions on the positive parts.
  check_error(shape_of({2, 3}, {0, 3}, {0, 0}, PadMode::Reflect), mis, "pad", {"padsBegin"}, {"value 3 at index 1"});
  check_error(shape_of({2, 3}, {0, 0}, {2, 0}, PadMode::Reflect), mis, "pad", {"padsEnd"}, {"value 2 at index 0"});
  check_error(shape_of({1}, {1}, {0}, PadMode::Reflect), mis, "pad", {"padsBegin"}, {"at most 0"});
  check_error(shape_of({0}, {1}, {0}, PadMode::Reflect), mis, "pad", {"padsBegin"}, {"size 0"});
  check_error(shape_of({2, 3}, {0, 4}, {0, 0}, PadMode::Symmetric), mis, "pad", {"padsBegin"}, {"value 4"});
  check_error(shape_of({2, 3}, {0, 0}, {3, 0}, PadMode::Symmetric), mis, "pad", {"padsEnd"}, {"value 3"});
  check_error(shape_of({2, 0}, {0, 1}, {0, 0}, PadMode::Edge), mis, "pad", {"padsBegin"}, {"size 0"});
  check_error(shape_of({2, 0}, {0, 0}, {0, 5}, PadMode::Wrap), mis, "pad", {"padsEnd"}, {"size 0"});
  // Crops beyond the axis.
  check_error(shape_of({2, 3}, {0, -2}, {0, -2}, PadMode::Constant), mis, "pad", {"padsBegin"}, {"-2"});
  check_error(shape_of({2, 3}, {-3, 0}, {0, 0}, PadMode::Edge), mis, "pad", {"padsBegin"}, {"-3"});
  check_error(shape_of({3}, {kMin}, {kMin}, PadMode::Constant), mis, "pad", {"padsBegin"}, {"-9223372036854775808"});
  check_error(shape_of({3}, {-2}, {-2}, PadMode::Reflect), mis, "pad", {"padsEnd"}, {"-2"});
  // Too large.
  check_error(shape_of({3}, {kMax}, {1}, PadMode::Constant), inv, "pad", {"padsBegin"}, {"9223372036854775807"});
  check_error(shape_of({3}, {int64_t{1} << 53}, {0}, PadMode::Wrap), inv, "pad", {"padsBegin"}, {"2^53"});
  check_error(shape_of({4, 4}, {int64_t{1} << 40, 0}, {0, int64_t{1} << 40}, PadMode::Constant), inv, "pad",
              {"output shape"}, {"overflows"});
  check_error(shape_of({1, 1}, {(int64_t{1} << 31) - 1, 0}, {0, (int64_t{1} << 31) - 1}, PadMode::Constant, none, 8),
              ErrorCode::OutOfMemory, "pad",
              {"output shape"}, {"does not fit"});
  // More than 3^8 copies: 9 axes whose wrap reads what the other side crops
  // (each cut into 3 pieces from x). Padding 9 axes on both sides is fine.
  check_error(shape_of(Shape(9, 2), th::Ints(9, 3), th::Ints(9, -1), PadMode::Wrap), inv, "pad", {"padsBegin"},
              {"6561"});
  CHECK(plan_pad(Shape(8, 2), th::Ints(8, 3), th::Ints(8, -1), PadMode::Wrap, none, 1).value().copies.size() ==
        6561);  // 3^8, the limit
  // The borders of the axes padded in place count too: 3^8 and two more.
  Shape x9(9, 2);
  th::Ints pb9(9, 3), pe9(9, -1);
  pb9[8] = 1;
  pe9[8] = 1;
  x9[8] = 3;
  check_error(shape_of(x9, pb9, pe9, PadMode::Wrap), inv, "pad", {"padsBegin"}, {"6561"});
  CHECK(pad_shape(Shape(9, 2), th::Ints(9, 1), th::Ints(9, 2), PadMode::Edge, none, 1).ok());
  CHECK(pad_shape(Shape(9, 2), th::Ints(9, 1), th::Ints(9, 1), PadMode::Wrap, none, 1).ok());
  // x.shape and the element width.
  check_error(shape_of({2, -1}, {0, 0}, {0, 0}, PadMode::Constant), inv, "pad", {"x.shape"}, {"-1"});
  check_error([] { return th::Call("pad", {{2}}).with("padsBegin", {1}).with("padsEnd", {1}).plan(3); }, inv, "pad",
              {"element size"}, {"3"});
  // Large pads that cancel out are fine.
  CHECK(str(pad_shape({3}, {kMax}, {-kMax}, PadMode::Constant, none, 4)) == "[3]");
  CHECK(str(pad_shape({3}, {kMax - 2}, {-kMax}, PadMode::Edge, none, 4)) == "[1]");
  CHECK(pad_i32({3}, {kMin + 1}, {kMax}, PadMode::Wrap) == V{2, 3, 1});  // u = o + 2^63 - 1, and 2^63 - 1 mod 3 = 1
  CHECK(pad_i32({3}, {kMax}, {-kMax}, PadMode::Constant, 6) == V{6, 6, 6});
  CHECK(pad_i32({3}, {-kMax}, {kMax}, PadMode::Edge) == V{3, 3, 3});
  // Found by fuzz_pad (UndefinedBehaviorSanitizer): an interior cropped
  // away entirely by -2^63 had its source index computed anyway, 0 - -2^63.
  CHECK(pad_i32({3}, {kMin}, {kMax}, PadMode::Edge) == V{3, 3});
  CHECK(pad_i32({3}, {kMax}, {kMin}, PadMode::Edge) == V{1, 1});
}

TEST_CASE("pad: random shapes and pads of every mode agree with the reference", "[pad]") {
  th::Rng rng(20261206);
  int checked = 0;
  for (int i = 0; i < 1500; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(0, 5));
    const Shape in = th::random_shape(rng, rank, 6, 400);
    const PadMode mode = kModes[i % 5];
    th::Ints pb(rank), pe(rank);
    for (size_t k = 0; k < rank; ++k) {
      pb[k] = rng.uniform(-3, 4);
      pe[k] = rng.uniform(-3, 4);
      if (mode == PadMode::Wrap && rng.chance(15)) pb[k] = rng.uniform(0, 20);
    }
    const size_t w = th::kWidths[static_cast<size_t>(i / 5) % 4];
    const std::optional<uint64_t> value = random_value(rng, mode, w);
    INFO("x.shape " << str(in) << " padsBegin " << str(pb) << " padsEnd " << str(pe) << " mode "
                    << kPadModeNames[static_cast<int>(mode)]);
    const auto gather = ref::pad(in, pb, pe, mode, value);
    const auto shape = pad_shape(in, pb, pe, mode, value, w);
    const auto plan = plan_pad(in, pb, pe, mode, value, w);
    REQUIRE(shape.ok() == gather.has_value());
    REQUIRE(plan.ok() == gather.has_value());
    if (!gather) {
      CHECK(shape.status().code() == ErrorCode::ShapeMismatch);
      CHECK(plan.status().message() == shape.status().message());
      continue;
    }
    ++checked;
    th::check_plan(plan, shape, in, *gather, w, static_cast<uint64_t>(i));
    CHECK(plan.value().copies.size() <= 243);  // 3^5
  }
  CHECK(checked > 800);
}

TEST_CASE("pad: padding with the negated pads crops the padding off", "[pad]") {
  th::Rng rng(6);
  for (int i = 0; i < 400; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(1, 4));
    const Shape in = th::random_shape(rng, rank, 5, 300);
    const PadMode mode = kModes[i % 5];
    th::Ints pb(rank), pe(rank), nb(rank), ne(rank);
    for (size_t k = 0; k < rank; ++k) {
      const int64_t most = mode == PadMode::Reflect ? in[k] - 1 : mode == PadMode::Symmetric || in[k] == 0 ? in[k] : 7;
      pb[k] = rng.uniform(0, std::max<int64_t>(most, 0));
      pe[k] = rng.uniform(0, std::max<int64_t>(most, 0));
      if (mode == PadMode::Constant) {
        pb[k] = rng.uniform(0, 3);
        pe[k] = rng.uniform(0, 3);
      }
      nb[k] = -pb[k];
      ne[k] = -pe[k];
    }
    INFO("x.shape " << str(in) << " padsBegin " << str(pb) << " padsEnd " << str(pe));
    const size_t w = th::kWidths[static_cast<size_t>(i) % 4];
    const auto padded = ref::pad(in, pb, pe, mode, std::nullopt);
    REQUIRE(padded);
    // The reference: cropping the padded tensor gives every input element back in order.
    const auto back = ref::pad(padded->shape, nb, ne, PadMode::Constant, std::nullopt);
    REQUIRE(back);
    std::vector<int64_t> composed;
    for (int64_t j : back->from) composed.push_back(padded->from[static_cast<size_t>(j)]);
    std::vector<int64_t> identity(static_cast<size_t>(ref::volume(in)));
    for (size_t j = 0; j < identity.size(); ++j) identity[j] = static_cast<int64_t>(j);
    CHECK(composed == identity);
    // The core: pad, then pad the result with the negated pads (any mode: crops have no conditions).
    const CopyPlan forward = plan_pad(in, pb, pe, mode, std::nullopt, w);
    const CopyPlan crop = plan_pad(forward.output_shape, nb, ne, kModes[(i / 5) % 5], std::nullopt, w);
    CHECK(str(crop.output_shape) == str(in));
    std::vector<uint8_t> x(identity.size() * w + 1), y(static_cast<size_t>(ref::volume(forward.output_shape)) * w + 1),
        z(x.size());
    for (size_t b = 0; b < x.size(); ++b) x[b] = static_cast<uint8_t>(rng.engine());
    execute(forward, x.data(), y.data());
    execute(crop, y.data(), z.data());
    CHECK(std::equal(x.begin(), x.end() - 1, z.begin()));
  }
}
