// Dtype conversion (engine/convert.hpp): every pair of the 13 dtypes against
// numpy's golden values (tests/fixtures/convert.py), scale and bias per
// channel on views against a reference written from the rules, the vector
// kernels against the element-by-element one, and the pool against none.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "convert_golden.hpp"
#include "engine/convert.hpp"
#include "helpers.hpp"

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

using namespace tensor_ops;

namespace {

using Bits = std::vector<uint64_t>;

constexpr DType kAll[] = {DType::Int8,    DType::Uint8,   DType::Bool,   DType::Int16, DType::Uint16,
                          DType::Float16, DType::Bfloat16, DType::Int32, DType::Uint32, DType::Float32,
                          DType::Int64,   DType::Uint64,  DType::Float64};

size_t width(DType t) { return dtype_bytes(t); }

Bits parse_hex(const char* text, DType t) {
  const size_t digits = 2 * width(t);
  const size_t n = std::strlen(text) / digits;
  Bits out(n);
  for (size_t i = 0; i < n; ++i) out[i] = std::stoull(std::string(text + i * digits, digits), nullptr, 16);
  return out;
}

// Element bits in a byte buffer (little-endian, as both builds are).
void put(std::vector<unsigned char>& buf, size_t index, DType t, uint64_t bits) {
  std::memcpy(&buf[index * width(t)], &bits, width(t));
}
uint64_t get(const std::vector<unsigned char>& buf, size_t index, DType t) {
  uint64_t bits = 0;
  std::memcpy(&bits, &buf[index * width(t)], width(t));
  return bits;
}

bool is_nan(DType t, uint64_t b) {
  switch (t) {
    case DType::Float16: return (b & 0x7fff) > 0x7c00;
    case DType::Bfloat16: return (b & 0x7fff) > 0x7f80;
    case DType::Float32: return (b & 0x7fffffffu) > 0x7f800000u;
    case DType::Float64: return (b & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
    default: return false;
  }
}
bool is_quiet_nan(DType t, uint64_t b) {
  switch (t) {
    case DType::Float16: return is_nan(t, b) && (b & 0x0200);
    case DType::Bfloat16: return is_nan(t, b) && (b & 0x0040);
    case DType::Float32: return is_nan(t, b) && (b & 0x00400000u);
    case DType::Float64: return is_nan(t, b) && (b & 0x0008000000000000ull);
    default: return false;
  }
}

// The test's own decoding of float bits (ldexp of the significand).
double float_value(DType t, uint64_t b) {
  int p = 0, e = 0, total = 0;
  if (t == DType::Float16) p = 11, e = 5, total = 16;
  else if (t == DType::Bfloat16) p = 8, e = 8, total = 16;
  else if (t == DType::Float32) p = 24, e = 8, total = 32;
  else p = 53, e = 11, total = 64;
  const bool negative = (b >> (total - 1)) & 1;
  const int field = static_cast<int>((b >> (p - 1)) & ((1ull << e) - 1));
  const uint64_t frac = b & ((1ull << (p - 1)) - 1);
  const int bias = (1 << (e - 1)) - 1;
  double v;
  if (field == (1 << e) - 1) v = frac ? std::numeric_limits<double>::quiet_NaN() : INFINITY;
  else if (field == 0) v = std::ldexp(static_cast<double>(frac), 1 - bias - (p - 1));
  else v = std::ldexp(static_cast<double>(frac | (1ull << (p - 1))), field - bias - (p - 1));
  return negative ? -v : v;
}

// One conversion of a contiguous run of `in` (starting `offset` elements into
// each buffer) to a vector of result bits.
Bits run(DType s, DType d, Rounding r, const std::vector<double>& scale, const std::vector<double>& bias,
         const Bits& in, bool fast, int64_t offset = 0, ConvertKernel* kernel = nullptr) {
  const size_t n = in.size();
  std::vector<unsigned char> src((n + static_cast<size_t>(offset) + 1) * width(s));
  std::vector<unsigned char> dst((n + static_cast<size_t>(offset) + 1) * width(d), 0xcd);
  for (size_t i = 0; i < n; ++i) put(src, i + static_cast<size_t>(offset), s, in[i]);
  ConvertCopy c;
  c.dims = {static_cast<int64_t>(n)};
  c.src_strides = {1};
  c.dst_strides = {1};
  c.src_offset = c.dst_offset = offset;
  c.src_type = s;
  c.dst_type = d;
  c.rounding = r;
  c.scale = scale;
  c.bias = bias;
  REQUIRE(check_convert("cast", c).ok());
  const PreparedConvert p = prepare_convert(c, fast);
  if (kernel) *kernel = p.kernel;
  execute_convert(p, src.data(), dst.data());
  Bits out(n);
  for (size_t i = 0; i < n; ++i) out[i] = get(dst, i + static_cast<size_t>(offset), d);
  for (size_t i = 0; i < static_cast<size_t>(offset) * width(d); ++i) REQUIRE(dst[i] == 0xcd);
  for (size_t i = (n + static_cast<size_t>(offset)) * width(d); i < dst.size(); ++i) REQUIRE(dst[i] == 0xcd);
  return out;
}

// Equal bits, or both NaN (a NaN's payload is not specified).
bool same_result(DType d, uint64_t a, uint64_t b) { return a == b || (is_nan(d, a) && is_nan(d, b)); }

// ---- The rules, written out for the reference (not the engine's code) ----

bool computes_in_f64(DType s, DType d) {
  for (DType t : {s, d}) {
    if (t == DType::Float64 || t == DType::Int32 || t == DType::Uint32 || t == DType::Int64 || t == DType::Uint64) {
      return true;
    }
  }
  return false;
}

// The value of element bits of type t as F (exact for the types that
// compute in float32; int64 and uint64 rounded once to double).
template <typename F>
F value_as(DType t, uint64_t b) {
  switch (t) {
    case DType::Int8: return static_cast<F>(static_cast<int8_t>(b));
    case DType::Uint8: return static_cast<F>(static_cast<uint8_t>(b));
    case DType::Bool: return b ? F(1) : F(0);
    case DType::Int16: return static_cast<F>(static_cast<int16_t>(b));
    case DType::Uint16: return static_cast<F>(static_cast<uint16_t>(b));
    case DType::Int32: return static_cast<F>(static_cast<int32_t>(b));
    case DType::Uint32: return static_cast<F>(static_cast<uint32_t>(b));
    case DType::Int64: return static_cast<F>(static_cast<int64_t>(b));
    case DType::Uint64: return static_cast<F>(b);
    default: return static_cast<F>(float_value(t, b));
  }
}

// y (a float) to an integer dtype: NaN 0, libm's rounding, saturated.
uint64_t int_rule(DType d, double y, bool nearest) {
  if (std::isnan(y)) return 0;
  const double r = nearest ? std::nearbyint(y) : std::trunc(y);
  const int bits = static_cast<int>(width(d)) * 8;
  const bool is_signed = d == DType::Int8 || d == DType::Int16 || d == DType::Int32 || d == DType::Int64;
  const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
  const double hi = std::ldexp(1.0, is_signed ? bits - 1 : bits);  // first value past the range
  if (is_signed) {
    if (r >= hi) return (mask >> 1);
    if (r < -hi) return (1ull << (bits - 1));
    return static_cast<uint64_t>(static_cast<int64_t>(r)) & mask;
  }
  if (r >= hi) return mask;
  if (r <= 0) return 0;
  return static_cast<uint64_t>(r);
}

// y rounded to a float format: its nearest value (ties to even, by libm's
// nearbyint on the scaled value), +-inf past the largest.
double float_rule(DType d, double y) {
  if (std::isnan(y) || std::isinf(y) || y == 0) return y;
  int p = 53, emin = -1022, emax = 1023;
  if (d == DType::Float16) p = 11, emin = -14, emax = 15;
  if (d == DType::Bfloat16) p = 8, emin = -126, emax = 127;
  if (d == DType::Float32) p = 24, emin = -126, emax = 127;
  if (d == DType::Float64) return y;
  const int e = std::max(std::ilogb(y), emin);
  const double r = std::ldexp(std::nearbyint(std::ldexp(y, p - 1 - e)), e - (p - 1));
  const double largest = std::ldexp(2.0 - std::ldexp(1.0, 1 - p), emax);
  if (std::fabs(r) > largest) return std::copysign(INFINITY, y);
  return r;
}

// Whether result bits of dst type d match the rule applied to y.
bool matches_rule(DType d, uint64_t got, double y, bool nearest) {
  if (d == DType::Bool) return got == ((y != 0 || std::isnan(y)) ? 1u : 0u);
  if (is_float(d)) {
    const double want = float_rule(d, y);
    const double have = float_value(d, got);
    if (std::isnan(want)) return is_quiet_nan(d, got);
    return have == want && std::signbit(have) == std::signbit(want);
  }
  return got == int_rule(d, y, nearest);
}

// x * scale + bias, each step rounded in the computing precision, as a double.
double affine_rule(DType s, DType d, uint64_t x, double scale, double bias) {
  if (computes_in_f64(s, d)) {
    const double p = value_as<double>(s, x) * scale;
    return p + bias;
  }
  const float p = value_as<float>(s, x) * static_cast<float>(scale);
  const float y = p + static_cast<float>(bias);
  return y;
}

// Random element bits of type t: integers over the whole range or small;
// floats of moderate size, ties, and a few specials.
uint64_t random_bits(th::Rng& rng, DType t) {
  const int bits = static_cast<int>(width(t)) * 8;
  const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
  if (t == DType::Bool) return static_cast<uint64_t>(rng.uniform(0, 1));
  if (!is_float(t)) {
    if (rng.chance(50)) return rng.engine() & mask;
    return static_cast<uint64_t>(rng.uniform(-300, 300)) & mask;
  }
  double v;
  const int64_t kind = rng.uniform(0, 9);
  if (kind == 0) v = rng.pick(std::vector<double>{0.0, -0.0, INFINITY, -INFINITY, NAN, 1e30, -1e30, 65520.0});
  else if (kind <= 2) v = static_cast<double>(rng.uniform(-400, 400)) + 0.5;
  else v = static_cast<double>(static_cast<int64_t>(rng.engine() % 2000001) - 1000000) / 997.0;
  uint64_t out;
  if (t == DType::Float64) {
    std::memcpy(&out, &v, 8);
  } else {
    const float f = static_cast<float>(v);
    uint32_t u;
    std::memcpy(&u, &f, 4);
    if (t == DType::Float32) out = u;
    else if (t == DType::Bfloat16) out = u >> 16;  // truncated: any bfloat16 will do
    else out = convert::float_to_half(f);
  }
  return out;
}

// ---- Views ----

struct Layout {
  std::vector<int64_t> dims, strides;
  int64_t offset = 0;
  int64_t storage = 0;  // elements the buffer needs
};

// A random view of `dims` over a larger buffer: axes permuted, some reversed,
// some broadcast (source only), padded between.
Layout random_view(th::Rng& rng, const std::vector<int64_t>& dims, bool source) {
  const size_t r = dims.size();
  std::vector<size_t> order(r);
  std::iota(order.begin(), order.end(), size_t{0});
  for (size_t i = r; i > 1; --i) std::swap(order[i - 1], order[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(i) - 1))]);
  Layout l;
  l.dims = dims;
  l.strides.assign(r, 0);
  int64_t stride = rng.uniform(1, 2);
  for (size_t k = r; k-- > 0;) {  // order[r - 1] innermost
    const size_t a = order[k];
    if (source && rng.chance(15)) continue;  // broadcast
    l.strides[a] = stride;
    stride *= dims[a] + rng.uniform(0, 1);
  }
  l.storage = stride + 4;
  for (size_t a = 0; a < r; ++a) {
    if (rng.chance(30) && dims[a] > 1) {
      l.offset += (dims[a] - 1) * l.strides[a];
      l.strides[a] = -l.strides[a];
    }
  }
  l.offset += rng.uniform(0, 2);
  l.storage += 2;
  return l;
}

