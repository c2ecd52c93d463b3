// libFuzzer harness: resize through the table (every check a call makes, the
// shape function, the kernel) on any dtype, by sizes or scales, any axes,
// every mode, coordinate transformation, nearest mode, antialias,
// excludeOutside and keepAspectRatioPolicy, read from a view whose axes may
// run backwards or be broadcast. The kernel's output (whichever of its
// paths runs: per-axis passes, the fused image kernel, SIMD rows, threads)
// must be, byte for byte, the plain scalar computation written here: the
// axes one after the other in the engine's order, each output element
// acc = w0 * x0 + w1 * x1 + ... in the computing precision, converted once
// (nearest, or no axis resampled: the element's bits). Any NaN matches any
// NaN.
// Input: width (unused), offsets, dtype code, x.shape, per-axis view flags,
// sizes or scales, axes (or left out), mode, coordinates, nearest mode,
// cubicCoeffA, excludeOutside, antialias, keepAspectRatioPolicy.
#include <algorithm>
#include <cstring>

#include "engine/convert_scalar.hpp"
#include "engine/resample.hpp"
#include "operations/resize.hpp"
#include "runtime/op_call.hpp"
#include "typed_view.hpp"

namespace {

using namespace tensor_ops;

constexpr double kScales[] = {0.25, 0.5, 0.6, 0.75, 1, 1.25, 1.5, 2, 3, 0.3};
constexpr double kCubicA[] = {-0.75, -0.5, -1};

// x's elements (read through the view) as the computing type F.
template <typename S, typename F>
std::vector<F> values_of(const unsigned char* x, const fuzz::Shape& shape, const std::vector<int64_t>& strides) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<F> v(static_cast<size_t>(n));
  std::vector<int64_t> index(shape.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t rest = i, at = 0;
    for (size_t k = shape.size(); k-- > 0;) {
      at += (rest % shape[k]) * strides[k];
      rest /= shape[k];
    }
    S s;
    std::memcpy(&s, x + at * static_cast<int64_t>(sizeof(S)), sizeof(S));
    v[static_cast<size_t>(i)] = convert::to_compute<F>(s);
  }
  return v;
}

// One axis resampled, element by element: out[o, j, i] = sum_t w[j, t] * in[o, index[j, t], i].
template <typename F>
std::vector<F> along(const std::vector<F>& in, fuzz::Shape& dims, size_t axis, const AxisTaps& t) {
  int64_t outer = 1, inner = 1;
  for (size_t k = 0; k < axis; ++k) outer *= dims[k];
  for (size_t k = axis + 1; k < dims.size(); ++k) inner *= dims[k];
  std::vector<F> out(static_cast<size_t>(outer * t.out_len * inner));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t j = 0; j < t.out_len; ++j)
      for (int64_t i = 0; i < inner; ++i) {
        F acc = 0;
        for (int k = 0; k < t.taps; ++k) {
          const size_t at = static_cast<size_t>(j * t.taps + k);
          const F product = static_cast<F>(t.weight[at]) * in[static_cast<size_t>((o * t.in_len + t.index[at]) * inner + i)];
          acc = k == 0 ? product : acc + product;
        }
        out[static_cast<size_t>((o * t.out_len + j) * inner + i)] = acc;
      }
  dims[axis] = t.out_len;
  return out;
}

// F: float64 for float64, int32, uint32, int64 and uint64, else float32.
template <typename S, typename F>
void expect_typed(const unsigned char* x, const fuzz::Shape& shape, const std::vector<int64_t>& strides,
                  const std::vector<AxisTaps>& taps, std::vector<unsigned char>* want) {
  std::vector<F> v = values_of<S, F>(x, shape, strides);
  fuzz::Shape dims = shape;
  for (int axis : resample_order(taps)) v = along(v, dims, static_cast<size_t>(axis), taps[static_cast<size_t>(axis)]);
  want->resize(v.size() * sizeof(S));
  for (size_t i = 0; i < v.size(); ++i) {
    const S s = convert::from_float<S>(v[i], true);
    std::memcpy(want->data() + i * sizeof(S), &s, sizeof(S));
  }
}

