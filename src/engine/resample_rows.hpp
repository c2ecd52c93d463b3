// The inner loops of resampling: a weighted row added into an accumulator,
// and an accumulator row converted to the output's dtype. SIMD for the
// common image case (uint8 rows, float32 accumulators) under WebAssembly;
// elsewhere plain loops the compiler vectorizes. Both give the same bits:
// each product and each sum rounded on its own, in the same order.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/convert_scalar.hpp"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace tensor_ops::resample {

// acc[i] = w * x[i] (first) or acc[i] + w * x[i], x[i] = src[i * stride] as F.
template <typename In, typename F>
inline void accumulate(F* acc, const In* src, int64_t stride, int64_t n, F w, bool first) noexcept {
  int64_t i = 0;
#if defined(__wasm_simd128__)
  if constexpr (std::is_same_v<In, uint8_t> && std::is_same_v<F, float>) {
    if (stride == 1) {
      // 16 bytes widened to four f32x4 (u8 -> u16 -> u32 -> f32: exact).
      const v128_t wv = wasm_f32x4_splat(w);
      for (; i + 16 <= n; i += 16) {
        const v128_t b = wasm_v128_load(src + i);
        const v128_t lo = wasm_u16x8_extend_low_u8x16(b), hi = wasm_u16x8_extend_high_u8x16(b);
        const v128_t q[4] = {wasm_u32x4_extend_low_u16x8(lo), wasm_u32x4_extend_high_u16x8(lo),
                             wasm_u32x4_extend_low_u16x8(hi), wasm_u32x4_extend_high_u16x8(hi)};
        for (int k = 0; k < 4; ++k) {
          v128_t v = wasm_f32x4_mul(wv, wasm_f32x4_convert_u32x4(q[k]));
          if (!first) v = wasm_f32x4_add(wasm_v128_load(acc + i + 4 * k), v);
          wasm_v128_store(acc + i + 4 * k, v);
        }
      }
    }
  }
#endif
  if (stride == 1) {
    if (first) {
      for (; i < n; ++i) acc[i] = w * convert::to_compute<F>(src[i]);
    } else {
      for (; i < n; ++i) {
        const F product = w * convert::to_compute<F>(src[i]);
        acc[i] = acc[i] + product;
      }
    }
    return;
  }
  if (first) {
    for (; i < n; ++i) acc[i] = w * convert::to_compute<F>(src[i * stride]);
  } else {
    for (; i < n; ++i) {
      const F product = w * convert::to_compute<F>(src[i * stride]);
      acc[i] = acc[i] + product;
    }
  }
}

// dst[i] = acc[i] in Out (integers: nearest, ties to even, saturated).
template <typename Out, typename F>
inline void store_row(Out* dst, const F* acc, int64_t n) noexcept {
  int64_t i = 0;
  if constexpr (std::is_same_v<Out, F>) {
    for (; i < n; ++i) dst[i] = acc[i];
    return;
  }
#if defined(__wasm_simd128__)
  if constexpr (std::is_same_v<Out, uint8_t> && std::is_same_v<F, float>) {
    // Clamped first, so the rounding and the narrowing saturate as the scalar rule does.
    const v128_t zero = wasm_f32x4_splat(0.f), top = wasm_f32x4_splat(255.f);
    for (; i + 16 <= n; i += 16) {
      v128_t q[4];
      for (int k = 0; k < 4; ++k) {
        const v128_t v = wasm_f32x4_min(wasm_f32x4_max(wasm_v128_load(acc + i + 4 * k), zero), top);
        q[k] = wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(v));
      }
      const v128_t lo = wasm_u16x8_narrow_i32x4(q[0], q[1]), hi = wasm_u16x8_narrow_i32x4(q[2], q[3]);
      wasm_v128_store(dst + i, wasm_u8x16_narrow_i16x8(lo, hi));
    }
  }
#endif
  for (; i < n; ++i) dst[i] = convert::from_float<Out>(acc[i], true);
}

}  // namespace tensor_ops::resample