int64_t position(const Layout& l, const std::vector<int64_t>& index) {
  int64_t p = l.offset;
  for (size_t k = 0; k < index.size(); ++k) p += index[k] * l.strides[k];
  return p;
}

bool next_index(std::vector<int64_t>& index, const std::vector<int64_t>& dims) {
  for (size_t k = dims.size(); k-- > 0;) {
    if (++index[k] < dims[k]) return true;
    index[k] = 0;
  }
  return false;
}

ConvertCopy copy_of(const Layout& s, const Layout& d, DType st, DType dt) {
  ConvertCopy c;
  c.dims = s.dims;
  c.src_strides = s.strides;
  c.dst_strides = d.strides;
  c.src_offset = s.offset;
  c.dst_offset = d.offset;
  c.src_type = st;
  c.dst_type = dt;
  return c;
}

}  // namespace

TEST_CASE("convert: every pair of dtypes on special values, as numpy computes them", "[convert][golden]") {
  std::vector<Bits> inputs(kDTypeCount);
  for (const auto& in : convert_golden::kInputs) inputs[static_cast<size_t>(in.dtype)] = parse_hex(in.bits, kAll[in.dtype]);
  bool seen[kDTypeCount][kDTypeCount] = {};
  int checked = 0;
  for (const auto& g : convert_golden::kCases) {
    const DType s = kAll[g.src], d = kAll[g.dst];
    seen[g.src][g.dst] = true;
    const Bits expected = parse_hex(g.expected, d);
    const Bits& in = inputs[static_cast<size_t>(g.src)];
    REQUIRE(expected.size() == in.size());
    std::vector<double> scale, bias;
    if (g.affine) {
      scale.push_back(g.scale);
      bias.push_back(g.bias);
    }
    for (bool fast : {true, false}) {
      for (int64_t offset : {0, 3}) {
        const Bits got = run(s, d, static_cast<Rounding>(g.rounding), scale, bias, in, fast, offset);
        for (size_t i = 0; i < in.size(); ++i) {
          INFO(dtype_name(s) << " -> " << dtype_name(d) << " rounding " << g.rounding
                             << (g.affine ? " affine" : "") << " scale " << g.scale << " bias " << g.bias
                             << (fast ? " fast" : " generic") << " input " << std::hex << in[i] << " got "
                             << got[i] << " expected " << expected[i]);
          if (is_nan(d, expected[i]) && !(s == d && !g.affine)) {  // a copy keeps signalling NaNs
            CHECK(is_quiet_nan(d, got[i]));
          } else {
            CHECK(got[i] == expected[i]);
          }
          ++checked;
        }
      }
    }
  }
  for (int s = 0; s < kDTypeCount; ++s) {
    for (int d = 0; d < kDTypeCount; ++d) CHECK(seen[s][d]);
  }
  CHECK(checked > 100000);
}

