// 16-byte vectors through GCC/Clang vector extensions: the same source gives
// WebAssembly SIMD128 under Emscripten (-msimd128) and SSE2 natively, and
// __builtin_shufflevector lowers to i8x16.shuffle / pshufb-class shuffles.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace tensor_ops::simd {

template <typename T>
struct VectorOf {
  typedef T type __attribute__((vector_size(16)));
};
template <typename T>
using Vec = typename VectorOf<T>::type;

template <typename T>
constexpr size_t kLanes = 16 / sizeof(T);

// Byte shuffles of any pattern are one instruction in wasm (i8x16.shuffle)
// and with SSSE3 (pshufb); plain x86-64 (the native build) has only fixed
// ones (unpacks) and gets the rest lane by lane, slower than scalar code.
#if defined(__SSE2__) && !defined(__SSSE3__)
constexpr bool kByteShuffles = false;
#else
constexpr bool kByteShuffles = true;
#endif

// i8x16.swizzle: a byte shuffle whose pattern is a value (held in a
// register across a loop), where V8 materializes every constant pattern of
// a two-operand i8x16.shuffle as immediates each time it runs (about a
// dozen instructions against two). Only in wasm.
// For lanes of 1 and 2 bytes: V8 turns most two-operand shuffles of 4- and
// 8-byte lanes into one or two fixed instructions (shufps and kin), faster
// than swizzles (measured: RGBA -> RGB float32 twice as fast that way).
#if defined(__wasm_simd128__)
template <typename T>
constexpr bool kSwizzles = sizeof(T) <= 2;
// Byte i of the result: byte m[i] of a, or 0 where m[i] >= 16.
template <typename V>
inline V swizzle(V a, Vec<uint8_t> m) noexcept {
  return reinterpret_cast<V>(wasm_i8x16_swizzle(reinterpret_cast<v128_t>(a), reinterpret_cast<v128_t>(m)));
}
#else
template <typename T>
constexpr bool kSwizzles = false;
// Natively the same result lane by lane: for the core's tests of kernels
// that only wasm dispatches to.
template <typename V>
inline V swizzle(V a, Vec<uint8_t> m) noexcept {
  const Vec<uint8_t> b = reinterpret_cast<Vec<uint8_t>>(a);
  Vec<uint8_t> r;
  for (int i = 0; i < 16; ++i) r[i] = m[i] < 16 ? b[m[i]] : 0;
  return reinterpret_cast<V>(r);
}
#endif

template <typename T>
inline Vec<T> load(const T* p) noexcept {
  Vec<T> v;
  std::memcpy(&v, p, 16);
  return v;
}

template <typename T>
inline void store(T* p, Vec<T> v) noexcept {
  std::memcpy(p, &v, 16);
}

namespace detail {
template <typename T, size_t... I>
inline Vec<T> splat(T value, std::index_sequence<I...>) noexcept {
  const Vec<T> v{value};
  return __builtin_shufflevector(v, v, ((void)I, 0)...);
}
}  // namespace detail

// `value` in every lane, bits unchanged (-0.0 too): one shuffle of lane 0,
// a single splat instruction. (Writing the lanes one by one in a loop left
// LLVM 14 a store and a reload per lane in wasm when the value was not a
// constant: 70 ns per row of a short reduction.)
template <typename T>
inline Vec<T> splat(T value) noexcept {
  return detail::splat<T>(value, std::make_index_sequence<kLanes<T>>{});
}

