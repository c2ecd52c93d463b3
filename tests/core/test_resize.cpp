// resize through the operation table: ONNX's published examples, the
// documented examples, integer rounding and saturation, the kernel on views
// against the materialized input, the fused image kernel against a plain
// per-axis computation, the operator cache keeping the kernel, and every
// error with its message. (The taps' formulas: tests/fixtures/ops/resize.py
// checks them against ONNX's reference; the fuzzer compares kernels.)
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <string>

#include "engine/convert_scalar.hpp"
#include "engine/resample.hpp"
#include "operations/resize.hpp"
#include "resize_onnx_cases.hpp"
#include "runtime/operator.hpp"
#include "runtime/operator_cache.hpp"
#include "typed_views.hpp"

using namespace tensor_ops;
using typed_views::run;

namespace {

// The options of a call, as the words decode_args reads (in the table's order).
struct Options {
  std::optional<std::vector<int64_t>> sizes;
  std::optional<std::vector<double>> scales;
  std::optional<std::vector<int64_t>> axes;
  std::optional<int> mode, coordinates, nearest;
  std::optional<std::vector<double>> cubic_a;
  std::optional<bool> exclude_outside, antialias;
  std::optional<int> policy;
};

std::vector<int64_t> words(const Shape& shape, const Options& o) {
  std::vector<int64_t> w{static_cast<int64_t>(shape.size())};
  w.insert(w.end(), shape.begin(), shape.end());
  auto ints = [&](const std::optional<std::vector<int64_t>>& v) {
    if (!v) return w.push_back(-1);
    w.push_back(static_cast<int64_t>(v->size()));
    w.insert(w.end(), v->begin(), v->end());
  };
  auto floats = [&](const std::optional<std::vector<double>>& v) {
    if (!v) return w.push_back(-1);
    w.push_back(static_cast<int64_t>(v->size()));
    for (double d : *v) w.push_back(static_cast<int64_t>(convert::bits_of(d)));
  };
  auto one = [&](std::optional<int64_t> v) {
    if (!v) return w.push_back(-1);
    w.insert(w.end(), {1, *v});
  };
  ints(o.sizes);
  floats(o.scales);
  ints(o.axes);
  one(o.mode);
  one(o.coordinates);
  one(o.nearest);
  floats(o.cubic_a);
  one(o.exclude_outside ? std::optional<int64_t>(*o.exclude_outside) : std::nullopt);
  one(o.antialias ? std::optional<int64_t>(*o.antialias) : std::nullopt);
  one(o.policy);
  return w;
}

Result<Operator> make(DType dtype, const std::vector<int64_t>& w, bool shape_only = false) {
  return make_operator(resize_op(), dtype, w.data(), w.size(), -1, shape_only);
}

std::string error_of(const Shape& shape, const Options& o, DType dtype = DType::Float32) {
  const Result<Operator> op = make(dtype, words(shape, o), true);
  return op.ok() ? "ok" : op.status().message();
}

template <class T>
std::vector<T> resize(DType dtype, const Shape& shape, const Options& o, const std::vector<T>& x) {
  const Result<Operator> op = make(dtype, words(shape, o));
  REQUIRE(op.ok());
  return run(op.value(), x);
}

constexpr int kLinear = 1, kCubic = 2;
constexpr int kAlignCorners = 3, kAsymmetric = 4;

}  // namespace

TEST_CASE("resize: ONNX's published test cases", "[resize]") {
  for (const resize_onnx::Case& c : resize_onnx::cases()) {
    INFO(c.name);
    Options o;
    if (!c.scales.empty()) o.scales = c.scales;
    else o.sizes = c.sizes;
    o.mode = c.mode;
    o.coordinates = c.coordinates;
    o.nearest = c.nearest;
    o.cubic_a = std::vector<double>{c.cubic_a};
    o.exclude_outside = c.exclude_outside;
    const Result<Operator> op = make(DType::Float32, words(c.shape, o));
    REQUIRE(op.ok());
    CHECK(op.value().output_shape == c.out_shape);
    const std::vector<float> y = run(op.value(), c.x);
    REQUIRE(y.size() == c.out.size());
    // ONNX's reference computes in float64; this computes in float32.
    for (size_t i = 0; i < y.size(); ++i) CHECK(y[i] == Approx(c.out[i]).epsilon(1e-5).margin(1e-5));
  }
}