TEST_CASE("convert: hand-picked values of the rules", "[convert]") {
  auto one = [](DType s, DType d, uint64_t x, Rounding r = Rounding::Auto, std::vector<double> scale = {},
                std::vector<double> bias = {}) {
    return run(s, d, r, scale, bias, Bits{x}, true).at(0);
  };
  // int8 -1: 255 as uint8 plain (low bits), 0 with a scale (saturated).
  CHECK(one(DType::Int8, DType::Uint8, 0xff) == 255);
  CHECK(one(DType::Int8, DType::Uint8, 0xff, Rounding::Auto, {1.0}) == 0);
  // float32 2.5: 2 truncated, 2 nearest (even), 3.5 -> 4.
  CHECK(one(DType::Float32, DType::Int32, 0x40200000) == 2);
  CHECK(one(DType::Float32, DType::Int32, 0x40200000, Rounding::Nearest) == 2);
  CHECK(one(DType::Float32, DType::Int32, 0x40600000, Rounding::Nearest) == 4);
  CHECK(one(DType::Float32, DType::Int32, 0xc0600000) == 0xfffffffdu);  // -3.5 -> -3
  // NaN: 0 as an integer, true as bool; 1e10 saturates.
  CHECK(one(DType::Float32, DType::Int16, 0x7fc00000) == 0);
  CHECK(one(DType::Float32, DType::Bool, 0x7fc00000) == 1);
  CHECK(one(DType::Float32, DType::Int16, 0x501502f9) == 0x7fff);
  CHECK(one(DType::Float64, DType::Uint64, 0xc000000000000000ull) == 0);  // -2
  // int64 2^62 + 2^38 + 1 -> float32 2^62 + 2^39 (not 2^62, as through float64).
  CHECK(one(DType::Int64, DType::Float32, (1ull << 62) + (1ull << 38) + 1) == 0x5e800001u);
  // int32 2^30 + 2^22 + 1 -> bfloat16 rounds up, not to the even tie through float32.
  CHECK(one(DType::Int32, DType::Bfloat16, (1u << 30) + (1u << 22) + 1) == 0x4e81u);
  // float32 -> float16: the smallest subnormal, a tie to zero, 65520 -> inf, -0.
  CHECK(one(DType::Float32, DType::Float16, 0x33800000) == 0x0001);  // 2^-24
  CHECK(one(DType::Float32, DType::Float16, 0x33000000) == 0x0000);  // 2^-25: tie to even 0
  CHECK(one(DType::Float32, DType::Float16, 0x477ff000) == 0x7c00);  // 65520
  CHECK(one(DType::Float32, DType::Float16, 0x477fefff) == 0x7bff);  // just below
  CHECK(one(DType::Float32, DType::Float16, 0x80000000) == 0x8000);
  CHECK(is_quiet_nan(DType::Float16, one(DType::Float32, DType::Float16, 0x7f800001)));  // signalling in
  CHECK(is_quiet_nan(DType::Bfloat16, one(DType::Float32, DType::Bfloat16, 0xff800001)));
  // bool in: any non-zero byte is 1.
  CHECK(one(DType::Bool, DType::Int32, 0x07) == 1);
  CHECK(one(DType::Bool, DType::Float16, 0x01) == 0x3c00);
  // float64 -> float16 rounds once: 1 + 2^-11 + 2^-32 goes up (through float32 it would tie to 1).
  CHECK(one(DType::Float64, DType::Float16, 0x3ff0020000100000ull) == 0x3c01);
}

