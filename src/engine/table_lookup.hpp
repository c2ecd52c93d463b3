// Rows of a small table picked by indices: a palette by a class mask, a
// label's colour, a lookup table by bytes. Sixteen indices at a time are
// narrowed to bytes, and each byte of the picked rows comes from swizzles
// of the table's byte planes (16 rows per vector), then the planes are
// interleaved into rows. 262,144 uint8 indices by a [21, 4] palette (em++
// -O3, V8's optimized code): 57-80 µs, the scalar loop 203-301 µs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "base/simd.hpp"

namespace tensor_ops::kernels {

// Tables of at most this many rows (four plane vectors per byte of a row),
// rows of 1 to 4 bytes (RGB and RGBA palettes). Only in wasm, where a
// swizzle is one instruction.
constexpr int64_t kLookupRows = 64;
constexpr bool kTableLookup = simd::kSwizzles<uint8_t>;

namespace detail {

// The low byte of 16 indices, each negative one first taken from the end of
// its dim. The caller has checked every index in range, so that byte is the
// whole value (below 64).
template <typename I>
inline simd::Vec<uint8_t> index_bytes(const I* p, I dim) noexcept {
  constexpr size_t S = sizeof(I);
  simd::Vec<uint8_t> v[S];
  for (size_t k = 0; k < S; ++k) {
    simd::Vec<I> x = simd::load(p + k * simd::kLanes<I>);
    if constexpr (static_cast<I>(-1) < I{0}) x += reinterpret_cast<simd::Vec<I>>(x < 0) & simd::splat(dim);
    v[k] = reinterpret_cast<simd::Vec<uint8_t>>(x);
  }
#if defined(__wasm_simd128__)
  // Values below 64 narrow exactly through the saturating narrows (one
  // instruction each, where a general shuffle of two vectors is five).
  const auto w = [&](size_t k) { return reinterpret_cast<v128_t>(v[k]); };
  const auto bytes = [](v128_t x) { return reinterpret_cast<simd::Vec<uint8_t>>(x); };
  if constexpr (S == 2) return bytes(wasm_u8x16_narrow_i16x8(w(0), w(1)));
  if constexpr (S == 4 || S == 8) {
    v128_t q[4];
    for (size_t k = 0; k < 4; ++k) {
      // 64-bit values: their low halves (a 32-bit lane shuffle, one shufps).
      q[k] = S == 4 ? w(k) : wasm_i32x4_shuffle(w(2 * k), w(2 * k + 1), 0, 2, 4, 6);
    }
    return bytes(wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(q[0], q[1]), wasm_i16x8_narrow_i32x4(q[2], q[3])));
  }
#endif
  // Halve the bytes per value until one is left: the even bytes of each pair.
  for (size_t width = S; width > 1; width /= 2) {
    for (size_t k = 0; k < width / 2; ++k) v[k] = simd::even<uint8_t>(v[2 * k], v[2 * k + 1]);
  }
  return v[0];
}

}  // namespace detail

// n rows of B bytes (1 to 4) into `to` (dense): row idx[i] of the table at
// `table`, whose row r starts r * row_stride bytes in. dim <= kLookupRows;
// every index in [-dim, dim) (unsigned: [0, dim)).
template <int B, typename I>
void lookup_rows(const unsigned char* table, int64_t row_stride, int64_t dim, const I* idx,
                 unsigned char* to, int64_t n) noexcept {
  static_assert(B >= 1 && B <= 4, "rows of 1 to 4 bytes");
  using Bytes = simd::Vec<uint8_t>;
  const int chunks = static_cast<int>((dim + 15) / 16);
  alignas(16) uint8_t bytes[B][kLookupRows] = {};
  for (int64_t r = 0; r < dim; ++r) {
    for (int b = 0; b < B; ++b) bytes[b][r] = table[r * row_stride + b];
  }
  Bytes planes[B][kLookupRows / 16];
  for (int b = 0; b < B; ++b) {
    for (int c = 0; c < chunks; ++c) planes[b][c] = simd::load(&bytes[b][16 * c]);
  }
  // Rows of 3 bytes: output vector q's byte j is byte (16q + j) % 3 of
  // pixel (16q + j) / 3, picked by one swizzle per plane with masks held
  // in registers (V8 makes every constant two-operand shuffle from
  // immediates each time it runs: three times slower here).
  Bytes weave[3][3];
  if constexpr (B == 3) {
    for (int q = 0; q < 3; ++q) {
      for (int k = 0; k < 3; ++k) {
        alignas(16) uint8_t m[16];
        for (int j = 0; j < 16; ++j) m[j] = (16 * q + j) % 3 == k ? static_cast<uint8_t>((16 * q + j) / 3) : 0x80;
        weave[q][k] = simd::load(m);
      }
    }
  }
  const I wrap = static_cast<I>(dim);
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const Bytes u = detail::index_bytes(idx + i, wrap);
    Bytes r[B];
    for (int b = 0; b < B; ++b) r[b] = simd::swizzle(planes[b][0], u);
    // Rows 16c.. of chunk c: u - 16c, which wraps past 15 (a swizzle's 0)
    // for the indices of other chunks.
    for (int c = 1; c < chunks; ++c) {
      const Bytes uc = u - simd::splat(static_cast<uint8_t>(16 * c));
      for (int b = 0; b < B; ++b) r[b] |= simd::swizzle(planes[b][c], uc);
    }
    unsigned char* d = to + i * B;
    if constexpr (B == 1) {
      simd::store(d, r[0]);
    } else if constexpr (B == 2) {
      simd::store(d, simd::zip_low<uint8_t>(r[0], r[1]));
      simd::store(d + 16, simd::zip_high<uint8_t>(r[0], r[1]));
    } else if constexpr (B == 3) {
      for (int q = 0; q < 3; ++q) {
        simd::store(d + 16 * q, simd::swizzle(r[0], weave[q][0]) | simd::swizzle(r[1], weave[q][1]) |
                                    simd::swizzle(r[2], weave[q][2]));
      }
    } else {
      using Pairs = simd::Vec<uint16_t>;
      const Pairs lo01 = reinterpret_cast<Pairs>(simd::zip_low<uint8_t>(r[0], r[1]));
      const Pairs hi01 = reinterpret_cast<Pairs>(simd::zip_high<uint8_t>(r[0], r[1]));
      const Pairs lo23 = reinterpret_cast<Pairs>(simd::zip_low<uint8_t>(r[2], r[3]));
      const Pairs hi23 = reinterpret_cast<Pairs>(simd::zip_high<uint8_t>(r[2], r[3]));
      simd::store(d, reinterpret_cast<Bytes>(simd::zip_low<uint16_t>(lo01, lo23)));
      simd::store(d + 16, reinterpret_cast<Bytes>(simd::zip_high<uint16_t>(lo01, lo23)));
      simd::store(d + 32, reinterpret_cast<Bytes>(simd::zip_low<uint16_t>(hi01, hi23)));
      simd::store(d + 48, reinterpret_cast<Bytes>(simd::zip_high<uint16_t>(hi01, hi23)));
    }
  }
  for (; i < n; ++i) {
    I value;
    std::memcpy(&value, idx + i, sizeof(I));
    int64_t v = static_cast<int64_t>(value);
    if (v < 0) v += dim;
    std::memcpy(to + i * B, table + v * row_stride, B);
  }
}

}  // namespace tensor_ops::kernels
