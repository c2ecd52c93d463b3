// The loops of dtype conversion: each converts the inner two dims of a
// conversion (a ConvertBlock). Generic: element by element through the
// rules of convert_scalar.hpp. Vector kernels: 16 elements at a time as four
// vectors of four float32s (16-byte vectors: SSE2 natively, SIMD128 in wasm),
// for the pairs whose conversion is exactly "to float32, then from float32"
// (sources exact in float32, or a float32 target), then their tails by the
// scalar rules, so they give the same bits as the generic loop.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "base/simd.hpp"
#include "engine/convert.hpp"
#include "engine/convert_scalar.hpp"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

namespace tensor_ops {

// Inner dim: n0 positions, strides ss0/ds0 (elements of each side's dtype);
// second dim: n1, ss1/ds1. Coefficients (scale, bias) of position (i, j) are
// at index i * c0 + j * c1 of the arrays (which start at this block's).
struct ConvertBlock {
  const unsigned char* s;
  unsigned char* d;
  int64_t n0, ss0, ds0;
  int64_t n1, ss1, ds1;
  const float* scale32;
  const float* bias32;
  const double* scale64;
  const double* bias64;
  int64_t c0, c1;
  bool nearest;
  // Periodic kernel: the inner dim's elements are channels 0..period-1 over
  // and over, its first one channel `phase` (coefficients from index 0).
  int64_t period, phase;
};

namespace convert {

template <typename T>
inline T load_one(const unsigned char* p) noexcept {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <typename T>
inline void store_one(unsigned char* p, T v) noexcept {
  std::memcpy(p, &v, sizeof(T));
}

// ---- Element by element ----

// Mode: 0 plain, 1 scale and bias in float32, 2 in float64.
template <typename S, typename D, int Mode>
inline void convert_element(const unsigned char* s, unsigned char* d, const ConvertBlock& b,
                            int64_t coef) noexcept {
  const S x = load_one<S>(s);
  D y;
  if constexpr (Mode == 0) y = convert_value<D>(x, b.nearest);
  else if constexpr (Mode == 1) y = affine_value<float, D>(x, b.scale32[coef], b.bias32[coef], b.nearest);
  else y = affine_value<double, D>(x, b.scale64[coef], b.bias64[coef], b.nearest);
  store_one(d, y);
}

template <typename S, typename D, int Mode>
void generic_block(const ConvertBlock& b) noexcept {
  constexpr int64_t sw = sizeof(S), dw = sizeof(D);
  for (int64_t j = 0; j < b.n1; ++j) {
    const unsigned char* s = b.s + j * b.ss1 * sw;
    unsigned char* d = b.d + j * b.ds1 * dw;
    const int64_t cj = j * b.c1;
    if (b.ss0 == 1 && b.ds0 == 1 && b.c0 == 0) {
      for (int64_t i = 0; i < b.n0; ++i) convert_element<S, D, Mode>(s + i * sw, d + i * dw, b, cj);
    } else {
      for (int64_t i = 0; i < b.n0; ++i) {
        convert_element<S, D, Mode>(s + i * b.ss0 * sw, d + i * b.ds0 * dw, b, cj + i * b.c0);
      }
    }
  }
}

// ---- Vectors of four float32s ----

using F4 = simd::Vec<float>;
using I4 = simd::Vec<int32_t>;
using U4 = simd::Vec<uint32_t>;
using U16x8 = simd::Vec<uint16_t>;
using I16x8 = simd::Vec<int16_t>;
using U8x16 = simd::Vec<uint8_t>;
using I8x16 = simd::Vec<int8_t>;

// Lanes of `a` where mask is all ones, of `b` elsewhere.
template <typename V, typename M>
inline V select(M mask, V a, V b) noexcept {
  const U4 m = reinterpret_cast<U4>(mask);
  return reinterpret_cast<V>((m & reinterpret_cast<U4>(a)) | (~m & reinterpret_cast<U4>(b)));
}

inline F4 to_float(I4 v) noexcept { return __builtin_convertvector(v, F4); }
// Lane by lane initialisation (simd::splat's loop) stays a loop through
// memory in Emscripten 3.1.6's -O3 inside these kernels: literals become one splat.
inline F4 splat(float v) noexcept { return F4{v, v, v, v}; }
inline U4 splat_u(uint32_t v) noexcept { return U4{v, v, v, v}; }
inline I4 splat_i(int32_t v) noexcept { return I4{v, v, v, v}; }

// The half_to_float of convert_scalar.hpp, lane by lane.
inline F4 half_to_float(U4 h) noexcept {
  const U4 sign = (h & 0x8000u) << 16;
  const U4 em = h & 0x7fffu;
  const U4 normal = (em << 13) + 0x38000000u;
  const F4 sub = reinterpret_cast<F4>(normal + 0x00800000u) - 0x1p-14f;
  const U4 special = splat_u(0x7f800000u) | (em << 13) | (reinterpret_cast<U4>(em > 0x7c00u) & 0x00400000u);
  const U4 finite = select(em < 0x0400u, reinterpret_cast<U4>(sub), normal);
  return reinterpret_cast<F4>(select(em >= 0x7c00u, special, finite) | sign);
}

// Whether every lane of a comparison's mask is set.
inline bool all_lanes(U4 mask) noexcept {
#if defined(__wasm_simd128__)
  return wasm_i32x4_all_true(reinterpret_cast<v128_t>(mask));
#elif defined(__SSE2__)
  return _mm_movemask_ps(reinterpret_cast<__m128>(mask)) == 0xf;
#else
  return mask[0] && mask[1] && mask[2] && mask[3];
#endif
}

// The float_to_half of convert_scalar.hpp, lane by lane: 16-bit results in 32-bit lanes.
inline U4 float_to_half(F4 f) noexcept {
  U4 x = reinterpret_cast<U4>(f);
  const U4 sign = (x >> 16) & 0x8000u;
  x &= 0x7fffffffu;
  const U4 odd = (x >> 13) & 1u;
  const U4 normal = (x + 0xc8000fffu + odd) >> 13;
  // Every lane zero or a normal float16 ([2^-14, 65520)), the common case: done.
  const U4 zero = reinterpret_cast<U4>(x == 0u);
  if (all_lanes(((x - 0x38800000u) < 0x0f000000u) | zero)) return (normal & ~zero) | sign;
  const U4 inf_nan = select(x > 0x7f800000u, splat_u(0x7e00u), splat_u(0x7c00u));
  const F4 sub = reinterpret_cast<F4>(x) + 0.5f;
  const U4 subnormal = reinterpret_cast<U4>(sub) - 0x3f000000u;
  const U4 finite = select(x < 0x38800000u, subnormal, normal);
  return select(x >= 0x47800000u, inf_nan, finite) | sign;
}

#if defined(__wasm_simd128__)
// What float_to_half8 saw, so far: the least of each lane's magnitude less
// one (zero's wraps to the top, out of the way) and the greatest magnitude,
// of the floats' high halves.
struct HalfRange {
  v128_t least_less_one = wasm_i16x8_splat(-1);
  v128_t greatest = wasm_i16x8_splat(0);
  // Every float zero (high half zero: below any float16 subnormal) or in
  // [2^-14, 65536), a normal float16 once rounded or infinity (65520 on).
  bool fits() const noexcept {
    return !wasm_v128_any_true(wasm_v128_or(wasm_u16x8_lt(least_less_one, wasm_i16x8_splat(0x3880 - 1)),
                                            wasm_u16x8_ge(greatest, wasm_i16x8_splat(0x4780))));
  }
};

// Eight floats to float16 at once, right when `seen` fits once it has seen
// them (the common case; a caller redoes the others with float_to_half).
// The rounding adds 0xfff plus the kept mantissa's low bit to the
// magnitude, rebiased by (15 - 127) << 23 first: bits 13..28 are then the
// float16's exponent and mantissa, and zero's (negative) clamps to 0. The
// sign and the range run on the high halves, eight lanes at a time.
inline U16x8 float_to_half8(F4 f0, F4 f1, HalfRange& seen) noexcept {
  const v128_t x0 = reinterpret_cast<v128_t>(f0), x1 = reinterpret_cast<v128_t>(f1);
  const v128_t hi = wasm_i8x16_shuffle(x0, x1, 2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 27, 30, 31);
  const v128_t magnitude = wasm_v128_and(hi, wasm_i16x8_splat(0x7fff));
  seen.least_less_one = wasm_u16x8_min(seen.least_less_one, wasm_i16x8_sub(magnitude, wasm_i16x8_splat(1)));
  seen.greatest = wasm_u16x8_max(seen.greatest, magnitude);
  const U4 a0 = reinterpret_cast<U4>(f0) & 0x7fffffffu, a1 = reinterpret_cast<U4>(f1) & 0x7fffffffu;
  const I4 r0 = reinterpret_cast<I4>(a0 + 0xc8000fffu + ((a0 >> 13) & 1u)) >> 13;
  const I4 r1 = reinterpret_cast<I4>(a1 + 0xc8000fffu + ((a1 >> 13) & 1u)) >> 13;
  const v128_t low = wasm_i16x8_max(
      wasm_i16x8_narrow_i32x4(reinterpret_cast<v128_t>(r0), reinterpret_cast<v128_t>(r1)), wasm_i16x8_splat(0));
  return reinterpret_cast<U16x8>(wasm_v128_or(low, wasm_v128_and(hi, wasm_i16x8_splat(static_cast<int16_t>(0x8000)))));
}

// Sixteen floats to float16 by float_to_half8, unchecked: `seen` says
// whether all were right (see contiguous_block).
inline void store16_half_unchecked(unsigned char* p, const F4 v[4], HalfRange& seen) noexcept {
  simd::store(p, reinterpret_cast<U8x16>(float_to_half8(v[0], v[1], seen)));
  simd::store(p + 16, reinterpret_cast<U8x16>(float_to_half8(v[2], v[3], seen)));
}
#endif

inline U4 float_to_bf16(F4 f) noexcept {
  const U4 x = reinterpret_cast<U4>(f);
  const U4 nan = (x >> 16) | 0x0040u;
  const U4 rounded = (x + 0x7fffu + ((x >> 16) & 1u)) >> 16;
  return select((x & 0x7fffffffu) > 0x7f800000u, nan, rounded);
}

inline F4 bf16_to_float(U4 b) noexcept {
  const U4 x = b << 16;
  return reinterpret_cast<F4>(select((x & 0x7fffffffu) > 0x7f800000u, x | 0x00400000u, x));
}

// Two vectors of 32-bit lanes whose values fit 16 bits (signed or not) to
// one of 16-bit lanes, and two of 16-bit lanes holding 8-bit values to one
// of bytes (the values already clamped, so saturating packs truncate nothing).
inline U16x8 narrow32(I4 a, I4 b, bool is_unsigned) noexcept {
#if defined(__wasm_simd128__)
  const v128_t x = reinterpret_cast<v128_t>(a), y = reinterpret_cast<v128_t>(b);
  return reinterpret_cast<U16x8>(is_unsigned ? wasm_u16x8_narrow_i32x4(x, y) : wasm_i16x8_narrow_i32x4(x, y));
#elif defined(__SSE2__)
  if (is_unsigned) {  // SSE2 packs signed only: centre the range, pack, move it back
    const I4 c = splat_i(32768);
    const __m128i p = _mm_packs_epi32(reinterpret_cast<__m128i>(a - c), reinterpret_cast<__m128i>(b - c));
    return reinterpret_cast<U16x8>(p ^ _mm_set1_epi16(static_cast<short>(0x8000)));
  }
  return reinterpret_cast<U16x8>(_mm_packs_epi32(reinterpret_cast<__m128i>(a), reinterpret_cast<__m128i>(b)));
#else
  (void)is_unsigned;
  return simd::even<uint16_t>(reinterpret_cast<U16x8>(a), reinterpret_cast<U16x8>(b));
#endif
}
inline U8x16 narrow16(U16x8 a, U16x8 b, bool is_unsigned) noexcept {
#if defined(__wasm_simd128__)
  const v128_t x = reinterpret_cast<v128_t>(a), y = reinterpret_cast<v128_t>(b);
  return reinterpret_cast<U8x16>(is_unsigned ? wasm_u8x16_narrow_i16x8(x, y) : wasm_i8x16_narrow_i16x8(x, y));
#elif defined(__SSE2__)
  const __m128i x = reinterpret_cast<__m128i>(a), y = reinterpret_cast<__m128i>(b);
  return reinterpret_cast<U8x16>(is_unsigned ? _mm_packus_epi16(x, y) : _mm_packs_epi16(x, y));
#else
  (void)is_unsigned;
  return simd::even<uint8_t>(reinterpret_cast<U8x16>(a), reinterpret_cast<U8x16>(b));
#endif
}

// 32-bit lanes: the low and high halves of 16-bit lanes, widened (zero or sign).
inline I4 widen_low(U16x8 v, bool is_signed) noexcept {
  if (is_signed) return reinterpret_cast<I4>(simd::zip_low<uint16_t>(v, v)) >> 16;
  return reinterpret_cast<I4>(simd::zip_low<uint16_t>(v, U16x8{}));
}
inline I4 widen_high(U16x8 v, bool is_signed) noexcept {
  if (is_signed) return reinterpret_cast<I4>(simd::zip_high<uint16_t>(v, v)) >> 16;
  return reinterpret_cast<I4>(simd::zip_high<uint16_t>(v, U16x8{}));
}
// 16-bit lanes from the low and high halves of byte lanes.
inline U16x8 widen8_low(U8x16 v, bool is_signed) noexcept {
  if (is_signed) return reinterpret_cast<U16x8>(reinterpret_cast<I16x8>(simd::zip_low<uint8_t>(v, v)) >> 8);
  return reinterpret_cast<U16x8>(simd::zip_low<uint8_t>(v, U8x16{}));
}
inline U16x8 widen8_high(U8x16 v, bool is_signed) noexcept {
  if (is_signed) return reinterpret_cast<U16x8>(reinterpret_cast<I16x8>(simd::zip_high<uint8_t>(v, v)) >> 8);
  return reinterpret_cast<U16x8>(simd::zip_high<uint8_t>(v, U8x16{}));
}

// The element types with vector loads and stores.
template <typename T>
constexpr bool kVectorType = std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> ||
                             std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> ||
                             std::is_same_v<T, Half> || std::is_same_v<T, Bf16> ||
                             std::is_same_v<T, float> || std::is_same_v<T, int32_t> || std::is_same_v<T, Bool8>;

// 16 bytes of 8-bit integers as four float vectors.
inline void bytes_to_float(U8x16 v, bool is_signed, F4 out[4]) noexcept {
  const U16x8 lo = widen8_low(v, is_signed), hi = widen8_high(v, is_signed);
  out[0] = to_float(widen_low(lo, is_signed));
  out[1] = to_float(widen_high(lo, is_signed));
  out[2] = to_float(widen_low(hi, is_signed));
  out[3] = to_float(widen_high(hi, is_signed));
}

// 16 elements from p (any alignment) as four float vectors (exact, except
// int32, rounded to nearest even).
template <typename S>
inline void load16(const unsigned char* p, F4 out[4]) noexcept {
  if constexpr (std::is_same_v<S, Bool8>) {
    // Any non-zero byte is true: each byte as 0 or 1 first.
    const U8x16 v = simd::load(p);
    bytes_to_float(reinterpret_cast<U8x16>(v != 0) & 1, false, out);
  } else if constexpr (sizeof(S) == 1) {
    bytes_to_float(simd::load(p), std::is_signed_v<S>, out);
  } else if constexpr (sizeof(S) == 2) {
    for (int h = 0; h < 2; ++h) {
      const U16x8 v = reinterpret_cast<U16x8>(simd::load(p + 16 * h));
      if constexpr (std::is_same_v<S, Half>) {
        out[2 * h] = half_to_float(reinterpret_cast<U4>(widen_low(v, false)));
        out[2 * h + 1] = half_to_float(reinterpret_cast<U4>(widen_high(v, false)));
      } else if constexpr (std::is_same_v<S, Bf16>) {
        out[2 * h] = bf16_to_float(reinterpret_cast<U4>(widen_low(v, false)));
        out[2 * h + 1] = bf16_to_float(reinterpret_cast<U4>(widen_high(v, false)));
      } else {
        out[2 * h] = to_float(widen_low(v, std::is_signed_v<S>));
        out[2 * h + 1] = to_float(widen_high(v, std::is_signed_v<S>));
      }
    }
  } else if constexpr (std::is_same_v<S, float>) {
    for (int q = 0; q < 4; ++q) out[q] = reinterpret_cast<F4>(simd::load(p + 16 * q));
  } else {
    static_assert(std::is_same_v<S, int32_t>);
    for (int q = 0; q < 4; ++q) out[q] = to_float(reinterpret_cast<I4>(simd::load(p + 16 * q)));
  }
}

// Floats to integers of [lo, hi] (|lo|, |hi| < 2^22): NaN 0, clamped, then
// rounded (nearest even: the magic-number addition) or truncated.
inline I4 to_small_int(F4 v, float lo, float hi, bool nearest) noexcept {
#if defined(__wasm_simd128__)
  // pmax(a, b) = a < b ? b : a, one maxps in V8 (the select form becomes
  // f32x4.max/min, whose NaN and -0 rules cost several instructions each).
  // pmax(lo, NaN) is lo: NaN gives 0 where lo is 0.
  if (lo != 0) v = select(v == v, v, F4{});
  v = reinterpret_cast<F4>(wasm_f32x4_pmax(reinterpret_cast<v128_t>(splat(lo)), reinterpret_cast<v128_t>(v)));
  v = reinterpret_cast<F4>(wasm_f32x4_pmin(reinterpret_cast<v128_t>(splat(hi)), reinterpret_cast<v128_t>(v)));
#else
  v = select(v == v, v, F4{});
  v = select(v < lo, splat(lo), v);
  v = select(v > hi, splat(hi), v);
#endif
  if (nearest) {
    // v + 1.5 * 2^23 rounds v to an integer in the low mantissa bits (|v| <
    // 2^22): the bits less the magic's are that integer, with no conversion
    // (i32x4.trunc_sat_f32x4_s is several instructions in V8).
    const F4 magic = splat(0x1.8p23f);
    return reinterpret_cast<I4>(v + magic) - reinterpret_cast<I4>(magic);
  }
  return __builtin_convertvector(v, I4);
}

// Floats to int32: NaN 0, saturated, truncated or nearest even.
inline I4 to_int32(F4 v, bool nearest) noexcept {
#if defined(__wasm_simd128__)
  // i32x4.trunc_sat_f32x4_s is the rule itself (NaN 0, saturated), and
  // f32x4.nearest rounds to nearest even.
  v128_t x = reinterpret_cast<v128_t>(v);
  if (nearest) x = wasm_f32x4_nearest(x);
  return reinterpret_cast<I4>(wasm_i32x4_trunc_sat_f32x4(x));
#else
  const F4 two31 = splat(2147483648.0f);
  const I4 high = v >= two31;
  v = select(v == v, v, F4{});
  v = select(v < -two31, -two31, v);
  v = select(high, F4{}, v);
  if (nearest) {
    const U4 sign = reinterpret_cast<U4>(v) & 0x80000000u;
    const F4 m = reinterpret_cast<F4>(sign | 0x4b000000u);  // +-2^23
    const F4 t = v + m;
    const F4 r = t - m;
    const F4 a = reinterpret_cast<F4>(reinterpret_cast<U4>(v) & 0x7fffffffu);
    v = select(a < 8388608.0f, r, v);
  }
  const I4 i = __builtin_convertvector(v, I4);
  return select(high, splat_i(0x7fffffff), i);
#endif
}

// Four float vectors (16 elements) to p, converted to D.
template <typename D>
inline void store16(unsigned char* p, const F4 v[4], bool nearest) noexcept {
  if constexpr (std::is_same_v<D, float>) {
    for (int q = 0; q < 4; ++q) simd::store(p + 16 * q, reinterpret_cast<U8x16>(v[q]));
  } else if constexpr (std::is_same_v<D, Half> || std::is_same_v<D, Bf16>) {
    for (int h = 0; h < 2; ++h) {
#if defined(__wasm_simd128__)
      if constexpr (std::is_same_v<D, Half>) {
        HalfRange seen;
        const U16x8 packed = float_to_half8(v[2 * h], v[2 * h + 1], seen);
        if (seen.fits()) {
          simd::store(p + 16 * h, reinterpret_cast<U8x16>(packed));
          continue;
        }
      }
#endif
      U4 a, b;
      if constexpr (std::is_same_v<D, Half>) a = float_to_half(v[2 * h]), b = float_to_half(v[2 * h + 1]);
      else a = float_to_bf16(v[2 * h]), b = float_to_bf16(v[2 * h + 1]);
      // Lanes hold 16-bit values: packed as unsigned 16-bit integers.
      const U16x8 packed = narrow32(reinterpret_cast<I4>(a), reinterpret_cast<I4>(b), true);
      simd::store(p + 16 * h, reinterpret_cast<U8x16>(packed));
    }
  } else if constexpr (std::is_same_v<D, int32_t>) {
    for (int q = 0; q < 4; ++q) simd::store(p + 16 * q, reinterpret_cast<U8x16>(to_int32(v[q], nearest)));
  } else if constexpr (std::is_same_v<D, Bool8>) {
    // True where not zero, NaN included (NaN != 0).
    I4 i[4];
    for (int q = 0; q < 4; ++q) i[q] = reinterpret_cast<I4>(v[q] != 0.0f) & 1;
    simd::store(p, narrow16(narrow32(i[0], i[1], true), narrow32(i[2], i[3], true), true));
  } else {
    constexpr float lo = static_cast<float>(std::numeric_limits<D>::min());
    constexpr float hi = static_cast<float>(std::numeric_limits<D>::max());
    I4 i[4];
    for (int q = 0; q < 4; ++q) i[q] = to_small_int(v[q], lo, hi, nearest);
    const U16x8 a = narrow32(i[0], i[1], std::is_unsigned_v<D>);
    const U16x8 b = narrow32(i[2], i[3], std::is_unsigned_v<D>);
    if constexpr (sizeof(D) == 2) {
      simd::store(p, reinterpret_cast<U8x16>(a));
      simd::store(p + 16, reinterpret_cast<U8x16>(b));
    } else {
      simd::store(p, narrow16(a, b, std::is_unsigned_v<D>));
    }
  }
}

// Integers to integers of up to 32 bits, contiguous rows, without scale or
// bias: the value's low bits (sign- or zero-extended first, then cut to the
// target's width: int32 300 -> uint8 44), sixteen lanes at a time.
template <typename S, typename D>
void int_bits_block(const ConvertBlock& b) noexcept {
  static_assert(std::is_integral_v<S> && std::is_integral_v<D> && sizeof(D) <= 4);
  constexpr int64_t sw = sizeof(S), dw = sizeof(D);
  for (int64_t j = 0; j < b.n1; ++j) {
    const unsigned char* s = b.s + j * b.ss1 * sw;
    unsigned char* d = b.d + j * b.ds1 * dw;
    int64_t i = 0;
    for (; i + 16 <= b.n0; i += 16) {
      const unsigned char* p = s + i * sw;
      unsigned char* q = d + i * dw;
      if constexpr (sw == dw) {
        for (int k = 0; k < sw; ++k) simd::store(q + 16 * k, simd::load(p + 16 * k));
        continue;
      }
      I4 v[4];
      if constexpr (sw == 1) {
        const U8x16 x = simd::load(p);
        const U16x8 lo = widen8_low(x, std::is_signed_v<S>), hi = widen8_high(x, std::is_signed_v<S>);
        v[0] = widen_low(lo, std::is_signed_v<S>), v[1] = widen_high(lo, std::is_signed_v<S>);
        v[2] = widen_low(hi, std::is_signed_v<S>), v[3] = widen_high(hi, std::is_signed_v<S>);
      } else if constexpr (sw == 2) {
        for (int h = 0; h < 2; ++h) {
          const U16x8 x = reinterpret_cast<U16x8>(simd::load(p + 16 * h));
          v[2 * h] = widen_low(x, std::is_signed_v<S>), v[2 * h + 1] = widen_high(x, std::is_signed_v<S>);
        }
      } else if constexpr (sw == 4) {
        for (int k = 0; k < 4; ++k) v[k] = reinterpret_cast<I4>(simd::load(p + 16 * k));
      } else {
        // 64-bit: their low halves, the even 32-bit lanes.
        for (int k = 0; k < 4; ++k) {
          v[k] = reinterpret_cast<I4>(simd::even<uint32_t>(reinterpret_cast<U4>(simd::load(p + 32 * k)),
                                                           reinterpret_cast<U4>(simd::load(p + 32 * k + 16))));
        }
      }
      if constexpr (dw == 4) {
        for (int k = 0; k < 4; ++k) simd::store(q + 16 * k, reinterpret_cast<U8x16>(v[k]));
      } else {
        // Masked to the target's width, the unsigned packs keep every bit.
        constexpr int32_t mask = dw == 2 ? 0xffff : 0xff;
        const U16x8 a = narrow32(v[0] & mask, v[1] & mask, true), c = narrow32(v[2] & mask, v[3] & mask, true);
        if constexpr (dw == 2) {
          simd::store(q, reinterpret_cast<U8x16>(a));
          simd::store(q + 16, reinterpret_cast<U8x16>(c));
        } else {
          simd::store(q, narrow16(a, c, true));
        }
      }
    }
    for (; i < b.n0; ++i) convert_element<S, D, 0>(s + i * sw, d + i * dw, b, 0);
  }
}

// The pairs wide_block converts by lanes.
template <typename S, typename D>
constexpr bool kWidePair = (std::is_same_v<S, double> && std::is_same_v<D, float>) ||
                           (std::is_same_v<S, float> && std::is_same_v<D, double>);

// Four elements at p to q: float64 <-> float32 as a scalar cast converts
// (rounded to nearest even; exact the other way).
template <typename S, typename D>
inline void convert4(const unsigned char* p, unsigned char* q) noexcept {
#if defined(__wasm_simd128__)
  const v128_t a = wasm_v128_load(p);
  if constexpr (std::is_same_v<S, double>) {
    const v128_t lo = wasm_f32x4_demote_f64x2_zero(a), hi = wasm_f32x4_demote_f64x2_zero(wasm_v128_load(p + 16));
    wasm_v128_store(q, wasm_i64x2_shuffle(lo, hi, 0, 2));
  } else {
    wasm_v128_store(q, wasm_f64x2_promote_low_f32x4(a));
    wasm_v128_store(q + 16, wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(a, a, 1, 1)));
  }
#else
  typedef S S4 __attribute__((vector_size(4 * sizeof(S))));
  typedef D D4 __attribute__((vector_size(4 * sizeof(D))));
  S4 v;
  std::memcpy(&v, p, sizeof v);
  const D4 r = __builtin_convertvector(v, D4);
  std::memcpy(q, &r, sizeof r);
#endif
}

// Contiguous rows of a kWidePair, without scale or bias (a scalar cast
// each, element by element, took 1.1 ns from float64 in wasm; by lanes 0.3).
template <typename S, typename D>
void wide_block(const ConvertBlock& b) noexcept {
  static_assert(kWidePair<S, D>);
  constexpr int64_t sw = sizeof(S), dw = sizeof(D);
  for (int64_t j = 0; j < b.n1; ++j) {
    const unsigned char* s = b.s + j * b.ss1 * sw;
    unsigned char* d = b.d + j * b.ds1 * dw;
    int64_t i = 0;
    for (; i + 4 <= b.n0; i += 4) convert4<S, D>(s + i * sw, d + i * dw);
    for (; i < b.n0; ++i) convert_element<S, D, 0>(s + i * sw, d + i * dw, b, 0);
  }
}

// Bytes to and from bool (int8, uint8 <-> bool), contiguous rows: every
// non-zero byte 1, without scale or bias.
inline void bool_bytes_block(const ConvertBlock& b) noexcept {
  for (int64_t j = 0; j < b.n1; ++j) {
    const unsigned char* s = b.s + j * b.ss1;
    unsigned char* d = b.d + j * b.ds1;
    int64_t i = 0;
    for (; i + 16 <= b.n0; i += 16) simd::store(d + i, reinterpret_cast<U8x16>(simd::load(s + i) != 0) & 1);
    for (; i < b.n0; ++i) d[i] = s[i] != 0;
  }
}

// Contiguous inner dim on both sides, one coefficient per row (c0 == 0).
// Affine: y = x * scale + bias in float32 first.
template <typename S, typename D, bool Affine>
void contiguous_block(const ConvertBlock& b) noexcept {
  constexpr int64_t sw = sizeof(S), dw = sizeof(D);
  for (int64_t j = 0; j < b.n1; ++j) {
    const unsigned char* s = b.s + j * b.ss1 * sw;
    unsigned char* d = b.d + j * b.ds1 * dw;
    const int64_t cj = j * b.c1;
    const F4 scale = splat(Affine ? b.scale32[cj] : 1.0f), bias = splat(Affine ? b.bias32[cj] : 0.0f);
    auto load = [&](int64_t i, F4 v[4]) {
      load16<S>(s + i * sw, v);
      if constexpr (Affine) {
        for (int q = 0; q < 4; ++q) {
          const F4 p = v[q] * scale;
          v[q] = p + bias;
        }
      }
    };
    int64_t i = 0;
#if defined(__wasm_simd128__)
    // To float16: a chunk unchecked, then again by the exact lanes if any
    // value fell outside what the unchecked conversion gets right. Checking
    // each eight instead (a branch on all lanes) costs 50% more.
    if constexpr (std::is_same_v<D, Half>) {
      constexpr int64_t kChunk = 256;
      for (const int64_t vector_end = b.n0 - b.n0 % 16; i < vector_end;) {
        const int64_t end = std::min(vector_end, i + kChunk);
        HalfRange seen;
        for (int64_t k = i; k < end; k += 16) {
          F4 v[4];
          load(k, v);
          store16_half_unchecked(d + k * dw, v, seen);
        }
        if (!seen.fits()) {
          for (int64_t k = i; k < end; k += 16) {
            F4 v[4];
            load(k, v);
            store16<D>(d + k * dw, v, b.nearest);
          }
        }
        i = end;
      }
    }
#endif
    for (; i + 16 <= b.n0; i += 16) {
      F4 v[4];
      load(i, v);
      store16<D>(d + i * dw, v, b.nearest);
    }
    for (; i < b.n0; ++i) convert_element<S, D, Affine ? 1 : 0>(s + i * sw, d + i * dw, b, cj);
  }
}

// uint8 pixels of K interleaved channels to planes: the inner dim is the
// pixels (source stride K, destination stride 1), the second the n1 <= K
// channels (source stride 1, destination stride ds1: the planes), one
// coefficient per channel (c0 == 0). Affine in float32.
template <typename D, int K, bool Affine>
void deinterleave_block(const ConvertBlock& b) noexcept {
  constexpr int64_t dw = sizeof(D);
  const int channels = static_cast<int>(b.n1);
  const int64_t n = b.n0;
  float scale[4] = {1, 1, 1, 1}, bias[4] = {0, 0, 0, 0};
  for (int c = 0; c < channels; ++c) {
    if constexpr (Affine) {
      scale[c] = b.scale32[c * b.c1];
      bias[c] = b.bias32[c * b.c1];
    }
  }
  // Vector loads read whole pixels, and K == 3's also one byte past each:
  // the last pixel is left to the scalar tail unless all its bytes are the view's.
  const int64_t vector_end = (channels == K && K == 4) ? n : n - 1;
  int64_t i = 0;
  for (; i + 16 <= vector_end; i += 16) {
    const unsigned char* s = b.s + K * i;
    if constexpr (K == 3 && simd::kByteShuffles) {
      // Any byte shuffle is one instruction (wasm, SSSE3): each channel's 16
      // bytes picked from the 48 of the 16 pixels, then widened.
      const U8x16 x = simd::load(s), y = simd::load(s + 16), z = simd::load(s + 32);
      for (int c = 0; c < channels; ++c) {
        const U8x16 bytes = c == 0 ? simd::phase3<0, uint8_t>(x, y, z)
                            : c == 1 ? simd::phase3<1, uint8_t>(x, y, z)
                                     : simd::phase3<2, uint8_t>(x, y, z);
        F4 v[4];
        bytes_to_float(bytes, false, v);
        if constexpr (Affine) {
          const F4 sc = splat(scale[c]), bi = splat(bias[c]);
          for (int q = 0; q < 4; ++q) {
            const F4 p = v[q] * sc;
            v[q] = p + bi;
          }
        }
        store16<D>(b.d + (c * b.ds1 + i) * dw, v, b.nearest);
      }
      continue;
    }
    U4 px[4];  // pixel p of the 16: lane p % 4 of px[p / 4], channel c in bits 8c..8c+7
    if constexpr (K == 4) {
      for (int q = 0; q < 4; ++q) px[q] = reinterpret_cast<U4>(simd::load(s + 16 * q));
    } else {
      for (int q = 0; q < 4; ++q) {
        uint32_t lanes[4];
        for (int l = 0; l < 4; ++l) lanes[l] = load_one<uint32_t>(s + 3 * (4 * q + l));
        px[q] = simd::load(lanes);
      }
    }
    for (int c = 0; c < channels; ++c) {
      F4 v[4];
      for (int q = 0; q < 4; ++q) v[q] = to_float(reinterpret_cast<I4>((px[q] >> (8 * c)) & 0xffu));
      if constexpr (Affine) {
        const F4 sc = splat(scale[c]), bi = splat(bias[c]);
        for (int q = 0; q < 4; ++q) {
          const F4 p = v[q] * sc;
          v[q] = p + bi;
        }
      }
      store16<D>(b.d + (c * b.ds1 + i) * dw, v, b.nearest);
    }
  }
  for (; i < n; ++i) {
    for (int c = 0; c < channels; ++c) {
      const uint8_t x = b.s[K * i + c];
      D y;
      if constexpr (Affine) y = affine_value<float, D>(x, scale[c], bias[c], b.nearest);
      else y = convert_value<D>(x, b.nearest);
      store_one(b.d + (c * b.ds1 + i) * dw, y);
    }
  }
}

// uint8 pixels of K = 2, 3 or 4 channels dense on both sides, one
// coefficient per channel (channels last): a row of the pixels' elements,
// element i of channel (phase + i) % K. 48 elements hold whole periods and
// whole 16-element steps, so the coefficients of a step are one of three
// sets of four vectors. Affine in float32.
template <typename D>
void periodic_block(const ConvertBlock& b) noexcept {
  constexpr int64_t dw = sizeof(D);
  constexpr int kSpan = 48;
  float scale[kSpan], bias[kSpan];
  for (int e = 0; e < kSpan; ++e) {
    const int64_t c = (b.phase + e) % b.period;
    scale[e] = b.scale32[c];
    bias[e] = b.bias32[c];
  }
  F4 sc[kSpan / 4], bi[kSpan / 4];
  for (int q = 0; q < kSpan / 4; ++q) {
    sc[q] = F4{scale[4 * q], scale[4 * q + 1], scale[4 * q + 2], scale[4 * q + 3]};
    bi[q] = F4{bias[4 * q], bias[4 * q + 1], bias[4 * q + 2], bias[4 * q + 3]};
  }
  for (int64_t j = 0; j < b.n1; ++j) {
    const unsigned char* s = b.s + j * b.ss1;
    unsigned char* d = b.d + j * b.ds1 * dw;
    int64_t i = 0;
    for (int g = 0; i + 16 <= b.n0; i += 16, g = g == 2 ? 0 : g + 1) {
      F4 v[4];
      load16<uint8_t>(s + i, v);
      for (int q = 0; q < 4; ++q) {
        const F4 p = v[q] * sc[4 * g + q];
        v[q] = p + bi[4 * g + q];
      }
      store16<D>(d + i * dw, v, b.nearest);
    }
    for (; i < b.n0; ++i) store_one(d + i * dw, affine_value<float, D>(s[i], scale[i % kSpan], bias[i % kSpan], b.nearest));
  }
}

}  // namespace convert
}  // namespace tensor_ops