TEST_CASE("convert: scale and bias per channel on views follow the rules", "[convert][affine]") {
  th::Rng rng(20251126);
  for (DType s : kAll) {
    for (DType d : kAll) {
      for (int round = 0; round < 3; ++round) {
        const size_t rank = static_cast<size_t>(rng.uniform(1, 4));
        std::vector<int64_t> dims(rank);
        for (auto& n : dims) n = rng.uniform(1, rank == 1 ? 70 : 9);
        const Layout sl = random_view(rng, dims, true);
        const Layout dl = random_view(rng, dims, false);
        ConvertCopy c = copy_of(sl, dl, s, d);
        c.channel_dim = static_cast<int>(rng.uniform(0, static_cast<int64_t>(rank) - 1));
        const int64_t channels = dims[static_cast<size_t>(c.channel_dim)];
        const int64_t form = rng.uniform(0, 3);  // per channel both, scale alone, bias alone, scalars
        for (int64_t k = 0; k < channels; ++k) {
          if (form != 2) c.scale.push_back(static_cast<double>(rng.uniform(-2000, 2000)) / 256.0 + 1.0 / 3);
          if (form != 1) c.bias.push_back(static_cast<double>(rng.uniform(-2000, 2000)) / 64.0);
          if (form == 3) break;
        }
        c.rounding = rng.pick(std::vector<Rounding>{Rounding::Auto, Rounding::Truncate, Rounding::Nearest});
        REQUIRE(check_convert("cast", c).ok());
        std::vector<unsigned char> src(static_cast<size_t>(sl.storage) * width(s));
        for (size_t i = 0; i < static_cast<size_t>(sl.storage); ++i) put(src, i, s, random_bits(rng, s));
        for (bool fast : {true, false}) {
          std::vector<unsigned char> dst(static_cast<size_t>(dl.storage) * width(d), 0xcd);
          execute_convert(prepare_convert(c, fast), src.data(), dst.data());
          std::vector<int64_t> index(rank, 0);
          do {
            const int64_t ch = index[static_cast<size_t>(c.channel_dim)];
            const double scale = c.scale.empty() ? 1.0 : c.scale[c.scale.size() == 1 ? 0 : static_cast<size_t>(ch)];
            const double bias = c.bias.empty() ? 0.0 : c.bias[c.bias.size() == 1 ? 0 : static_cast<size_t>(ch)];
            const uint64_t x = get(src, static_cast<size_t>(position(sl, index)), s);
            const double y = affine_rule(s, d, x, scale, bias);
            const uint64_t got = get(dst, static_cast<size_t>(position(dl, index)), d);
            INFO(dtype_name(s) << " -> " << dtype_name(d) << " x " << std::hex << x << " scale " << scale << " bias "
                               << bias << " y " << y << " got " << got << (fast ? " fast" : " generic"));
            REQUIRE(matches_rule(d, got, y, c.rounding != Rounding::Truncate));
          } while (next_index(index, dims));
        }
      }
    }
  }
}