TEST_CASE("resize: the documented examples, and what is skipped", "[resize]") {
  Options up;
  up.scales = std::vector<double>{2};
  up.mode = kLinear;
  CHECK(resize(DType::Float32, {2}, up, std::vector<float>{1, 2}) == std::vector<float>{1, 1.25f, 1.75f, 2});
  up.coordinates = kAlignCorners;
  CHECK(resize(DType::Float32, {2}, up, std::vector<float>{0, 3}) == std::vector<float>{0, 1, 2, 3});
  // Nearest copies elements bit for bit: int64 beyond 2^53 stays exact.
  Options nearest;
  nearest.sizes = std::vector<int64_t>{4};
  const int64_t big = (int64_t{1} << 62) + 1;
  CHECK(resize(DType::Int64, {2}, nearest, std::vector<int64_t>{big, -big}) == std::vector<int64_t>{big, big, -big, -big});
  // axes: only the listed ones; negative counts from the end.
  Options last;
  last.sizes = std::vector<int64_t>{1};
  last.axes = std::vector<int64_t>{-1};
  last.mode = kLinear;
  CHECK(resize(DType::Float32, {2, 2}, last, std::vector<float>{1, 3, 5, 7}) == std::vector<float>{2, 6});
  // scales: floor(d * scale) (3 * 1.5 = 4.5 -> 4), the formulas with 4.5.
  Options s;
  s.scales = std::vector<double>{1.5};
  CHECK(make(DType::Float32, words({3}, s)).value().output_shape == Shape{4});
  // keepAspectRatioPolicy: one scale for the listed axes, sizes rounded.
  Options keep;
  keep.sizes = std::vector<int64_t>{10, 10};
  keep.axes = std::vector<int64_t>{0, 1};
  keep.policy = 1;  // not_larger
  CHECK(make(DType::Float32, words({4, 8, 3}, keep)).value().output_shape == Shape{5, 10, 3});
  keep.policy = 2;  // not_smaller
  CHECK(make(DType::Float32, words({4, 8, 3}, keep)).value().output_shape == Shape{10, 20, 3});
  // An identity resize (scale 1, half_pixel) copies; so does an empty output.
  Options same;
  same.scales = std::vector<double>{1, 1};
  same.mode = kCubic;
  const std::vector<float> inf{INFINITY, -1, 2, NAN};
  const std::vector<float> copied = resize(DType::Float32, {2, 2}, same, inf);
  CHECK(std::memcmp(copied.data(), inf.data(), 16) == 0);
  Options empty;
  empty.sizes = std::vector<int64_t>{0, 3};
  CHECK(resize(DType::Uint8, {2, 2}, empty, std::vector<uint8_t>{1, 2, 3, 4}).empty());
  empty.mode = kLinear;
  empty.antialias = true;  // scale 0: no taps to make
  CHECK(resize(DType::Uint8, {2, 2}, empty, std::vector<uint8_t>{1, 2, 3, 4}).empty());
  // An empty output makes no taps, however long the other axes (2^40 to 1 with antialias).
  Options shrink;
  shrink.sizes = std::vector<int64_t>{0, 1};
  shrink.mode = kLinear;
  shrink.antialias = true;
  const Result<Operator> none_written = make(DType::Float32, words({0, int64_t{1} << 40}, shrink));
  REQUIRE(none_written.ok());
  CHECK(none_written.value().output_volume == 0);
  // A scalar, and dims of 1 only: one element copied.
  Options none;
  none.scales = std::vector<double>{};
  CHECK(resize(DType::Float64, {}, none, std::vector<double>{2.5}) == std::vector<double>{2.5});
  Options ones;
  ones.sizes = std::vector<int64_t>{1, 1};
  ones.mode = kCubic;
  CHECK(resize(DType::Int8, {1, 1}, ones, std::vector<int8_t>{-7}) == std::vector<int8_t>{-7});
  // ops.shapes.resize: no kernel made.
  const Result<Operator> shapes = make(DType::Uint8, words({4}, up), true);
  REQUIRE(shapes.ok());
  CHECK(shapes.value().kernel == nullptr);
}

