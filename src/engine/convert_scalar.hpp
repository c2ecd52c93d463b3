// One value at a time: the rules of dtype conversion (cast), which every
// kernel of convert.cpp follows, the vector ones included (their tails call
// these, and the tests compare both bit for bit).
//
// The rules:
//   same dtype          a copy of the bits;
//   float -> float      rounded to nearest, ties to even; beyond the target's
//                       range +-inf; NaN stays NaN (a quiet one, its payload
//                       not kept); -0 stays -0;
//   integer -> float    rounded to nearest, ties to even, once, from the exact
//                       integer (int64 -> float32 does not go through float64,
//                       nor int32 -> float16 through float32);
//   float -> integer    truncated toward zero, or rounded to nearest, ties to
//                       even (Rounding::Nearest), then saturated to the target's
//                       range; NaN gives 0;
//   integer -> integer  the low bits in two's complement (int8 -1 -> uint8 255);
//   to bool             x != 0 (NaN gives true); from bool: 0 or 1 (any
//                       non-zero byte reads as 1).
// With a scale and/or a bias: y = x * scale + bias, computed in float64 when
// either dtype is float64, int32, uint32, int64 or uint64 and in float32
// otherwise (the product and the sum each rounded in that precision: no fused
// multiply-add; scale and bias are first rounded to it), then y converted as
// above, except that to an integer dtype it is rounded to nearest, ties to
// even, unless the rounding is Truncate.
//
// No fused multiply-add: clang contracts a * b + c within one expression by
// default (-ffp-contract=on), GCC in its GNU modes; the pragma below turns it
// off for clang, the file is built with -ffp-contract=off (src/CMakeLists.txt)
// and the product and the sum are separate statements besides.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "base/dtype.hpp"

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

