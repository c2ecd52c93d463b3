// Round trips through the core alone: depthToSpace(spaceToDepth(x)) == x,
// roll by s then by -s, broadcast then slicing index 0 back out, and
// slicing the input back out of its padding.
#include "helpers.hpp"
#include "ops/broadcast/reference.hpp"
#include "ops/space_to_depth/reference.hpp"
#include "ops/depth_to_space/reference.hpp"
#include "ops/roll/reference.hpp"
#include "ops/slice/reference.hpp"
#include "ops/pad/reference.hpp"

using namespace tensor_ops;
using th::Ints;
using th::Rng;
using th::str;

namespace {

// Random bytes for `count` elements of `width` bytes, 8-byte aligned.
std::vector<uint64_t> random_words(Rng& rng, int64_t count, size_t width) {
  std::vector<uint64_t> words(static_cast<size_t>(count) * width / 8 + 1);
  for (uint64_t& v : words) v = rng.engine();
  return words;
}

bool same_bytes(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b, int64_t count,
                size_t width) {
  return std::memcmp(a.data(), b.data(), static_cast<size_t>(count) * width) == 0;
}

// Runs `first` then `second` on random data and checks the result equals the input.
void check_round_trip(const CopyPlan& first, const CopyPlan& second, const Shape& in,
                      uint64_t seed) {
  Rng rng(seed);
  const size_t w = first.elem_size;
  const int64_t n = ref::volume(in);
  const auto x = random_words(rng, n, w);
  std::vector<uint64_t> mid(static_cast<size_t>(ref::volume(first.output_shape)) * w / 8 + 1);
  std::vector<uint64_t> back(x.size());
  execute(first, x.data(), mid.data());
  execute(second, mid.data(), back.data());
  REQUIRE(str(second.output_shape) == str(in));
  REQUIRE(same_bytes(x, back, n, w));
}

}  // namespace

TEST_CASE("round trip: depthToSpace(spaceToDepth(x)) == x", "[roundtrip]") {
  const DataFormat formats[] = {DataFormat::NHWC, DataFormat::NCHW, DataFormat::NCHW_VECT_C};
  int i = 0;
  for (DataFormat f : formats) {
    for (BlockMode m : {BlockMode::BlocksFirst, BlockMode::DepthFirst}) {
      for (int rep = 0; rep < 40; ++rep, ++i) {
        const uint64_t seed = 777 + static_cast<uint64_t>(i);
        Rng rng(seed);
        const int64_t b = rng.uniform(1, 3);
        const size_t k = f == DataFormat::NCHW ? static_cast<size_t>(rng.uniform(1, 3)) : 2;
        Shape spatial(k);
        for (int64_t& s : spatial) s = b * rng.uniform(0, 3);
        const int64_t n = rng.uniform(0, 2), c = rng.uniform(1, 3);
        Shape x;
        if (f == DataFormat::NHWC) x = {n, spatial[0], spatial[1], c};
        if (f == DataFormat::NCHW_VECT_C) x = {n, c, spatial[0], spatial[1], 4};
        if (f == DataFormat::NCHW) {
          x = {n, c};
          x.insert(x.end(), spatial.begin(), spatial.end());
        }
        const size_t w = th::kWidths[i % 4];
        INFO("seed " << seed << " x.shape " << str(x) << " blockSize " << b << " format "
                     << static_cast<int>(f) << " mode " << static_cast<int>(m) << " width "
                     << w);
        const CopyPlan s2d = plan_space_to_depth(x, b, f, m, w);
        const CopyPlan d2s = plan_depth_to_space(s2d.output_shape, b, f, m, w);
        check_round_trip(s2d, d2s, x, seed);
        // And the other way: spaceToDepth(depthToSpace(y)) == y.
        check_round_trip(d2s, s2d, s2d.output_shape, seed + 1);
      }
    }
  }
}