TEST_CASE("resize: integers are rounded to nearest, ties to even, and saturated", "[resize]") {
  Options mid;
  mid.scales = std::vector<double>{2};
  mid.mode = kLinear;
  mid.coordinates = kAsymmetric;  // outputs at 0, 0.5, 1, 1.5, ...: the midpoints are ties
  CHECK(resize(DType::Uint8, {4}, mid, std::vector<uint8_t>{0, 1, 2, 3}) ==
        std::vector<uint8_t>{0, 0, 1, 2, 2, 2, 3, 3});
  CHECK(resize(DType::Int32, {2}, mid, std::vector<int32_t>{-1, -2}) == std::vector<int32_t>{-1, -2, -2, -2});
  // Cubic overshoots a step: saturated to the dtype's range.
  Options cubic;
  cubic.scales = std::vector<double>{2};
  cubic.mode = kCubic;
  const std::vector<uint8_t> u8 = resize(DType::Uint8, {4}, cubic, std::vector<uint8_t>{0, 0, 255, 255});
  const std::vector<float> f32 = resize(DType::Float32, {4}, cubic, std::vector<float>{0, 0, 255, 255});
  bool over = false, under = false;
  for (size_t i = 0; i < f32.size(); ++i) {
    over = over || f32[i] > 255;
    under = under || f32[i] < 0;
    CHECK(u8[i] == static_cast<uint8_t>(std::nearbyint(std::min(255.f, std::max(0.f, f32[i])))));
  }
  CHECK(over);
  CHECK(under);
  const std::vector<int8_t> i8 = resize(DType::Int8, {4}, cubic, std::vector<int8_t>{-128, -128, 127, 127});
  CHECK(i8[2] == -128);
  CHECK(i8[5] == 127);
}

TEST_CASE("resize: float16 and bfloat16 compute in float32 and round once", "[resize]") {
  Options o;
  o.scales = std::vector<double>{2};
  o.mode = kLinear;
  const std::vector<float> x{1, 2.5f, -3, 1000};
  std::vector<uint16_t> h, b;
  for (float v : x) {
    h.push_back(convert::float_to_half(v));
    b.push_back(convert::float_to_bf16(v));
  }
  const std::vector<float> f = resize(DType::Float32, {4}, o, x);
  const std::vector<uint16_t> hy = resize(DType::Float16, {4}, o, h);
  const std::vector<uint16_t> by = resize(DType::Bfloat16, {4}, o, b);
  for (size_t i = 0; i < f.size(); ++i) {
    CHECK(hy[i] == convert::float_to_half(f[i]));
    CHECK(by[i] == convert::float_to_bf16(f[i]));
  }
}