TEST_CASE("convert: plain conversions on views equal those of contiguous runs", "[convert]") {
  th::Rng rng(77);
  for (DType s : kAll) {
    for (DType d : kAll) {
      const size_t rank = static_cast<size_t>(rng.uniform(1, 4));
      std::vector<int64_t> dims(rank);
      for (auto& n : dims) n = rng.uniform(1, 8);
      const Layout sl = random_view(rng, dims, true);
      const Layout dl = random_view(rng, dims, false);
      ConvertCopy c = copy_of(sl, dl, s, d);
      c.rounding = rng.chance(50) ? Rounding::Nearest : Rounding::Auto;
      std::vector<unsigned char> src(static_cast<size_t>(sl.storage) * width(s));
      for (size_t i = 0; i < static_cast<size_t>(sl.storage); ++i) put(src, i, s, random_bits(rng, s));
      // The elements in row-major order, converted as one contiguous run.
      Bits flat;
      std::vector<int64_t> index(rank, 0);
      do flat.push_back(get(src, static_cast<size_t>(position(sl, index)), s));
      while (next_index(index, dims));
      const Bits want = run(s, d, c.rounding, {}, {}, flat, false);
      for (bool fast : {true, false}) {
        std::vector<unsigned char> dst(static_cast<size_t>(dl.storage) * width(d), 0xcd);
        execute_convert(prepare_convert(c, fast), src.data(), dst.data());
        size_t i = 0;
        std::fill(index.begin(), index.end(), 0);
        do {
          INFO(dtype_name(s) << " -> " << dtype_name(d) << " element " << i);
          REQUIRE(same_result(d, get(dst, static_cast<size_t>(position(dl, index)), d), want[i]));
          ++i;
        } while (next_index(index, dims));
      }
    }
  }
}