namespace detail {
template <typename V, size_t... I>
inline V even(V a, V b, std::index_sequence<I...>) noexcept {
  return __builtin_shufflevector(a, b, (2 * I)...);
}
template <typename V, size_t... I>
inline V odd(V a, V b, std::index_sequence<I...>) noexcept {
  return __builtin_shufflevector(a, b, (2 * I + 1)...);
}
// Lanes a0 b0 a1 b1 ... from the low (half = 0) or high (half = L/2) halves.
template <size_t Half, typename V, size_t... I>
inline V zip(V a, V b, std::index_sequence<I...>) noexcept {
  constexpr size_t L = sizeof...(I);
  return __builtin_shufflevector(a, b, ((I % 2) ? (Half + I / 2 + L) : (Half + I / 2))...);
}
template <typename V, size_t... I>
inline V reverse(V a, std::index_sequence<I...>) noexcept {
  return __builtin_shufflevector(a, a, (sizeof...(I) - 1 - I)...);
}
// Lane m of phase P of the 3L lanes of (a, b, c) is lane 3m + P: first the
// lanes found in (a, b), then those in c.
constexpr int phase_ab(size_t e, size_t L) { return e < 2 * L ? static_cast<int>(e) : 0; }
constexpr int phase_tc(size_t m, size_t e, size_t L) {
  return static_cast<int>(e < 2 * L ? m : e - L);
}
template <size_t P, typename V, size_t... I>
inline V phase3(V a, V b, V c, std::index_sequence<I...>) noexcept {
  constexpr size_t L = sizeof...(I);
  const V t = __builtin_shufflevector(a, b, phase_ab(3 * I + P, L)...);
  return __builtin_shufflevector(t, c, phase_tc(I, 3 * I + P, L)...);
}
// Lane r of vector Q of a0 b0 c0 a1 b1 c1 ... is element e = Q*L + r: lane
// e / 3 of source e % 3. First the lanes from a and b, then those from c.
constexpr int weave_ab(size_t e, size_t L) {
  return e % 3 == 0 ? static_cast<int>(e / 3) : e % 3 == 1 ? static_cast<int>(L + e / 3) : 0;
}
constexpr int weave_tc(size_t r, size_t e, size_t L) {
  return static_cast<int>(e % 3 == 2 ? L + e / 3 : r);
}
template <size_t Q, typename V, size_t... I>
inline V weave3(V a, V b, V c, std::index_sequence<I...>) noexcept {
  constexpr size_t L = sizeof...(I);
  const V t = __builtin_shufflevector(a, b, weave_ab(Q * L + I, L)...);
  return __builtin_shufflevector(t, c, weave_tc(I, Q * L + I, L)...);
}
}  // namespace detail

// Of the 2L lanes of (a, b): the even ones and the odd ones.
template <typename T>
inline Vec<T> even(Vec<T> a, Vec<T> b) noexcept {
  return detail::even(a, b, std::make_index_sequence<kLanes<T>>());
}
template <typename T>
inline Vec<T> odd(Vec<T> a, Vec<T> b) noexcept {
  return detail::odd(a, b, std::make_index_sequence<kLanes<T>>());
}
// The lanes of a in reverse order.
template <typename T>
inline Vec<T> reverse(Vec<T> a) noexcept {
  if constexpr (sizeof(T) == 1 && !kByteShuffles) {
    // Reverse 16-bit lanes, then swap the bytes of each.
    using W = Vec<uint16_t>;
    W w = detail::reverse(reinterpret_cast<W>(a), std::make_index_sequence<8>());
    w = (w << 8) | (w >> 8);
    return reinterpret_cast<Vec<T>>(w);
  }
  return detail::reverse(a, std::make_index_sequence<kLanes<T>>());
}
// Of the 3L lanes of (a, b, c): lanes P, P + 3, P + 6, ... (P < 3).
template <size_t P, typename T>
inline Vec<T> phase3(Vec<T> a, Vec<T> b, Vec<T> c) noexcept {
  return detail::phase3<P>(a, b, c, std::make_index_sequence<kLanes<T>>());
}
// Vector Q (< 3) of a0 b0 c0 a1 b1 c1 ...: the three interleaved.
template <size_t Q, typename T>
inline Vec<T> weave3(Vec<T> a, Vec<T> b, Vec<T> c) noexcept {
  return detail::weave3<Q>(a, b, c, std::make_index_sequence<kLanes<T>>());
}
// a0 b0 a1 b1 ... : the interleaving of the low halves, and of the high halves.
template <typename T>
inline Vec<T> zip_low(Vec<T> a, Vec<T> b) noexcept {
  return detail::zip<0>(a, b, std::make_index_sequence<kLanes<T>>());
}
template <typename T>
inline Vec<T> zip_high(Vec<T> a, Vec<T> b) noexcept {
  return detail::zip<kLanes<T> / 2>(a, b, std::make_index_sequence<kLanes<T>>());
}

}  // namespace tensor_ops::simd