TEST_CASE("resize: the fused image kernels give what the axes one by one give", "[resize]") {
  // NHWC [1, 5, 7, C] -> [1, oh, ow, C], bilinear and bicubic with antialias, against
  // a plain computation of the two axes in the engine's order: H first when it
  // shrinks more (or both shrink alike), W first when W shrinks more or both grow alike.
  const int64_t H = 5, W = 7;
  for (const std::pair<int64_t, int64_t>& size : std::vector<std::pair<int64_t, int64_t>>{{3, 11}, {11, 3}, {10, 14}, {2, 3}, {15, 21}}) {
    const int64_t oh = size.first, ow = size.second;  // (lambdas cannot capture structured bindings in C++17)
    for (int64_t C : {1, 3, 4, 6}) {
      for (int mode : {kLinear, kCubic}) {
        std::vector<uint8_t> x(static_cast<size_t>(H * W * C));
        for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<uint8_t>((i * 73 + 11) % 256);
        Options o;
        o.sizes = std::vector<int64_t>{oh, ow};
        o.axes = std::vector<int64_t>{1, 2};
        o.mode = mode;
        o.antialias = true;
        const std::vector<uint8_t> y = resize(DType::Uint8, {1, H, W, C}, o, x);
        ResampleRule rule;
        rule.mode = static_cast<ResampleMode>(mode);
        rule.antialias = true;
        const AxisTaps th = axis_taps(rule, H, oh, double(oh) / H), tw = axis_taps(rule, W, ow, double(ow) / W);
        const double rh = double(oh) / H, rw = double(ow) / W;
        const bool h_first = rh < rw || (rh == rw && rh < 1);
        CHECK(resample_order({th, tw}) == (h_first ? std::vector<int>{0, 1} : std::vector<int>{1, 0}));
        // v[i][j][c] as floats, resampled along one axis at a time.
        std::vector<float> v(x.begin(), x.end());
        int64_t h = H, w = W;
        auto along_h = [&] {
          std::vector<float> r(static_cast<size_t>(oh * w * C));
          for (int64_t i = 0; i < oh; ++i)
            for (int64_t j = 0; j < w * C; ++j) {
              float acc = 0;
              for (int t = 0; t < th.taps; ++t) {
                const size_t at = static_cast<size_t>(i * th.taps + t);
                const float p = static_cast<float>(th.weight[at]) * v[static_cast<size_t>(th.index[at] * w * C + j)];
                acc = t == 0 ? p : acc + p;
              }
              r[static_cast<size_t>(i * w * C + j)] = acc;
            }
          v = r;
          h = oh;
        };
        auto along_w = [&] {
          std::vector<float> r(static_cast<size_t>(h * ow * C));
          for (int64_t i = 0; i < h; ++i)
            for (int64_t j = 0; j < ow; ++j)
              for (int64_t c = 0; c < C; ++c) {
                float acc = 0;
                for (int t = 0; t < tw.taps; ++t) {
                  const size_t at = static_cast<size_t>(j * tw.taps + t);
                  const float p = static_cast<float>(tw.weight[at]) * v[static_cast<size_t>((i * w + tw.index[at]) * C + c)];
                  acc = t == 0 ? p : acc + p;
                }
                r[static_cast<size_t>((i * ow + j) * C + c)] = acc;
              }
          v = r;
          w = ow;
        };
        if (h_first) {
          along_h();
          along_w();
        } else {
          along_w();
          along_h();
        }
        REQUIRE(y.size() == v.size());
        for (size_t i = 0; i < v.size(); ++i) {
          INFO("to " << oh << " x " << ow << ", C " << C << ", mode " << mode << ", element " << i);
          CHECK(y[i] == convert::from_float<uint8_t>(v[i], true));
        }
      }
    }
  }
}

TEST_CASE("resize: uint8 halved along H and W (the 2x2 box kernel) gives the float32 axes' bits", "[resize]") {
  // Linear at a scale of 0.5 (half_pixel, pytorch_half_pixel): taps (0.5, 0.5) on
  // (2j, 2j + 1), which prepare_resample hands to the integer kernel; odd sizes (a
  // column and a row left over), widths past the 16-byte SIMD blocks with a tail,
  // NHWC with 1 to 8 channels and NCHW planes; values near 255 and small ones (ties).
  const int64_t H = 7, W = 83;
  for (int layout = 0; layout < 7; ++layout) {
    const int64_t C = std::vector<int64_t>{1, 2, 3, 4, 5, 8, 0}[static_cast<size_t>(layout)];  // 0: NCHW [1, 2, H, W]
    const Shape shape = C > 0 ? Shape{1, H, W, C} : Shape{1, 2, H, W};
    const int64_t planes = C > 0 ? 1 : 2, ch = C > 0 ? C : 1;
    for (int coordinates : {0, 2}) {
      for (int fill = 0; fill < 3; ++fill) {
        std::vector<uint8_t> x(static_cast<size_t>(planes * H * W * ch));
        for (size_t i = 0; i < x.size(); ++i) {
          const uint32_t r = static_cast<uint32_t>(i * 2654435761u) >> 24;
          x[i] = static_cast<uint8_t>(fill == 0 ? r : fill == 1 ? 255 - r % 3 : r % 4);
        }
        Options o;
        o.scales = std::vector<double>{0.5, 0.5};
        o.axes = C > 0 ? std::vector<int64_t>{1, 2} : std::vector<int64_t>{2, 3};
        o.mode = kLinear;
        o.coordinates = coordinates;
        const std::vector<uint8_t> y = resize(DType::Uint8, shape, o, x);
        ResampleRule rule;
        rule.mode = ResampleMode::Linear;
        rule.coordinates = static_cast<CoordinateMode>(coordinates);
        const AxisTaps th = axis_taps(rule, H, H / 2, 0.5), tw = axis_taps(rule, W, W / 2, 0.5);
        std::vector<AxisTaps> axes;
        if (C > 0) axes = {axis_taps(rule, 1, 1, 1), th, tw, axis_taps(rule, C, C, 1)};
        else axes = {axis_taps(rule, 1, 1, 1), axis_taps(rule, 2, 2, 1), th, tw};
        PreparedResample p;
        REQUIRE(prepare_resample(DType::Uint8, shape, row_major_strides(shape), axes, false, &p));
        CHECK(p.box);
        // Per plane: along H, then along W, in float32 as the engine's order does.
        std::vector<uint8_t> want;
        const int64_t oh = H / 2, ow = W / 2;
        for (int64_t q = 0; q < planes; ++q) {
          const uint8_t* s = x.data() + q * H * W * ch;
          std::vector<float> v(static_cast<size_t>(oh * W * ch));
          for (int64_t i = 0; i < oh; ++i)
            for (int64_t j = 0; j < W * ch; ++j) {
              const float a = static_cast<float>(th.weight[static_cast<size_t>(2 * i)]) * s[th.index[static_cast<size_t>(2 * i)] * W * ch + j];
              const float b = static_cast<float>(th.weight[static_cast<size_t>(2 * i + 1)]) * s[th.index[static_cast<size_t>(2 * i + 1)] * W * ch + j];
              v[static_cast<size_t>(i * W * ch + j)] = a + b;
            }
          for (int64_t i = 0; i < oh; ++i)
            for (int64_t j = 0; j < ow; ++j)
              for (int64_t c = 0; c < ch; ++c) {
                float acc = 0;
                for (int t = 0; t < 2; ++t) {
                  const size_t at = static_cast<size_t>(2 * j + t);
                  const float pr = static_cast<float>(tw.weight[at]) * v[static_cast<size_t>((i * W + tw.index[at]) * ch + c)];
                  acc = t == 0 ? pr : acc + pr;
                }
                want.push_back(convert::from_float<uint8_t>(acc, true));
              }
        }
        REQUIRE(y.size() == want.size());
        for (size_t i = 0; i < want.size(); ++i) {
          INFO("C " << C << ", coordinates " << coordinates << ", fill " << fill << ", element " << i);
          CHECK(y[i] == want[i]);
        }
      }
    }
  }
}