TEST_CASE("round trip: roll by s then by -s", "[roundtrip]") {
  for (int i = 0; i < 150; ++i) {
    const uint64_t seed = 5150 + static_cast<uint64_t>(i);
    Rng rng(seed);
    const Shape x = th::random_shape(rng, static_cast<size_t>(rng.uniform(1, 5)), 6);
    const auto rank = static_cast<int64_t>(x.size());
    Ints axes(static_cast<size_t>(rng.uniform(1, 4))), shift(axes.size()), back(axes.size());
    for (size_t k = 0; k < axes.size(); ++k) {
      axes[k] = rng.uniform(-rank, rank - 1);
      shift[k] = rng.uniform(-30, 30);
      back[k] = -shift[k];
    }
    const size_t w = th::kWidths[i % 4];
    INFO("seed " << seed << " x.shape " << str(x) << " shift " << str(shift) << " axes "
                 << str(axes) << " width " << w);
    check_round_trip(plan_roll(x, shift, axes, w), plan_roll(x, back, axes, w), x, seed);
  }
}

TEST_CASE("round trip: broadcast then index 0 along the new axes", "[roundtrip]") {
  for (int i = 0; i < 150; ++i) {
    const uint64_t seed = 9090 + static_cast<uint64_t>(i);
    Rng rng(seed);
    // Numpy broadcast of x to target, with leading axes added and 1s stretched.
    const Shape x = th::random_shape(rng, static_cast<size_t>(rng.uniform(0, 4)), 5, 300);
    Ints target;
    for (int64_t lead = rng.uniform(0, 2); lead > 0; --lead) target.push_back(rng.uniform(1, 3));
    for (int64_t d : x) target.push_back(d == 1 ? rng.uniform(1, 3) : d);
    const size_t w = th::kWidths[i % 4];
    INFO("seed " << seed << " x.shape " << str(x) << " targetShape " << str(target)
                 << " width " << w);
    const CopyPlan plan = plan_broadcast(x, target, BroadcastMode::Numpy, std::nullopt, w);
    REQUIRE(str(plan.output_shape) == str(target));
    Rng data(seed);
    const auto in = random_words(data, ref::volume(x), w);
    std::vector<uint64_t> out(static_cast<size_t>(ref::volume(target)) * w / 8 + 1);
    execute(plan, in.data(), out.data());
    // Slice: output element (0, .., 0, i with stretched axes at 0) is input element i.
    const auto* o = reinterpret_cast<const unsigned char*>(out.data());
    const auto* s = reinterpret_cast<const unsigned char*>(in.data());
    const size_t lead = target.size() - x.size();
    Shape idx(x.size(), 0);
    for (int64_t e = 0; e < ref::volume(x); ++e) {
      int64_t rest = e, flat = 0, stride = 1;
      for (size_t k = x.size(); k-- > 0;) {  // input index of e, then its output flat index
        idx[k] = rest % x[k];
        rest /= x[k];
        flat += idx[k] * stride;
        stride *= target[lead + k];
      }
      REQUIRE(std::memcmp(o + static_cast<size_t>(flat) * w, s + static_cast<size_t>(e) * w, w) ==
              0);
    }
  }
}

TEST_CASE("round trip: slice(pad(x)) at the pads' offsets is x, in every mode", "[roundtrip][pad][slice]") {
  const PadMode modes[] = {PadMode::Constant, PadMode::Edge, PadMode::Reflect, PadMode::Symmetric,
                           PadMode::Wrap};
  for (int i = 0; i < 200; ++i) {
    const uint64_t seed = 4242 + static_cast<uint64_t>(i);
    Rng rng(seed);
    const PadMode mode = modes[i % 5];
    const Shape x = th::random_shape(rng, static_cast<size_t>(rng.uniform(1, 4)), 5, 400);
    Ints begin, end, starts, ends;
    for (int64_t d : x) {
      // Non-negative pads each mode allows on this dim (reflect: at most d - 1).
      const int64_t most = d == 0 ? 0 : mode == PadMode::Reflect ? d - 1 : mode == PadMode::Symmetric ? d : 3;
      begin.push_back(rng.uniform(0, most));
      end.push_back(rng.uniform(0, most));
      starts.push_back(begin.back());
      ends.push_back(begin.back() + d);
    }
    const size_t w = th::kWidths[i % 4];
    INFO("seed " << seed << " x.shape " << str(x) << " padsBegin " << str(begin) << " padsEnd " << str(end)
                 << " width " << w);
    const Result<CopyPlan> padded = plan_pad(x, begin, end, mode, std::nullopt, w);
    REQUIRE(padded.ok());
    const Result<CopyPlan> cut = plan_slice(padded.value().output_shape, starts, ends, std::nullopt, std::nullopt, w);
    REQUIRE(cut.ok());
    check_round_trip(padded.value(), cut.value(), x, seed);
  }
}