TEST_CASE("convert: the vector kernels give the generic loop's bits", "[convert][simd]") {
  th::Rng rng(4242);
  int contiguous = 0;
  for (DType s : kAll) {
    for (DType d : kAll) {
      for (int form = 0; form < 2; ++form) {  // plain, scale and bias
        for (int64_t n : {1, 15, 16, 17, 33, 64 + 7, 131}) {
          Bits in(static_cast<size_t>(n));
          // (A bool byte may be any value: non-zero ones read as true.)
          for (auto& b : in) b = s == DType::Bool && rng.chance(30) ? rng.engine() & 0xff : random_bits(rng, s);
          std::vector<double> scale, bias;
          if (form) {
            scale.push_back(static_cast<double>(rng.uniform(-999, 999)) / 100);
            bias.push_back(static_cast<double>(rng.uniform(-50, 50)) / 3.0);
          }
          const Rounding r = rng.pick(std::vector<Rounding>{Rounding::Auto, Rounding::Truncate, Rounding::Nearest});
          const int64_t offset = rng.uniform(0, 5);
          ConvertKernel kernel;
          const Bits fast = run(s, d, r, scale, bias, in, true, offset, &kernel);
          const Bits generic = run(s, d, r, scale, bias, in, false, offset);
          if (kernel == ConvertKernel::Contiguous) ++contiguous;
          for (size_t i = 0; i < in.size(); ++i) {
            INFO(dtype_name(s) << " -> " << dtype_name(d) << " n " << n << " form " << form << " input " << std::hex
                               << in[i] << " fast " << fast[i] << " generic " << generic[i]);
            REQUIRE(same_result(d, fast[i], generic[i]));
          }
        }
      }
    }
  }
  CHECK(contiguous > 400);
}

TEST_CASE("convert: float32 -> float16 in groups of eight normal values gives the generic loop's bits", "[convert][simd]") {
  // Random bits seldom put eight lanes in float16's normal range, the
  // vector path's common case: here most are, with the edges of that range
  // (the rounding to infinity from 65520, the smallest normal, zeros,
  // float32 subnormals) and values outside it mixed in, often or seldom, so
  // that rows of several chunks (wasm: 256 values, converted unchecked and
  // redone when one falls outside) have chunks of both kinds.
  th::Rng rng(1616);
  const float edges[] = {0.0f, -0.0f, 65504.0f, 65519.99f, 65520.0f, -65520.0f, 65536.0f, 0x1p-14f, -0x1p-14f,
                         0x1.fffffep-15f, 0x1p-24f, 1e-40f, -1e-40f, 0x1.002p0f, 0x1.006p0f, 1.0f / 3.0f};
  for (int round = 0; round < 200; ++round) {
    const int64_t n = rng.uniform(8, round % 2 ? 80 : 1100);
    const int edge_percent = round % 3 == 0 ? 15 : round % 3 == 1 ? 1 : 0;
    Bits in(static_cast<size_t>(n));
    for (auto& b : in) {
      float v = rng.chance(edge_percent) ? edges[rng.uniform(0, 15)]
                               : static_cast<float>(rng.uniform(-2000000, 2000000)) * std::ldexp(1.0f, static_cast<int>(rng.uniform(-30, -5)));
      uint32_t bits = 0;
      std::memcpy(&bits, &v, 4);
      b = bits;
    }
    const Bits fast = run(DType::Float32, DType::Float16, Rounding::Auto, {}, {}, in, true, 0);
    const Bits generic = run(DType::Float32, DType::Float16, Rounding::Auto, {}, {}, in, false, 0);
    for (size_t i = 0; i < in.size(); ++i) {
      INFO("input " << std::hex << in[i] << " fast " << fast[i] << " generic " << generic[i]);
      REQUIRE(fast[i] == generic[i]);
    }
  }
}

TEST_CASE("convert: the image pipeline's cases get their vector kernels", "[convert][simd]") {
  auto kernel = [](DType s, DType d, bool affine, int64_t inner_stride = 1) {
    ConvertCopy c;
    c.dims = {3, 64};
    c.src_strides = {1, inner_stride};
    c.dst_strides = {64, 1};
    if (inner_stride == 1) c.src_strides = {64, 1};
    c.src_type = s;
    c.dst_type = d;
    if (affine) {
      c.scale = std::vector<double>{0.5, 0.25, 2};
      c.bias = std::vector<double>{1, 2, 3};
      c.channel_dim = 0;
    }
    return prepare_convert(c).kernel;
  };
  CHECK(kernel(DType::Uint8, DType::Float32, true) == ConvertKernel::Contiguous);
  CHECK(kernel(DType::Uint8, DType::Float32, false) == ConvertKernel::Contiguous);
  CHECK(kernel(DType::Float32, DType::Uint8, true) == ConvertKernel::Contiguous);
  CHECK(kernel(DType::Float32, DType::Uint8, false) == ConvertKernel::Contiguous);
  CHECK(kernel(DType::Float32, DType::Float16, false) == ConvertKernel::Contiguous);
  CHECK(kernel(DType::Float16, DType::Float32, false) == ConvertKernel::Contiguous);
  CHECK(kernel(DType::Float32, DType::Bfloat16, false) == ConvertKernel::Contiguous);
  CHECK(kernel(DType::Int32, DType::Float32, false) == ConvertKernel::Contiguous);
  CHECK(kernel(DType::Float32, DType::Int32, false) == ConvertKernel::Contiguous);
  CHECK(kernel(DType::Int32, DType::Uint32, false) == ConvertKernel::Copy);
  CHECK(kernel(DType::Float32, DType::Float32, false) == ConvertKernel::Copy);
  CHECK(kernel(DType::Int64, DType::Float32, false) == ConvertKernel::Generic);
  CHECK(kernel(DType::Uint8, DType::Float32, true, 4) == ConvertKernel::Deinterleave);
  CHECK(kernel(DType::Uint8, DType::Float32, true, 3) == ConvertKernel::Deinterleave);
  CHECK(kernel(DType::Uint8, DType::Float16, false, 4) == ConvertKernel::Deinterleave);
}