TEST_CASE("resize: views of any strides give what the materialized input gives", "[resize]") {
  std::vector<uint8_t> data(24 * 8);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 37 + 1);
  const std::vector<typed_views::ViewCase> views = {
      {{2, 3, 4}, {12, 4, 1}, 0},     // contiguous
      {{2, 3, 4}, {-12, 4, -1}, 15},  // axes 0 and 2 backwards
      {{2, 4, 3}, {12, 1, 4}, 0},     // transposed
      {{2, 3, 4}, {12, 0, 1}, 4},     // rows broadcast
      {{2, 3, 2}, {12, 4, 2}, 1},     // every other column
  };
  std::vector<Options> calls(4);
  calls[0].scales = std::vector<double>{1, 2, 0.5};
  calls[0].mode = kLinear;
  calls[1].sizes = std::vector<int64_t>{5, 3};
  calls[1].axes = std::vector<int64_t>{1, 2};
  calls[1].mode = kCubic;
  calls[1].antialias = true;
  calls[2].sizes = std::vector<int64_t>{3, 7, 2};
  calls[3].sizes = std::vector<int64_t>{1, 5, 3};
  calls[3].mode = kLinear;
  calls[3].coordinates = kAlignCorners;
  for (const typed_views::ViewCase& v : views) {
    for (DType dtype : {DType::Uint8, DType::Float16, DType::Float32, DType::Int64, DType::Float64}) {
      for (const Options& o : calls) {
        const size_t w = dtype_bytes(dtype);
        const std::vector<int64_t> plain = words(v.shape, o);
        const std::vector<uint8_t> dense = typed_views::dense_of(data, v, w);
        const Result<Operator> on_view = make(dtype, typed_views::viewed(plain, v.strides));
        const Result<Operator> on_dense = make(dtype, plain);
        REQUIRE(on_view.ok());
        REQUIRE(on_dense.ok());
        CHECK(typed_views::output_of(on_view.value(), data.data() + v.offset * static_cast<int64_t>(w), 0xAA) ==
              typed_views::output_of(on_dense.value(), dense.data(), 0x55));
      }
    }
  }
}