namespace tensor_ops {

// How a float becomes an integer. Auto: truncated in a plain conversion,
// rounded to nearest (ties to even) when a scale or bias is given.
enum class Rounding : int { Auto = 0, Truncate = 1, Nearest = 2 };

namespace convert {

// Raw bits of the 16-bit float types, so that overloads tell them apart.
struct Half {
  uint16_t bits;
};
struct Bf16 {
  uint16_t bits;
};
// bool's byte: 0 or 1 when written; any non-zero byte reads as true.
struct Bool8 {
  uint8_t byte;
};

// The storage type of each dtype, and back.
template <DType D> struct StorageOf;
template <> struct StorageOf<DType::Int8> { using type = int8_t; };
template <> struct StorageOf<DType::Uint8> { using type = uint8_t; };
template <> struct StorageOf<DType::Bool> { using type = Bool8; };
template <> struct StorageOf<DType::Int16> { using type = int16_t; };
template <> struct StorageOf<DType::Uint16> { using type = uint16_t; };
template <> struct StorageOf<DType::Float16> { using type = Half; };
template <> struct StorageOf<DType::Bfloat16> { using type = Bf16; };
template <> struct StorageOf<DType::Int32> { using type = int32_t; };
template <> struct StorageOf<DType::Uint32> { using type = uint32_t; };
template <> struct StorageOf<DType::Float32> { using type = float; };
template <> struct StorageOf<DType::Int64> { using type = int64_t; };
template <> struct StorageOf<DType::Uint64> { using type = uint64_t; };
template <> struct StorageOf<DType::Float64> { using type = double; };
template <DType D>
using Storage = typename StorageOf<D>::type;

template <typename T>
constexpr bool kIsInt = std::is_integral_v<T>;
template <typename T>
constexpr bool kIsFloat = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                          std::is_same_v<T, Half> || std::is_same_v<T, Bf16>;

// Whether a scale/bias conversion between these dtypes computes in float64.
constexpr bool computes_in_float64(DType a) {
  return a == DType::Float64 || a == DType::Int32 || a == DType::Uint32 || a == DType::Int64 ||
         a == DType::Uint64;
}
constexpr bool computes_in_float64(DType src, DType dst) {
  return computes_in_float64(src) || computes_in_float64(dst);
}

inline uint32_t bits_of(float f) noexcept {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float float_of(uint32_t u) noexcept {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline uint64_t bits_of(double f) noexcept {
  uint64_t u;
  std::memcpy(&u, &f, 8);
  return u;
}
inline double double_of(uint64_t u) noexcept {
  double f;
  std::memcpy(&f, &u, 8);
  return f;
}

// ---- float16 and bfloat16 ----

// Exact. A NaN comes out quiet.
inline float half_to_float(uint16_t h) noexcept {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t em = h & 0x7fffu;
  uint32_t bits;
  if (em >= 0x7c00u) {
    bits = 0x7f800000u | (em << 13) | (em > 0x7c00u ? 0x00400000u : 0u);
  } else if (em >= 0x0400u) {
    bits = (em << 13) + 0x38000000u;  // the exponent rebiased (+112)
  } else {
    // A subnormal m * 2^-24: 2^-14 + m * 2^-24 made by bits, less 2^-14
    // (exact, and no arithmetic on float32 subnormals, which is slow on x86).
    bits = bits_of(float_of((em << 13) + 0x38800000u) - 0x1p-14f);
  }
  return float_of(bits | sign);
}

// Nearest, ties to even, subnormals included; >= 65520 gives inf; a NaN
// gives the quiet NaN of its sign (0x7e00).
inline uint16_t float_to_half(float f) noexcept {
  uint32_t x = bits_of(f);
  const uint32_t sign = (x >> 16) & 0x8000u;
  x &= 0x7fffffffu;
  if (x >= 0x47800000u) return static_cast<uint16_t>(sign | (x > 0x7f800000u ? 0x7e00u : 0x7c00u));
  if (x < 0x38800000u) {
    // Below 2^-14: adding 0.5 leaves float16's subnormal quantum (2^-24) as
    // the last bit of the sum, rounded by the float addition itself.
    const float t = float_of(x) + 0.5f;
    return static_cast<uint16_t>(sign | (bits_of(t) - 0x3f000000u));
  }
  const uint32_t odd = (x >> 13) & 1u;
  x += 0xc8000fffu + odd;  // exponent rebiased (-112 << 23), plus half an ulp less the tie's even
  return static_cast<uint16_t>(sign | (x >> 13));
}

// The high 16 bits, rounded to nearest, ties to even (overflow carries into
// inf); a NaN stays a NaN, made quiet.
inline uint16_t float_to_bf16(float f) noexcept {
  const uint32_t x = bits_of(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x0040u);
  return static_cast<uint16_t>((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

inline float bf16_to_float(uint16_t b) noexcept {
  const uint32_t x = static_cast<uint32_t>(b) << 16;
  return float_of((x & 0x7fffffffu) > 0x7f800000u ? (x | 0x00400000u) : x);
}

// A double rounded once to the binary format of P significand bits (with the
// implicit one) and E exponent bits: nearest, ties to even, subnormals,
// overflow to inf, NaN to the quiet NaN of its sign. Returns the bits.
template <int P, int E>
inline uint32_t round_double(double d) noexcept {
  constexpr int kEmax = (1 << (E - 1)) - 1;
  constexpr int kEmin = 1 - kEmax;
  constexpr uint32_t kInf = ((1u << E) - 1u) << (P - 1);
  const uint64_t x = bits_of(d);
  const uint32_t sign = static_cast<uint32_t>(x >> 63) << (P + E - 1);
  const uint64_t a = x & 0x7fffffffffffffffull;
  if (a >= 0x7ff0000000000000ull) return sign | kInf | (a > 0x7ff0000000000000ull ? 1u << (P - 2) : 0u);
  const int field = static_cast<int>(a >> 52);
  if (field == 0) return sign;  // zero, or a float64 subnormal: far below any subnormal here
  const int e = field - 1023;
  const uint64_t m = (a & 0x000fffffffffffffull) | (1ull << 52);
  const int et = e < kEmin ? kEmin : e;
  const int shift = 52 - (P - 1) + (et - e);
  if (shift > 53) return sign;  // below half the smallest subnormal
  uint64_t mant = m >> shift;
  const uint64_t rem = m & ((1ull << shift) - 1);
  const uint64_t half = 1ull << (shift - 1);
  if (rem > half || (rem == half && (mant & 1))) ++mant;
  // mant counts quanta of 2^(et - P + 1): the exponent field follows from et,
  // and a carry out of the significand moves into it.
  const int64_t bits = (static_cast<int64_t>(et + kEmax - 1) << (P - 1)) + static_cast<int64_t>(mant);
  if (bits >= static_cast<int64_t>(kInf)) return sign | kInf;
  return sign | static_cast<uint32_t>(bits);
}

inline uint16_t double_to_half(double d) noexcept { return static_cast<uint16_t>(round_double<11, 5>(d)); }
inline uint16_t double_to_bf16(double d) noexcept { return static_cast<uint16_t>(round_double<8, 8>(d)); }

// |u| rounded to P significant bits (nearest, ties to even), as a double
// (exact: P <= 53 bits times a power of two).
template <int P>
inline double round_magnitude(uint64_t u) noexcept {
  if (u < (1ull << P)) return static_cast<double>(u);
  int top = 63;
  while (!(u >> top)) --top;
  const int shift = top + 1 - P;
  uint64_t m = u >> shift;
  const uint64_t rem = u & ((1ull << shift) - 1);
  const uint64_t half = 1ull << (shift - 1);
  if (rem > half || (rem == half && (m & 1))) ++m;
  return std::ldexp(static_cast<double>(m), shift);
}

// ---- float -> integer ----

// Nearest, ties to even, with float arithmetic only: below 2^(digits - 1)
// adding and taking away 2^(digits - 1) drops the fraction, rounded by the
// addition (the default rounding mode). Larger values are integers already.
template <typename F>
inline F round_even(F x) noexcept {
  constexpr F big = static_cast<F>(1ull << (std::numeric_limits<F>::digits - 1));
  if (!(std::fabs(x) < big)) return x;
  const F m = std::copysign(big, x);
  const F t = x + m;
  return t - m;
}

// The rule for float -> integer: NaN 0, truncated or nearest, saturated.
template <typename I, typename F>
inline I float_to_int(F x, bool nearest) noexcept {
  if (x != x) return 0;
  if (nearest) x = round_even(x);
  constexpr int kBits = std::numeric_limits<I>::digits;  // 7, 8, ... 63, 64
  constexpr F kHigh = static_cast<F>(static_cast<double>(1ull << (kBits - 1)) * 2.0);  // 2^bits: exact
  constexpr F kLowMinus1 = std::is_signed_v<I> ? -kHigh - 1 : F(-1);  // may round to -kHigh: still right
  if (x >= kHigh) return std::numeric_limits<I>::max();
  if (!(x > kLowMinus1)) return std::numeric_limits<I>::min();
  return static_cast<I>(x);  // truncates; in range
}

// ---- Values to and from the dtypes' storage ----

// A source value as the float the computation (scale and bias) runs in:
// exact except int64/uint64 to double (rounded once).
template <typename F, typename S>
inline F to_compute(S x) noexcept {
  if constexpr (std::is_same_v<S, Half>) return static_cast<F>(half_to_float(x.bits));
  else if constexpr (std::is_same_v<S, Bf16>) return static_cast<F>(bf16_to_float(x.bits));
  else if constexpr (std::is_same_v<S, Bool8>) return x.byte ? F(1) : F(0);
  else return static_cast<F>(x);
}

// A float (float32 or float64) to dtype D: the float rules; `nearest` for
// integer targets.
template <typename D, typename F>
inline D from_float(F y, bool nearest) noexcept {
  if constexpr (std::is_same_v<D, Bool8>) {
    return Bool8{static_cast<uint8_t>(y != 0 || y != y)};
  } else if constexpr (std::is_same_v<D, Half>) {
    if constexpr (std::is_same_v<F, float>) return Half{float_to_half(y)};
    else return Half{double_to_half(y)};
  } else if constexpr (std::is_same_v<D, Bf16>) {
    if constexpr (std::is_same_v<F, float>) return Bf16{float_to_bf16(y)};
    else return Bf16{double_to_bf16(y)};
  } else if constexpr (std::is_floating_point_v<D>) {
    return static_cast<D>(y);
  } else {
    return float_to_int<D>(y, nearest);
  }
}

// An integer (its value as int64 for the signed, uint64 for the unsigned) to
// dtype D: low bits for integers, one rounding for floats.
template <typename D, typename I>
inline D from_integer(I v) noexcept {
  if constexpr (std::is_same_v<D, Bool8>) {
    return Bool8{static_cast<uint8_t>(v != 0)};
  } else if constexpr (std::is_integral_v<D>) {
    return static_cast<D>(static_cast<std::make_unsigned_t<D>>(static_cast<uint64_t>(v)));
  } else if constexpr (std::is_floating_point_v<D>) {
    return static_cast<D>(v);  // one rounding (cvtsi2ss / f32.convert_i64_s and kin)
  } else {
    // float16, bfloat16: rounded to the format's significand from the exact
    // integer, then exact (or an overflow) in the narrow format.
    constexpr int P = std::is_same_v<D, Half> ? 11 : 8;
    const bool negative = std::is_signed_v<I> && v < 0;
    const uint64_t mag = negative ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    const double r = round_magnitude<P>(mag);
    const double value = negative ? -r : r;
    if constexpr (std::is_same_v<D, Half>) return Half{double_to_half(value)};
    else return Bf16{double_to_bf16(value)};
  }
}

// The plain conversion (no scale, no bias) of one value.
template <typename D, typename S>
inline D convert_value(S x, bool nearest) noexcept {
  if constexpr (std::is_same_v<S, D>) {
    (void)nearest;
    return x;
  } else if constexpr (std::is_same_v<S, Bool8>) {
    return from_integer<D>(static_cast<int64_t>(x.byte != 0));
  } else if constexpr (std::is_integral_v<S>) {
    (void)nearest;
    if constexpr (std::is_signed_v<S>) return from_integer<D>(static_cast<int64_t>(x));
    else return from_integer<D>(static_cast<uint64_t>(x));
  } else if constexpr (std::is_same_v<S, Half>) {
    if constexpr (std::is_same_v<D, Bf16>) return Bf16{float_to_bf16(half_to_float(x.bits))};
    else return from_float<D>(half_to_float(x.bits), nearest);  // exact in float32
  } else if constexpr (std::is_same_v<S, Bf16>) {
    return from_float<D>(bf16_to_float(x.bits), nearest);  // exact in float32
  } else {
    return from_float<D>(x, nearest);  // float or double
  }
}

// y = x * scale + bias in F, then to D (nearest unless truncating).
template <typename F, typename D, typename S>
inline D affine_value(S x, F scale, F bias, bool nearest) noexcept {
  const F p = to_compute<F>(x) * scale;
  const F y = p + bias;
  return from_float<D>(y, nearest);
}

}  // namespace convert
}  // namespace tensor_ops
