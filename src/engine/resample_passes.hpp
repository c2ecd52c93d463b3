// One weighted gather along one axis (vertical: the axis is not the last,
// rows of the last dim are combined; horizontal: the axis is the last), and
// the fused kernel for two neighbouring axes (an image's H then W, with or
// without a channel dim after them). See engine/resample.hpp for the
// arithmetic all of them share.
#pragma once

#include <algorithm>
#include <vector>

#include "engine/resample.hpp"
#include "engine/resample_rows.hpp"
#include "engine/work_split.hpp"

namespace tensor_ops::resample {

template <typename F>
inline const F* weights_of(const ResamplePass& p) noexcept {
  if constexpr (std::is_same_v<F, float>) return p.weight32.data();
  else return p.weight64.data();
}

constexpr int64_t kChunk = 256;  // accumulator elements on the stack

// dims (read from src with strides ss) resized along p.axis into dst (row-major).
template <typename In, typename Out, typename F>
void axis_pass(const ResamplePass& p, const In* src, const Shape& dims, const std::vector<int64_t>& ss, Out* dst,
               ThreadPool* pool) noexcept {
  const int r = static_cast<int>(dims.size()), a = p.axis, T = p.taps;
  Shape od = dims;
  od[static_cast<size_t>(a)] = p.out_len;
  const std::vector<int64_t> ds = row_major_strides(od);
  const F* W = weights_of<F>(p);
  const int64_t* X = p.index.data();
  const int64_t sa = ss[static_cast<size_t>(a)];
  const bool horizontal = a == r - 1;
  const int c = horizontal ? -1 : r - 1;  // the inner dim of a vertical pass
  std::vector<int64_t> odims, os, odst;   // the items' dims: every dim but a and c, then (vertical) j
  for (int k = 0; k < r; ++k) {
    if (k == a || k == c) continue;
    odims.push_back(dims[static_cast<size_t>(k)]);
    os.push_back(ss[static_cast<size_t>(k)]);
    odst.push_back(ds[static_cast<size_t>(k)]);
  }
  if (!horizontal) {
    odims.push_back(p.out_len);
    os.push_back(0);
    odst.push_back(ds[static_cast<size_t>(a)]);
  }
  if (odims.empty()) {
    odims.push_back(1);
    os.push_back(0);
    odst.push_back(0);
  }
  int64_t items = 1;
  for (int64_t d : odims) items *= d;
  const int rank = static_cast<int>(odims.size());
  const int64_t inner = horizontal ? 1 : dims[static_cast<size_t>(c)];
  const int64_t sic = horizontal ? 0 : ss[static_cast<size_t>(c)];
  const int64_t work = items * (horizontal ? p.out_len : inner) * T * static_cast<int64_t>(sizeof(F));
  split_work(items, work, pool, [&](int64_t begin, int64_t end) {
    const int64_t* strides[2] = {os.data(), odst.data()};
    const int64_t base[2] = {0, 0};
    Odometer<2> o(odims.data(), strides, rank, begin, base);
    F acc[kChunk];
    for (int64_t item = begin; item < end; ++item, o.next(rank)) {
      const In* s = src + o.offset[0];
      Out* d = dst + o.offset[1];
      if (horizontal) {
        for (int64_t j = 0; j < p.out_len; ++j) {
          const int64_t* x = X + j * T;
          const F* w = W + j * T;
          F v = w[0] * convert::to_compute<F>(s[x[0] * sa]);
          for (int t = 1; t < T; ++t) {
            const F product = w[t] * convert::to_compute<F>(s[x[t] * sa]);
            v = v + product;
          }
          store_row(d + j, &v, 1);
        }
        continue;
      }
      const int64_t j = o.index[rank - 1];
      const int64_t* x = X + j * T;
      const F* w = W + j * T;
      for (int64_t i0 = 0; i0 < inner; i0 += kChunk) {
        const int64_t n = std::min(kChunk, inner - i0);
        for (int t = 0; t < T; ++t) accumulate(acc, s + x[t] * sa + i0 * sic, sic, n, w[t], t == 0);
        store_row(d + i0, acc, n);
      }
    }
  });
}

// One output row of the fused kernel from a combined input row `row` of
// W_in pixels of C channels: out[x, c] = sum_t w[x, t] * row[index[x, t], c]
// (Out: the computing precision, or the output's dtype).
template <int C, typename Out, typename F>
inline void horizontal_row(Out* dst, const F* row, const ResamplePass& p, int64_t channels) noexcept {
  const int T = p.taps;
  const F* W = weights_of<F>(p);
  const int64_t cc = C > 0 ? C : channels;
  F v[C > 0 ? C : kChunk];
  for (int64_t x = 0; x < p.out_len; ++x) {
    const int64_t* ix = &p.index[static_cast<size_t>(x * T)];
    const F* w = W + x * T;
    for (int64_t c0 = 0; c0 < cc; c0 += kChunk) {
      const int64_t n = std::min<int64_t>(cc - c0, C > 0 ? C : kChunk);
      for (int64_t c = 0; c < n; ++c) v[c] = w[0] * row[ix[0] * cc + c0 + c];
      for (int t = 1; t < T; ++t) {
        for (int64_t c = 0; c < n; ++c) {
          const F product = w[t] * row[ix[t] * cc + c0 + c];
          v[c] = v[c] + product;
        }
      }
      store_row(dst + x * cc + c0, v, n);
    }
  }
}

// The fused kernel: passes h (vertical) then h + 1 (horizontal), the dims
// after them at most one (channels). Per output row: the input rows of its
// taps combined into one row of the computing precision (what the first
// pass would have stored), then that row resampled into the output row.
template <typename In, typename Out, typename F>
void image_pass(const PreparedResample& pr, const In* src, Out* dst, F* rows, ThreadPool* pool) noexcept {
  const ResamplePass& ph = pr.passes[0];
  const ResamplePass& pw = pr.passes[1];
  const size_t h = static_cast<size_t>(ph.axis);
  const Shape& dims = pr.input;
  const std::vector<int64_t>& ss = pr.src_strides;
  const int64_t w_in = dims[h + 1], sh = ss[h], sw = ss[h + 1];
  const bool has_c = dims.size() > h + 2;
  const int64_t C = has_c ? dims[h + 2] : 1, sc = has_c ? ss[h + 2] : 1;
  std::vector<int64_t> bdims(dims.begin(), dims.begin() + static_cast<std::ptrdiff_t>(h));
  std::vector<int64_t> bs(ss.begin(), ss.begin() + static_cast<std::ptrdiff_t>(h));
  bdims.push_back(ph.out_len);  // then the output row: items are (batch..., y)
  bs.push_back(0);
  std::vector<int64_t> bd = row_major_strides(bdims);
  for (int64_t& s : bd) s *= pw.out_len * C;
  int64_t items = 1;
  for (int64_t d : bdims) items *= d;
  const int rank = static_cast<int>(bdims.size());
  const F* WH = weights_of<F>(ph);
  const int T = ph.taps;
  const bool dense = sc == 1 && sw == C;
  auto piece = [&](int64_t k, int64_t begin, int64_t end) {
    F* row = rows + k * pr.row_elems;
    const int64_t* strides[2] = {bs.data(), bd.data()};
    const int64_t base[2] = {0, 0};
    Odometer<2> o(bdims.data(), strides, rank, begin, base);
    for (int64_t item = begin; item < end; ++item, o.next(rank)) {
      const int64_t y = o.index[rank - 1];
      const int64_t* iy = &ph.index[static_cast<size_t>(y * T)];
      const F* w = WH + y * T;
      for (int t = 0; t < T; ++t) {
        const In* s = src + o.offset[0] + iy[t] * sh;
        if (dense) {
          accumulate(row, s, 1, w_in * C, w[t], t == 0);
        } else {
          for (int64_t x = 0; x < w_in; ++x) accumulate(row + x * C, s + x * sw, sc, C, w[t], t == 0);
        }
      }
      // The output row in the computing precision, then converted in one
      // call (SIMD narrowing for uint8); written in place when it is F.
      Out* d = dst + o.offset[1];
      F* orow;
      if constexpr (std::is_same_v<Out, F>) orow = d;
      else orow = row + w_in * C;
      switch (C) {
        case 1: horizontal_row<1>(orow, row, pw, C); break;
        case 2: horizontal_row<2>(orow, row, pw, C); break;
        case 3: horizontal_row<3>(orow, row, pw, C); break;
        case 4: horizontal_row<4>(orow, row, pw, C); break;
        default: horizontal_row<0>(orow, row, pw, C); break;
      }
      if constexpr (!std::is_same_v<Out, F>) store_row(d, orow, pw.out_len * C);
    }
  };
  const int threads = pool ? pool->threads() : 1;
  const int64_t work = items * (w_in * C * T + pw.out_len * C * pw.taps) * static_cast<int64_t>(sizeof(F));
  const int64_t pieces = threads > 1 && work >= parallel_min_bytes() ? std::min<int64_t>(kResamplePieces, items) : 1;
  if (pieces <= 1) {
    piece(0, 0, items);
    return;
  }
  auto each = [&](int64_t k) { piece(k, items * k / pieces, items * (k + 1) / pieces); };
  pool->for_each(pieces, each);
}

}  // namespace tensor_ops::resample