TEST_CASE("convert: uint8 pixels, channels last, a coefficient per channel (periodic), as the generic loop", "[convert][simd][threads]") {
  // An image of H x W x k (k = 2, 3, 4), a crop of it (its rows apart in
  // the source) or all of it (one run), to h x w x k: by the periodic kernel
  // alone, split over a pool (pieces start at any channel), and by the
  // element-by-element loop.
  th::Rng rng(2468);
  ThreadPool pool(3);
  set_convert_parallel_min_bytes(1);
  for (int round = 0; round < 60; ++round) {
    const int64_t k = rng.uniform(2, 4);
    const DType d = rng.pick(std::vector<DType>{DType::Float32, DType::Float16, DType::Bfloat16});
    const int64_t H = rng.uniform(1, 12), W = rng.uniform(1, 90);
    const bool whole = rng.chance(50);
    const int64_t h = whole ? H : rng.uniform(1, H), w = whole ? W : rng.uniform(1, W);
    const int64_t top = rng.uniform(0, H - h), left = rng.uniform(0, W - w);
    std::vector<unsigned char> image(static_cast<size_t>(H * W * k));
    for (auto& b : image) b = static_cast<unsigned char>(rng.uniform(0, 255));
    ConvertCopy c;
    c.dims = {h, w, k};
    c.src_strides = {W * k, k, 1};
    c.dst_strides = {w * k, k, 1};
    c.src_offset = (top * W + left) * k;
    c.src_type = DType::Uint8;
    c.dst_type = d;
    c.channel_dim = 2;
    for (int64_t i = 0; i < k; ++i) {
      c.scale.push_back(static_cast<double>(rng.uniform(-999, 999)) / 997);
      c.bias.push_back(static_cast<double>(rng.uniform(-50, 50)) / 7.0);
    }
    const PreparedConvert fast = prepare_convert(c), generic = prepare_convert(c, false);
    INFO("k " << k << " " << dtype_name(d) << " image " << H << "x" << W << " crop " << h << "x" << w);
    if (w > 1) CHECK(fast.kernel == ConvertKernel::Periodic);  // (one pixel a row: rows apart, element by element)
    const size_t bytes = static_cast<size_t>(h * w * k) * width(d);
    std::vector<unsigned char> a(bytes, 1), b(bytes, 2), pooled(bytes, 3);
    execute_convert(fast, image.data(), a.data());
    execute_convert(generic, image.data(), b.data());
    execute_convert(fast, image.data(), pooled.data(), &pool);
    REQUIRE(a == b);
    REQUIRE(pooled == b);
  }
  set_convert_parallel_min_bytes(kParallelMinBytes);
}

TEST_CASE("convert: uint8 pixels to planes, cropped and per channel, as the generic loop", "[convert][simd]") {
  th::Rng rng(99);
  for (int64_t k : {3, 4}) {
    for (int64_t channels = 1; channels <= k; ++channels) {
      for (DType d : {DType::Float32, DType::Float16, DType::Bfloat16}) {
        for (bool affine : {true, false}) {
          // An image of H x W x k, cropped to h x w from (top, left), as planes [channels, h, w].
          const int64_t H = rng.uniform(1, 9), W = rng.uniform(1, 70);
          const int64_t h = rng.uniform(1, H), w = rng.uniform(1, W);
          const int64_t top = rng.uniform(0, H - h), left = rng.uniform(0, W - w);
          const int64_t first = rng.uniform(0, k - channels);
          std::vector<unsigned char> image(static_cast<size_t>(H * W * k));
          for (auto& b : image) b = static_cast<unsigned char>(rng.engine());
          ConvertCopy c;
          c.dims = {channels, h, w};
          c.src_strides = {1, W * k, k};
          c.src_offset = (top * W + left) * k + first;
          c.dst_strides = {h * w, w, 1};
          c.src_type = DType::Uint8;
          c.dst_type = d;
          if (affine) {
            c.channel_dim = 0;
            for (int64_t i = 0; i < channels; ++i) {
              c.scale.push_back(1.0 / (255.0 * (0.2 + 0.1 * static_cast<double>(i))));
              c.bias.push_back(-0.4 - 0.05 * static_cast<double>(i));
            }
          }
          const PreparedConvert fast = prepare_convert(c), generic = prepare_convert(c, false);
          INFO("k " << k << " channels " << channels << " " << dtype_name(d) << " image " << H << "x" << W << " crop "
                    << h << "x" << w);
          if (h * w > 1) CHECK(fast.kernel == ConvertKernel::Deinterleave);  // (one element: dims all dropped)
          const size_t bytes = static_cast<size_t>(channels * h * w) * width(d);
          std::vector<unsigned char> a(bytes), b(bytes);
          execute_convert(fast, image.data(), a.data());
          execute_convert(generic, image.data(), b.data());
          REQUIRE(a == b);
        }
      }
    }
  }
}

