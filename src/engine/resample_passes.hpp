// One weighted gather along one axis (vertical: the axis is not the last,
// rows of the last dim are combined; horizontal: the axis is the last). See
// engine/resample.hpp for the arithmetic every kernel shares, and
// engine/resample_image.hpp for the fused two-axis kernels.
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

}  // namespace tensor_ops::resample