TEST_CASE("resize: the operator cache keeps the kernel, and a hit runs it again", "[resize]") {
  OperatorCache cache;
  Options o;
  o.scales = std::vector<double>{2};
  o.mode = kLinear;
  const std::vector<int64_t> w = words({2}, o);
  const Result<Operator> op = make(DType::Float32, w);
  REQUIRE(op.ok());
  const int64_t tag = OperatorCache::tag(35, DType::Float32, false);
  const Operator* stored = cache.store(tag, w.data(), w.size(), op.value());
  REQUIRE(stored != nullptr);
  CHECK(stored->kernel == op.value().kernel);
  CHECK(cache.find(tag, w.data(), w.size()) == stored);
  o.mode = kCubic;  // another mode is another call
  const std::vector<int64_t> other = words({2}, o);
  CHECK(cache.find(tag, other.data(), other.size()) == nullptr);
  CHECK(run(*stored, std::vector<float>{1, 2}) == std::vector<float>{1, 1.25f, 1.75f, 2});
  CHECK(run(*stored, std::vector<float>{2, 4}) == std::vector<float>{2, 2.5f, 3.5f, 4});
}

TEST_CASE("resize: its errors name the parameter and the value", "[resize]") {
  Options s;
  s.scales = std::vector<double>{2, 2};
  CHECK(error_of({2, 2}, s) == "ok");
  CHECK(error_of({2, 2}, s, DType::Bool) == "resize: x.dtype bool cannot be interpolated; cast it to uint8 first");
  Options tf = s;
  tf.coordinates = 5;
  CHECK(error_of({2, 2}, tf) ==
        "resize: coordinateTransformationMode 'tf_crop_and_resize' is not supported: crop with slice, then resize the slice");
  Options both = s;
  both.sizes = std::vector<int64_t>{2, 2};
  CHECK(error_of({2, 2}, both) == "resize: give exactly one of sizes and scales, got both");
  CHECK(error_of({2, 2}, Options{}) == "resize: give exactly one of sizes and scales, got neither");
  Options short_ = s;
  short_.scales = std::vector<double>{2};
  CHECK(error_of({2, 2}, short_) == "resize: scales [2] has 1 values, but x has rank 2: give one per resized axis");
  Options axes = s;
  axes.axes = std::vector<int64_t>{0};
  CHECK(error_of({2, 2}, axes) == "resize: scales [2, 2] has 2 values, but axes [0] lists 1: give one per resized axis");
  axes.axes = std::vector<int64_t>{1, -1};
  CHECK(error_of({2, 2}, axes) == "resize: axes [1, -1] repeats axis 1");
  axes.axes = std::vector<int64_t>{0, 2};
  CHECK(error_of({2, 2}, axes) == "resize: axes value 2 is out of range [-2, 2) for rank 2");
  for (double bad : {0.0, -1.0, double(NAN), double(INFINITY)}) {
    Options b;
    b.scales = std::vector<double>{1, bad};
    CHECK(error_of({2, 2}, b).find("a scale must be a finite number > 0") != std::string::npos);
  }
  Options huge;
  huge.scales = std::vector<double>{1e300};
  CHECK(error_of({3}, huge) == "resize: scales value 1e+300 makes x.shape[0] = 3 a dim of 3e+300, beyond 2^53");
  Options neg;
  neg.sizes = std::vector<int64_t>{-1};
  CHECK(error_of({3}, neg) == "resize: sizes [-1] has -1, but a size must be in [0, 2^53]");
  Options policy = s;
  policy.policy = 1;
  CHECK(error_of({2, 2}, policy) == "resize: keepAspectRatioPolicy 'not_larger' applies to sizes only; with scales, leave it out");
  Options a;
  a.scales = std::vector<double>{2};
  a.cubic_a = std::vector<double>{-0.5, -0.75};
  CHECK(error_of({2}, a) == "resize: cubicCoeffA must be one finite number, got [-0.5, -0.75]");
  Options zero;
  zero.sizes = std::vector<int64_t>{3};
  CHECK(error_of({0}, zero) == "resize: x.shape[0] = 0 has nothing to resize to 3");
  zero.policy = 2;
  CHECK(error_of({0}, zero) == "resize: x.shape[0] = 0 has no aspect ratio for keepAspectRatioPolicy 'not_smaller' to keep");
  CHECK(make(DType::Float32, words({2, 2}, Options{}), true).status().code() == ErrorCode::InvalidArgument);
}