TEST_CASE("convert: a pool of two threads gives the bytes of none", "[convert][threads]") {
  set_convert_parallel_min_bytes(1);
  ThreadPool pool(2);
  th::Rng rng(5);
  struct Shape3 {
    std::vector<int64_t> dims, src_strides, dst_strides;
  };
  const std::vector<Shape3> shapes = {
      {{1, 1, 10007}, {0, 0, 1}, {0, 0, 1}},                     // one long row: split inside it
      {{3, 37, 41}, {1, 41 * 4, 4}, {37 * 41, 41, 1}},          // RGBA pixels to planes
      {{57, 3, 29}, {3 * 29, 29, 1}, {1, 57, 57 * 3}},           // transposed: generic
      {{5, 16, 33}, {-16 * 33, 33, 1}, {16 * 33, 33, 1}},        // reversed outer dim
  };
  for (const auto& sh : shapes) {
    for (DType s : {DType::Uint8, DType::Float32, DType::Int64, DType::Float16}) {
      for (DType d : {DType::Float32, DType::Uint8, DType::Float16, DType::Int32}) {
        for (bool affine : {false, true}) {
          ConvertCopy c;
          c.dims = sh.dims;
          c.src_strides = sh.src_strides;
          c.dst_strides = sh.dst_strides;
          int64_t lo = 0, hi = 0;
          for (size_t k = 0; k < 3; ++k) {
            (sh.src_strides[k] < 0 ? lo : hi) += (sh.dims[k] - 1) * sh.src_strides[k];
          }
          c.src_offset = -lo;
          c.src_type = s;
          c.dst_type = d;
          if (affine) {
            c.channel_dim = 1;
            for (int64_t i = 0; i < sh.dims[1]; ++i) c.scale.push_back(0.01 * static_cast<double>(i + 1));
            c.bias.push_back(0.5);
          }
          const size_t n_src = static_cast<size_t>(hi - lo + 1);
          std::vector<unsigned char> src(n_src * width(s));
          for (size_t i = 0; i < n_src; ++i) put(src, i, s, random_bits(rng, s));
          int64_t volume = 1;
          for (int64_t n : sh.dims) volume *= n;
          const size_t out = static_cast<size_t>(volume) * width(d);
          std::vector<unsigned char> alone(out, 1), pooled(out, 2);
          const PreparedConvert p = prepare_convert(c);
          execute_convert(p, src.data(), alone.data());
          execute_convert(p, src.data(), pooled.data(), &pool);
          INFO(dtype_name(s) << " -> " << dtype_name(d) << " kernel " << static_cast<int>(p.kernel));
          REQUIRE(alone == pooled);
        }
      }
    }
  }
  set_convert_parallel_min_bytes(kParallelMinBytes);
}

TEST_CASE("convert: plans that break the rules are refused", "[convert]") {
  ConvertCopy c;
  c.dims = {2, 3};
  c.src_strides = {3, 1};
  c.dst_strides = {3, 1};
  CHECK(check_convert("cast", c).ok());
  ConvertCopy bad = c;
  bad.dst_strides = {1};
  CHECK(check_convert("cast", bad).code() == ErrorCode::InvalidArgument);
  bad = c;
  bad.scale = std::vector<double>{1, 2};
  CHECK(check_convert("cast", bad).code() == ErrorCode::InvalidArgument);  // no channel_dim
  bad.channel_dim = 1;
  CHECK(check_convert("cast", bad).code() == ErrorCode::InvalidArgument);  // 2 values for a dim of 3
  bad.channel_dim = 0;
  CHECK(check_convert("cast", bad).ok());
  bad.dims = {2, -1};
  CHECK(check_convert("cast", bad).code() == ErrorCode::InvalidArgument);
  // Empty: nothing written.
  c.dims = {0, 3};
  unsigned char dst = 7;
  execute_convert(c, nullptr, &dst);
  CHECK(dst == 7);
}
