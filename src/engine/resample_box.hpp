// The fused image kernel for uint8 halved along both of an image's axes
// with linear taps of exactly (0.5, 0.5) on (2j, 2j + 1) (half_pixel,
// pytorch_half_pixel and kin at a scale of 0.5, no antialias): each output
// element is a 2x2 block of the input, computed in integers with the bits
// of the float32 kernels (engine/resample.hpp), proved so:
//   along H, 0.5 * a + 0.5 * b: each product a multiple of 0.5 below 128,
//   the sum (a + b) / 2 a multiple of 0.5 below 256, every one exact in
//   float32 (9 significant bits at most); along W, 0.5 * h0 + 0.5 * h1 the
//   same way (a + b + c + d) / 4, multiples of 0.25 below 256, exact (10
//   bits). No rounding happens before the conversion to uint8, whose
//   nearest-ties-to-even of s / 4 (s = a + b + c + d <= 1020, never above
//   255 after it: no saturation) is (s + 1 + ((s >> 2) & 1)) >> 2: for
//   s % 4 = 0, 1 it gives s >> 2, for 3 (s >> 2) + 1, for 2 (a tie) the
//   even one of s >> 2 and (s >> 2) + 1.
// Rows are dense (a pixel's channels, then the pixels, one byte apart);
// output rows are split over the pool as the other fused kernels' are.
#pragma once

#include <cstdint>

#include "engine/resample_image.hpp"

namespace tensor_ops::resample {

// The rounded mean of a 2x2 block's sum s (see above).
inline uint8_t box_mean(uint32_t s) noexcept { return static_cast<uint8_t>((s + 1 + ((s >> 2) & 1)) >> 2); }

// True when taps are (0.5, 0.5) on (2j, 2j + 1) for every output index j.
bool box_halving(const ResamplePass& p) noexcept;

// One output row of n = w_out * C elements from input rows r0 and r1.
template <int C>
inline void box_row(uint8_t* d, const uint8_t* r0, const uint8_t* r1, int64_t n, int64_t cc) noexcept {
  const int64_t ch = C > 0 ? C : cc;
  int64_t i = 0;
#if defined(__wasm_simd128__)
  if constexpr (C == 1 || C == 2 || C == 4 || C == 8) {
    // 16 input bytes of a row hold 8 output elements' pairs: a swizzle puts
    // each pair side by side (C = 1: already), extadd_pairwise sums them.
    constexpr auto at = [](int k) { return (2 * ((k / 2) / C) + k % 2) * C + (k / 2) % C; };
    const v128_t pairs = wasm_i8x16_make(at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7), at(8), at(9), at(10),
                                         at(11), at(12), at(13), at(14), at(15));
    const v128_t one = wasm_i16x8_splat(1);
    auto sums = [&](const uint8_t* a, const uint8_t* b) {  // 8 sums of 2x2 blocks (u16, <= 1020)
      v128_t x = wasm_v128_load(a), y = wasm_v128_load(b);
      if constexpr (C != 1) {
        x = wasm_i8x16_swizzle(x, pairs);
        y = wasm_i8x16_swizzle(y, pairs);
      }
      return wasm_i16x8_add(wasm_u16x8_extadd_pairwise_u8x16(x), wasm_u16x8_extadd_pairwise_u8x16(y));
    };
    // (s + 1 + b) >> 2 with b = (s >> 2) & 1 is avgr(s, b) >> 1 (avgr: (s + b + 1) >> 1).
    auto mean = [&](v128_t s) {
      return wasm_u16x8_shr(wasm_u16x8_avgr(s, wasm_v128_and(wasm_u16x8_shr(s, 2), one)), 1);
    };
    for (; i + 16 <= n; i += 16) {
      const v128_t lo = mean(sums(r0 + 2 * i, r1 + 2 * i));
      const v128_t hi = mean(sums(r0 + 2 * i + 16, r1 + 2 * i + 16));
      wasm_v128_store(d + i, wasm_u8x16_narrow_i16x8(lo, hi));
    }
  }
#endif
  for (; i < n; ++i) {
    const int64_t x = i / ch, c = i - x * ch;
    const int64_t a = 2 * x * ch + c, b = a + ch;
    d[i] = box_mean(uint32_t{r0[a]} + r0[b] + r1[a] + r1[b]);
  }
}

// The whole image (prepare_resample picks it: PreparedResample::box).
inline void image_box(const PreparedResample& pr, const uint8_t* src, uint8_t* dst, ThreadPool* pool) noexcept {
  const ResamplePass& ph = pr.passes[0];
  const ResamplePass& pw = pr.passes[1];
  const ImageGeometry g(pr, ph, pw);
  const int64_t n = g.w_out * g.C;
  auto piece = [&](int64_t, int64_t begin, int64_t end) {
    const int64_t* strides[2] = {g.src.data(), g.dst.data()};
    const int64_t base[2] = {0, 0};
    Odometer<2> o(g.dims.data(), strides, g.rank, begin, base);
    for (int64_t item = begin; item < end; ++item, o.next(g.rank)) {
      const int64_t y = o.index[g.rank - 1];
      const uint8_t* r0 = src + o.offset[0] + ph.index[static_cast<size_t>(2 * y)] * g.sh;
      const uint8_t* r1 = src + o.offset[0] + ph.index[static_cast<size_t>(2 * y + 1)] * g.sh;
      uint8_t* d = dst + o.offset[1];
      switch (g.C) {
        case 1: box_row<1>(d, r0, r1, n, 1); break;
        case 2: box_row<2>(d, r0, r1, n, 2); break;
        case 4: box_row<4>(d, r0, r1, n, 4); break;
        case 8: box_row<8>(d, r0, r1, n, 8); break;
        default: box_row<0>(d, r0, r1, n, g.C); break;
      }
    }
  };
  image_pieces(g.items, g.items * (2 * g.w_in + g.w_out) * g.C, pool, piece);
}

}  // namespace tensor_ops::resample