bool is_nan_at(DType t, const unsigned char* p) {
  if (!is_float(t)) return false;
  const fuzz::Value v = fuzz::value_at(t, p);
  return v.f != v.f;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const DType dtype = static_cast<DType>(r.byte() % kDTypeCount);
  const fuzz::Shape input = fuzz::read_shape(r, 4);
  const fuzz::Ints flags = r.list(0, 4, 4);
  const bool by_scales = r.flag();
  const fuzz::Ints amounts = r.list(0, 13, 4);  // sizes, or indices into kScales
  const bool axes_given = r.flag();
  const fuzz::Ints axes = r.list(-4, 9, 4);
  const int64_t mode = r.byte() % 3, coordinates = r.byte() % 6, nearest = r.byte() % 4;
  const int64_t cubic_a = r.byte() % 3;
  const bool exclude = r.flag(), antialias = r.flag();
  const int64_t policy = r.byte() % 3;

  const OpSpec& spec = resize_op();
  OpArgs args = blank_args(spec, {input});
  args.dtype = dtype;
  if (by_scales) {
    std::vector<int64_t> bits;
    for (int64_t a : amounts) bits.push_back(static_cast<int64_t>(convert::bits_of(kScales[static_cast<uint64_t>(a) % 10])));
    args.set("scales", bits);
  } else {
    args.set("sizes", amounts);
  }
  if (axes_given) args.set("axes", axes);
  args.set("mode", {mode});
  args.set("coordinateTransformationMode", {coordinates});
  args.set("nearestMode", {nearest});
  args.set("cubicCoeffA", {static_cast<int64_t>(convert::bits_of(kCubicA[cubic_a]))});
  args.set("excludeOutside", {exclude ? 1 : 0});
  args.set("antialias", {antialias ? 1 : 0});
  if (policy) args.set("keepAspectRatioPolicy", {policy});
  const fuzz::View view = fuzz::view_of(input, flags);
  if (view.small) args.input_strides = {view.strides};

  const size_t w = dtype_bytes(dtype);
  const Status checked = check_call(spec, args, w);
  const fuzz::Outcome by_shape = fuzz::outcome_of([&]() -> Result<Shape> {
    TENSOR_OPS_TRY(checked);
    return call_shape(spec, args, w);
  });
  fuzz::check_message(by_shape, "resize");
  if (checked.ok() && by_shape.ok && (dtype == DType::Bool || coordinates == 5)) {
    fuzz::fail("resize: bool or tf_crop_and_resize accepted");
  }
  if (!checked.ok() || !by_shape.ok) return 0;
  const int64_t out_volume = fuzz::safe_volume(by_shape.shape);
  // Keep each run cheap: small outputs and filters only.
  if (!view.small || out_volume < 0 || out_volume > 4096 || !fuzz::tame(by_shape.shape, 64)) return 0;
  const Result<std::shared_ptr<const TypedKernel>> kernel = call_kernel(spec, args);
  if (!kernel.ok()) fuzz::fail("resize: the shape function accepted, the kernel refused: " + kernel.status().message());

  uint64_t state = fuzz::seed_of(data, size);
  const std::vector<unsigned char> in = fuzz::random_elements(dtype, view.base_volume, offsets.in, state);
  std::vector<unsigned char> got((static_cast<size_t>(out_volume) + offsets.out) * w, 0xA5);
  // (An empty x has no elements to point at: the kernel must not read any.)
  const unsigned char* x = view.volume == 0 ? nullptr : in.data() + (offsets.in + static_cast<size_t>(view.offset)) * w;
  const void* sources[] = {x};
  void* outputs[] = {got.data() + offsets.out * w};
  kernel.value()->run(sources, outputs, state % 2 ? &fuzz::pool() : nullptr);
  if (out_volume == 0 || view.volume == 0) return 0;

  // The taps, per dim (not listed: the identity), from the rules.
  const Result<ResizeGeometry> g = resize_geometry(args);
  std::vector<AxisTaps> taps;
  for (size_t k = 0; k < input.size(); ++k) {
    if (g.value().listed[k]) {
      taps.push_back(axis_taps(g.value().rule, input[k], g.value().output[k], g.value().scales[k]));
    } else {
      AxisTaps same;
      same.in_len = same.out_len = input[k];
      for (int64_t j = 0; j < input[k]; ++j) same.index.push_back(j);
      same.weight.assign(same.index.size(), 1.0);
      taps.push_back(same);
    }
  }
  std::vector<unsigned char> want;
  if (mode == 0 || resample_order(taps).empty()) {  // nearest, or nothing resampled: bits
    want.resize(static_cast<size_t>(out_volume) * w);
    for (int64_t n = 0; n < out_volume; ++n) {
      int64_t rest = n, at = 0;
      for (size_t k = input.size(); k-- > 0;) {
        const int64_t j = rest % by_shape.shape[k];
        rest /= by_shape.shape[k];
        at += (mode == 0 ? taps[k].index[static_cast<size_t>(j)] : j) * view.strides[k];  // identity: index j
      }
      std::memcpy(want.data() + n * static_cast<int64_t>(w), x + at * static_cast<int64_t>(w), w);
    }
  } else {
    switch (dtype) {
      case DType::Int8: expect_typed<int8_t, float>(x, input, view.strides, taps, &want); break;
      case DType::Uint8: expect_typed<uint8_t, float>(x, input, view.strides, taps, &want); break;
      case DType::Int16: expect_typed<int16_t, float>(x, input, view.strides, taps, &want); break;
      case DType::Uint16: expect_typed<uint16_t, float>(x, input, view.strides, taps, &want); break;
      case DType::Float16: expect_typed<convert::Half, float>(x, input, view.strides, taps, &want); break;
      case DType::Bfloat16: expect_typed<convert::Bf16, float>(x, input, view.strides, taps, &want); break;
      case DType::Int32: expect_typed<int32_t, double>(x, input, view.strides, taps, &want); break;
      case DType::Uint32: expect_typed<uint32_t, double>(x, input, view.strides, taps, &want); break;
      case DType::Float32: expect_typed<float, float>(x, input, view.strides, taps, &want); break;
      case DType::Int64: expect_typed<int64_t, double>(x, input, view.strides, taps, &want); break;
      case DType::Uint64: expect_typed<uint64_t, double>(x, input, view.strides, taps, &want); break;
      case DType::Float64: expect_typed<double, double>(x, input, view.strides, taps, &want); break;
      case DType::Bool: return 0;
    }
  }
  for (int64_t n = 0; n < out_volume; ++n) {
    const unsigned char* a = got.data() + (offsets.out + static_cast<size_t>(n)) * w;
    const unsigned char* b = want.data() + static_cast<size_t>(n) * w;
    if (std::memcmp(a, b, w) == 0 || (is_nan_at(dtype, a) && is_nan_at(dtype, b))) continue;
    fuzz::fail("resize " + std::string(dtype_name(dtype)) + " of x.shape " + fuzz::str(input) + " to " +
               fuzz::str(by_shape.shape) + ", mode " + std::to_string(mode) + ", coordinates " +
               std::to_string(coordinates) + (antialias ? ", antialias" : "") + (exclude ? ", excludeOutside" : "") +
               ": element " + std::to_string(n) + " differs from the scalar computation");
  }
  return 0;
}
