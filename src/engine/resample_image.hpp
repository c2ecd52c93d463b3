// The fused kernels for two neighbouring axes h and h + 1 (an image's H and
// W; at most one dim, channels, after them; any batch dims before), in
// either running order. Each computes, element by element, what the two
// per-axis passes would (engine/resample.hpp), without writing the whole
// intermediate:
//   H first (downscaling): per output row, the input rows of its taps
//     combined into one row, then that row resampled along W;
//   W first (upscaling): the input rows resampled along W as they are
//     needed, kept in a few slots (each serves several output rows), then
//     the output row combined from the slots of its taps.
// Output rows are split over the pool; each piece has its own rows.
#pragma once

#include <algorithm>
#include <vector>

#include "engine/resample_passes.hpp"

namespace tensor_ops::resample {

// out[x, c] = sum_t w[x, t] * row[index[x, t] * ps + c * cs] for the p.out_len
// pixels of C channels (C, T: compile-time channels and taps, 0: p's).
template <int C, int T, typename In, typename Out, typename F>
inline void horizontal_row(Out* dst, const In* row, int64_t ps, int64_t cs, const ResamplePass& p,
                           int64_t channels) noexcept {
  const int taps = T > 0 ? T : p.taps;
  const F* W = weights_of<F>(p);
  const int64_t* X = p.index.data();
  const int64_t cc = C > 0 ? C : channels;
  int64_t x = 0;
#if defined(__wasm_simd128__)
  if constexpr (C == 4 && std::is_same_v<In, float> && std::is_same_v<F, float> && std::is_same_v<Out, float>) {
    if (cs == 1) {  // a pixel is one f32x4
      for (; x < p.out_len; ++x) {
        const int64_t* ix = X + x * taps;
        const float* w = W + x * taps;
        v128_t v = wasm_f32x4_mul(wasm_f32x4_splat(w[0]), wasm_v128_load(row + ix[0] * ps));
        for (int t = 1; t < taps; ++t) {
          v = wasm_f32x4_add(v, wasm_f32x4_mul(wasm_f32x4_splat(w[t]), wasm_v128_load(row + ix[t] * ps)));
        }
        wasm_v128_store(dst + x * 4, v);
      }
      return;
    }
  }
  // One channel, two taps (linear along W of an NCHW plane, a mask): four
  // pixels a step, each tap's four sources gathered into one vector.
  if constexpr (C == 1 && T == 2 && std::is_same_v<In, float> && std::is_same_v<F, float> &&
                std::is_same_v<Out, float>) {
    for (; x + 4 <= p.out_len; x += 4) {
      const int64_t* ix = X + x * 2;
      const v128_t a = wasm_f32x4_make(row[ix[0] * ps], row[ix[2] * ps], row[ix[4] * ps], row[ix[6] * ps]);
      const v128_t b = wasm_f32x4_make(row[ix[1] * ps], row[ix[3] * ps], row[ix[5] * ps], row[ix[7] * ps]);
      const v128_t w0 = wasm_v128_load(W + x * 2), w1 = wasm_v128_load(W + x * 2 + 4);
      // The same products and sum as the loop below, so the same bits.
      const v128_t wa = wasm_i32x4_shuffle(w0, w1, 0, 2, 4, 6), wb = wasm_i32x4_shuffle(w0, w1, 1, 3, 5, 7);
      wasm_v128_store(dst + x, wasm_f32x4_add(wasm_f32x4_mul(wa, a), wasm_f32x4_mul(wb, b)));
    }
  }
#endif
  F v[C > 0 ? C : kChunk];
  for (; x < p.out_len; ++x) {
    const int64_t* ix = X + x * taps;
    const F* w = W + x * taps;
    for (int64_t c0 = 0; c0 < cc; c0 += kChunk) {
      const int64_t n = C > 0 ? C : std::min(cc - c0, kChunk);
      const In* r = row + c0 * cs;
      for (int64_t c = 0; c < n; ++c) v[c] = w[0] * convert::to_compute<F>(r[ix[0] * ps + c * cs]);
      for (int t = 1; t < taps; ++t) {
        for (int64_t c = 0; c < n; ++c) {
          const F product = w[t] * convert::to_compute<F>(r[ix[t] * ps + c * cs]);
          v[c] = v[c] + product;
        }
      }
      store_row(dst + x * cc + c0, v, n);
    }
  }
}

// horizontal_row with the channels and taps made compile-time where common.
template <typename In, typename Out, typename F>
inline void horizontal_any(Out* dst, const In* row, int64_t ps, int64_t cs, const ResamplePass& p, int64_t C) noexcept {
  const bool two = p.taps == 2;
  switch (C) {
    case 1: two ? horizontal_row<1, 2, In, Out, F>(dst, row, ps, cs, p, C) : horizontal_row<1, 0, In, Out, F>(dst, row, ps, cs, p, C); break;
    case 3: two ? horizontal_row<3, 2, In, Out, F>(dst, row, ps, cs, p, C) : horizontal_row<3, 0, In, Out, F>(dst, row, ps, cs, p, C); break;
    case 4: two ? horizontal_row<4, 2, In, Out, F>(dst, row, ps, cs, p, C) : horizontal_row<4, 0, In, Out, F>(dst, row, ps, cs, p, C); break;
    default: horizontal_row<0, 0, In, Out, F>(dst, row, ps, cs, p, C); break;
  }
}

// The geometry both fused kernels share: items are (batch..., y) output
// rows; o.offset[0] is the batch's first source element, o.offset[1] the
// output row's first element.
struct ImageGeometry {
  size_t h = 0;
  int64_t w_in = 0, w_out = 0, C = 1, sh = 0, sw = 0, sc = 1;
  std::vector<int64_t> dims, src, dst;
  int64_t items = 1;
  int rank = 0;

