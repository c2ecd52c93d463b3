// What the bits of an element mean, for the primitives that compare or
// combine values (the selection primitives that order or reduce elements):
// float16 / bfloat16 conversions to and from float32, a dispatch from a
// DType to a C++ type, and order keys that compare like the values.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "base/dtype.hpp"

namespace tensor_ops::elements {

// The 16-bit float types, stored as their raw bits.
struct Half {
  uint16_t bits;
};
struct BFloat16 {
  uint16_t bits;
};

inline uint32_t float_bits(float f) noexcept {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float bits_float(uint32_t u) noexcept {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// Exact: every binary16 value is a float32 value (NaN payloads kept).
inline float half_to_float(uint16_t h) noexcept {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1Fu;
  const uint32_t mant = h & 0x3FFu;
  if (exp == 0x1F) return bits_float(sign | 0x7F800000u | (mant << 13));
  if (exp == 0) {
    // Zero or subnormal: mant * 2^-24, exact in float32.
    const float v = static_cast<float>(mant) * 5.9604644775390625e-8f;
    return sign ? -v : v;
  }
  return bits_float(sign | ((exp + 112) << 23) | (mant << 13));
}

// Rounded to nearest, ties to even; overflow gives infinity; NaN stays NaN
// (quiet, with the high bits of its payload).
inline uint16_t float_to_half(float f) noexcept {
  const uint32_t u = float_bits(f);
  const uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
  const uint32_t a = u & 0x7FFFFFFFu;
  if (a > 0x7F800000u) return static_cast<uint16_t>(sign | 0x7E00u | ((a >> 13) & 0x3FFu));
  if (a >= 0x477FF000u) return static_cast<uint16_t>(sign | 0x7C00u);  // >= 65520: infinity
  if (a < 0x38800000u) {
    // Below 2^-14: a subnormal (or zero) of the result; |f| * 2^24 is exact
    // and its nearest integer (ties to even) is the mantissa (1024 = the
    // smallest normal, which is its encoding too).
    const float m = std::nearbyint(bits_float(a) * 16777216.0f);
    return static_cast<uint16_t>(sign | static_cast<uint16_t>(m));
  }
  const uint32_t r = a - 0x38000000u;  // exponent rebased from 127 to 15
  return static_cast<uint16_t>(sign | ((r + 0xFFFu + ((r >> 13) & 1u)) >> 13));
}

inline float bfloat16_to_float(uint16_t b) noexcept { return bits_float(static_cast<uint32_t>(b) << 16); }

// Rounded to nearest, ties to even (overflow rounds to infinity); NaN quiet.
inline uint16_t float_to_bfloat16(float f) noexcept {
  const uint32_t u = float_bits(f);
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((u >> 16) | 0x40u);
  return static_cast<uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

// Calls f(T{}) with T the C++ type of `type`: int8_t .. uint64_t, float,
// double, Half, BFloat16, and bool as uint8_t with is_bool set in the
// second argument (a byte 0 or 1).
template <typename F>
decltype(auto) visit(DType type, F&& f) {
  switch (type) {
    case DType::Int8: return f(int8_t{}, false);
    case DType::Uint8: return f(uint8_t{}, false);
    case DType::Bool: return f(uint8_t{}, true);
    case DType::Int16: return f(int16_t{}, false);
    case DType::Uint16: return f(uint16_t{}, false);
    case DType::Float16: return f(Half{}, false);
    case DType::Bfloat16: return f(BFloat16{}, false);
    case DType::Int32: return f(int32_t{}, false);
    case DType::Uint32: return f(uint32_t{}, false);
    case DType::Float32: return f(float{}, false);
    case DType::Int64: return f(int64_t{}, false);
    case DType::Uint64: return f(uint64_t{}, false);
    case DType::Float64: break;
  }
  return f(double{}, false);
}

// ---- Order keys ----
// A signed integer of the element's width that orders like the value:
// integers shifted to signed order, floats by sign and magnitude (so -0 and
// +0 have the same key, 0). NaN (all of them alike) gets `nan_key`, which
// the caller puts above or below every number; no number reaches either end
// of the key's range.

template <typename T>
struct KeyOf;  // KeyOf<T>::type: the key's integer type
template <> struct KeyOf<int8_t> { using type = int8_t; };
template <> struct KeyOf<uint8_t> { using type = int8_t; };
template <> struct KeyOf<int16_t> { using type = int16_t; };
template <> struct KeyOf<uint16_t> { using type = int16_t; };
template <> struct KeyOf<Half> { using type = int16_t; };
template <> struct KeyOf<BFloat16> { using type = int16_t; };
template <> struct KeyOf<int32_t> { using type = int32_t; };
template <> struct KeyOf<uint32_t> { using type = int32_t; };
template <> struct KeyOf<float> { using type = int32_t; };
template <> struct KeyOf<int64_t> { using type = int64_t; };
template <> struct KeyOf<uint64_t> { using type = int64_t; };
template <> struct KeyOf<double> { using type = int64_t; };
template <typename T>
using Key = typename KeyOf<T>::type;

// The storage of T as an unsigned integer of its width.
template <typename T>
using Bits = std::make_unsigned_t<Key<T>>;

template <typename T>
constexpr bool kIsFloat = std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, Half> ||
                          std::is_same_v<T, BFloat16>;

// The largest magnitude bits of a finite-or-infinite float (above: NaN).
template <typename T>
constexpr Bits<T> kInfBits = std::is_same_v<T, Half>       ? Bits<T>(0x7C00)
                             : std::is_same_v<T, BFloat16> ? Bits<T>(0x7F80)
                             : std::is_same_v<T, float>    ? Bits<T>(0x7F800000u)
                                                           : Bits<T>(0x7FF0000000000000ull);

// The key of raw bits `b` of a T.
template <typename T>
inline Key<T> key_of(Bits<T> b, Key<T> nan_key) noexcept {
  using K = Key<T>;
  using U = Bits<T>;
  constexpr U kSign = U(U(1) << (8 * sizeof(U) - 1));
  if constexpr (kIsFloat<T>) {
    // Branch-free: the sign of random data is unpredictable.
    const U mag = U(b & U(~kSign));
    const K m = static_cast<K>(mag);
    const K s = static_cast<K>(-static_cast<K>(b >> (8 * sizeof(U) - 1)));  // 0 or -1
    const K k = static_cast<K>((m ^ s) - s);
    return mag > kInfBits<T> ? nan_key : k;
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<K>(b);
  } else {
    return static_cast<K>(U(b ^ kSign));
  }
}

template <typename T>
inline Bits<T> load_bits(const void* p) noexcept {
  Bits<T> b;
  std::memcpy(&b, p, sizeof(b));
  return b;
}

}  // namespace tensor_ops::elements
