// 16-byte vectors through GCC/Clang vector extensions: the same source gives
// WebAssembly SIMD128 under Emscripten (-msimd128) and SSE2 natively, and
// __builtin_shufflevector lowers to i8x16.shuffle / pshufb-class shuffles.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

namespace tensor_ops::simd {

template <typename T>
struct VectorOf {
  typedef T type __attribute__((vector_size(16)));
};
template <typename T>
using Vec = typename VectorOf<T>::type;

template <typename T>
constexpr size_t kLanes = 16 / sizeof(T);

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

template <typename T>
inline Vec<T> splat(T value) noexcept {
  Vec<T> v{};
  for (size_t i = 0; i < kLanes<T>; ++i) v[i] = value;
  return v;
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
#if defined(__SSE2__) && !defined(__SSSE3__)
  // Plain x86-64 has no byte shuffle (pshufb): reverse 16-bit lanes, then
  // swap the bytes of each, instead of the compiler's byte-by-byte inserts.
  if constexpr (sizeof(T) == 1) {
    using W = Vec<uint16_t>;
    W w = detail::reverse(reinterpret_cast<W>(a), std::make_index_sequence<8>());
    w = (w << 8) | (w >> 8);
    return reinterpret_cast<Vec<T>>(w);
  }
#endif
  return detail::reverse(a, std::make_index_sequence<kLanes<T>>());
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