  ImageGeometry(const PreparedResample& pr, const ResamplePass& ph, const ResamplePass& pw) {
    h = static_cast<size_t>(ph.axis);
    const Shape& in = pr.input;
    const std::vector<int64_t>& ss = pr.src_strides;
    w_in = in[h + 1];
    w_out = pw.out_len;
    sh = ss[h];
    sw = ss[h + 1];
    if (in.size() > h + 2) {
      C = in[h + 2];
      sc = ss[h + 2];
    }
    dims.assign(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(h));
    src.assign(ss.begin(), ss.begin() + static_cast<std::ptrdiff_t>(h));
    dims.push_back(ph.out_len);
    src.push_back(0);
    dst = row_major_strides(dims);
    for (int64_t& s : dst) s *= w_out * C;
    for (int64_t d : dims) items *= d;
    rank = static_cast<int>(dims.size());
  }
};

// Runs piece(k, begin, end) over the items, in pieces of the pool when the work is large.
template <typename Piece>
void image_pieces(int64_t items, int64_t work, ThreadPool* pool, Piece& piece) noexcept {
  const int threads = pool ? pool->threads() : 1;
  const int64_t pieces = threads > 1 && work >= parallel_min_bytes() ? std::min<int64_t>(kResamplePieces, items) : 1;
  if (pieces <= 1) {
    piece(0, 0, items);
    return;
  }
  auto each = [&](int64_t k) { piece(k, items * k / pieces, items * (k + 1) / pieces); };
  pool->for_each(pieces, each);
}

// H first: rows combined, then resampled along W.
template <typename In, typename Out, typename F>
void image_h_first(const PreparedResample& pr, const In* src, Out* dst, F* rows, ThreadPool* pool) noexcept {
  const ResamplePass& ph = pr.passes[0];
  const ResamplePass& pw = pr.passes[1];
  const ImageGeometry g(pr, ph, pw);
  const F* WH = weights_of<F>(ph);
  const int T = ph.taps;
  const bool dense = g.sc == 1 && g.sw == g.C;
  auto piece = [&](int64_t k, int64_t begin, int64_t end) {
    F* row = rows + k * pr.row_elems;
    const int64_t* strides[2] = {g.src.data(), g.dst.data()};
    const int64_t base[2] = {0, 0};
    Odometer<2> o(g.dims.data(), strides, g.rank, begin, base);
    for (int64_t item = begin; item < end; ++item, o.next(g.rank)) {
      const int64_t y = o.index[g.rank - 1];
      const int64_t* iy = &ph.index[static_cast<size_t>(y * T)];
      const F* w = WH + y * T;
      for (int t = 0; t < T; ++t) {
        const In* s = src + o.offset[0] + iy[t] * g.sh;
        if (dense) {
          accumulate(row, s, 1, g.w_in * g.C, w[t], t == 0);
        } else {
          for (int64_t x = 0; x < g.w_in; ++x) accumulate(row + x * g.C, s + x * g.sw, g.sc, g.C, w[t], t == 0);
        }
      }
      // The output row in the computing precision, then converted in one
      // call (SIMD narrowing for uint8); written in place when it is F.
      Out* d = dst + o.offset[1];
      if constexpr (std::is_same_v<Out, F>) {
        horizontal_any<F, F, F>(d, row, g.C, 1, pw, g.C);
      } else {
        F* orow = row + g.w_in * g.C;
        horizontal_any<F, F, F>(orow, row, g.C, 1, pw, g.C);
        store_row(d, orow, g.w_out * g.C);
      }
    }
  };
  image_pieces(g.items, g.items * (g.w_in * T + g.w_out * pw.taps) * g.C * static_cast<int64_t>(sizeof(F)), pool, piece);
}

// W first: input rows resampled along W into slots (taps + 1 of them, the
// least recently used replaced), then each output row combined from them.
// For H's taps up to kMaxImageTaps (prepare_resample picks it only then).
template <typename In, typename Out, typename F>
void image_w_first(const PreparedResample& pr, const In* src, Out* dst, F* rows, ThreadPool* pool) noexcept {
  const ResamplePass& pw = pr.passes[0];
  const ResamplePass& ph = pr.passes[1];
  const ImageGeometry g(pr, ph, pw);
  const F* WH = weights_of<F>(ph);
  const int T = ph.taps;
  const int slots = T + 1;
  const int64_t n = g.w_out * g.C;
  auto piece = [&](int64_t k, int64_t begin, int64_t end) {
    F* area = rows + k * pr.row_elems;  // slots rows, then the output row
    int64_t key[kMaxImageTaps + 1], used[kMaxImageTaps + 1];
    std::fill(key, key + slots, 0);
    std::fill(used, used + slots, -1);
    const int64_t* strides[2] = {g.src.data(), g.dst.data()};
    const int64_t base[2] = {0, 0};
    Odometer<2> o(g.dims.data(), strides, g.rank, begin, base);
    const F* at[kMaxImageTaps];
    for (int64_t item = begin; item < end; ++item, o.next(g.rank)) {
      const int64_t y = o.index[g.rank - 1];
      const int64_t* iy = &ph.index[static_cast<size_t>(y * T)];
      const F* w = WH + y * T;
      for (int t = 0; t < T; ++t) {
        const int64_t row_at = o.offset[0] + iy[t] * g.sh;  // the source row's first element: its key
        int slot = -1, oldest = 0;
        for (int s = 0; s < slots; ++s) {
          if (used[s] >= 0 && key[s] == row_at) slot = s;  // keys are offsets: any int64
          if (used[s] < used[oldest]) oldest = s;
        }
        if (slot < 0) {
          slot = oldest;
          key[slot] = row_at;
          horizontal_any<In, F, F>(area + slot * n, src + row_at, g.sw, g.sc, pw, g.C);
        }
        used[slot] = item;
        at[t] = area + slot * n;
      }
      Out* d = dst + o.offset[1];
      F* acc;
      if constexpr (std::is_same_v<Out, F>) acc = d;
      else acc = area + slots * n;
      for (int t = 0; t < T; ++t) accumulate(acc, at[t], 1, n, w[t], t == 0);
      if constexpr (!std::is_same_v<Out, F>) store_row(d, acc, n);
    }
  };
  image_pieces(g.items, g.items * (g.w_out * T) * g.C * static_cast<int64_t>(sizeof(F)), pool, piece);
}

}  // namespace tensor_ops::resample
