// The row kernels the engine picks from (see loop_nest.hpp). Each moves the
// inner two dims of a loop nest: `n0` inner positions with strides ss0/ds0,
// `n1` second-dim positions with strides ss1/ds1, all in elements of T.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "base/simd.hpp"

namespace tensor_ops::kernels {

// Wide elements (contiguous runs widened by the loop nest), each copied as
// one, two, four or eight vectors.
struct Bytes16 {
  unsigned char b[16];
};
struct Bytes32 {
  unsigned char b[32];
};
struct Bytes64 {
  unsigned char b[64];
};
struct Bytes128 {
  unsigned char b[128];
};

// Element types the SIMD shuffles work on (1 to 8 bytes); wider ones move
// element by element, which is already one or more whole vectors.
template <typename T>
constexpr bool kShuffles = sizeof(T) <= 8;

// One element moved through memcpy: the engine widens elements to 2, 4 or 8
// bytes wherever strides allow, but typed-array views (x.data at any element
// offset) are only aligned to their own element, so no access may assume
// the alignment of T. A fixed-size memcpy is one plain (unaligned) move.
template <typename T>
inline T load_one(const T* p) noexcept {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <typename T>
inline void move_one(T* d, const T* s) noexcept {
  std::memcpy(d, s, sizeof(T));
}

struct Inner {
  int64_t n0, ss0, ds0;
  int64_t n1, ss1, ds1;
};

// Runs this long and longer go to memcpy natively; shorter ones are inline
// vector moves. In wasm every run is vector moves: V8's memory.copy costs
// several times its bytes here (measured in one run, 1 MiB float32 kept
// tensors: a tile of [1, 4, 128, 256] planes took 306 us with memory.copy
// against 27.5 us with vector moves, a TypedArray.set of the same bytes
// 23 us; at 64 MiB the two were within noise).
#if defined(__wasm__)
constexpr size_t kMemcpyMin = static_cast<size_t>(-1);
#else
constexpr size_t kMemcpyMin = 1024;
#endif

// Two moves of one Word, overlapping when bytes < 2 * sizeof(Word).
template <typename Word>
inline void copy_two(unsigned char* d, const unsigned char* s, size_t bytes) noexcept {
  Word a, b;
  std::memcpy(&a, s, sizeof(Word));
  std::memcpy(&b, s + bytes - sizeof(Word), sizeof(Word));
  std::memcpy(d, &a, sizeof(Word));
  std::memcpy(d + bytes - sizeof(Word), &b, sizeof(Word));
}

// Copies `bytes` (< 16) with at most two moves of the widest word that fits.
inline void copy_small(unsigned char* d, const unsigned char* s, size_t bytes) noexcept {
  if (bytes >= 8) copy_two<uint64_t>(d, s, bytes);
  else if (bytes >= 4) copy_two<uint32_t>(d, s, bytes);
  else if (bytes >= 2) copy_two<uint16_t>(d, s, bytes);
  else if (bytes == 1) *d = *s;
}

inline void copy_run(void* dst, const void* src, size_t bytes) noexcept {
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
  if (bytes >= kMemcpyMin) {
    std::memcpy(d, s, bytes);
  } else if (bytes >= 16) {
    size_t i = 0;
    for (; i + 16 <= bytes; i += 16) simd::store(d + i, simd::load(s + i));
    if (i < bytes) simd::store(d + bytes - 16, simd::load(s + bytes - 16));
  } else {
    copy_small(d, s, bytes);
  }
}

template <typename T>
void copy_rows(const T* s, T* d, const Inner& in) noexcept {
  const size_t bytes = static_cast<size_t>(in.n0) * sizeof(T);
  for (int64_t j = 0; j < in.n1; ++j) copy_run(d + j * in.ds1, s + j * in.ss1, bytes);
}

template <typename T>
void splat_run(T* d, T value, int64_t n) noexcept {
  if constexpr (kShuffles<T>) {
    constexpr int64_t L = static_cast<int64_t>(simd::kLanes<T>);
    if (n >= L) {
      const simd::Vec<T> v = simd::splat(value);
      int64_t i = 0;
      for (; i + L <= n; i += L) simd::store(d + i, v);
      if (i < n) simd::store(d + n - L, v);
      return;
    }
  }
  for (int64_t i = 0; i < n; ++i) std::memcpy(d + i, &value, sizeof(T));
}

template <typename T>
void splat_rows(const T* s, T* d, const Inner& in) noexcept {
  for (int64_t j = 0; j < in.n1; ++j) splat_run(d + j * in.ds1, load_one(s + j * in.ss1), in.n0);
}

// One constant element everywhere: vector stores along contiguous rows.
template <typename T>
void fill_rows(T* d, const Inner& in, T value) noexcept {
  for (int64_t j = 0; j < in.n1; ++j) {
    T* dj = d + j * in.ds1;
    if (in.ds0 == 1) {
      splat_run(dj, value, in.n0);
    } else {
      for (int64_t i = 0; i < in.n0; ++i) std::memcpy(dj + i * in.ds0, &value, sizeof(T));
    }
  }
}

// dst[p*ds1 + i] = src[p + i*K]: one source row, K destination rows.
template <typename T, int K>
void deinterleave_rows(const T* s, T* d, const Inner& in) noexcept {
  constexpr int64_t L = kShuffles<T> ? static_cast<int64_t>(16 / sizeof(T)) : 1;
  const int64_t n = in.n0;
  T* d0 = d;
  T* d1 = d + in.ds1;
  int64_t i = 0;
  if constexpr (!kShuffles<T>) {
  } else if constexpr (K == 2) {
    for (; i + L <= n; i += L) {
      const auto a = simd::load(s + 2 * i);
      const auto b = simd::load(s + 2 * i + L);
      simd::store(d0 + i, simd::even<T>(a, b));
      simd::store(d1 + i, simd::odd<T>(a, b));
    }
  } else if constexpr (K == 3) {
    T* d2 = d + 2 * in.ds1;
    // (Its byte shuffles are any pattern: scalar where that is slower.)
    for (; (sizeof(T) > 1 || simd::kByteShuffles) && i + L <= n; i += L) {
      const T* p = s + 3 * i;
      const auto a = simd::load(p), b = simd::load(p + L), c = simd::load(p + 2 * L);
      simd::store(d0 + i, simd::phase3<0, T>(a, b, c));
      simd::store(d1 + i, simd::phase3<1, T>(a, b, c));
      simd::store(d2 + i, simd::phase3<2, T>(a, b, c));
    }
  } else {
    T* d2 = d + 2 * in.ds1;
    T* d3 = d + 3 * in.ds1;
    for (; i + L <= n; i += L) {
      const T* p = s + 4 * i;
      const auto a = simd::load(p), b = simd::load(p + L);
      const auto c = simd::load(p + 2 * L), e = simd::load(p + 3 * L);
      const auto ev1 = simd::even<T>(a, b), od1 = simd::odd<T>(a, b);
      const auto ev2 = simd::even<T>(c, e), od2 = simd::odd<T>(c, e);
      simd::store(d0 + i, simd::even<T>(ev1, ev2));
      simd::store(d1 + i, simd::even<T>(od1, od2));
      simd::store(d2 + i, simd::odd<T>(ev1, ev2));
      simd::store(d3 + i, simd::odd<T>(od1, od2));
    }
  }
  for (; i < n; ++i) {
    for (int p = 0; p < K; ++p) move_one(d + p * in.ds1 + i, s + i * K + p);
  }
}

// dst[j*K + p] = src[p*ss0 + j]: K source rows, one destination row.
template <typename T, int K>
void interleave_rows(const T* s, T* d, const Inner& in) noexcept {
  constexpr int64_t L = kShuffles<T> ? static_cast<int64_t>(16 / sizeof(T)) : 1;
  const int64_t n = in.n1;
  const T* s0 = s;
  const T* s1 = s + in.ss0;
  int64_t j = 0;
  if constexpr (!kShuffles<T>) {
  } else if constexpr (K == 2) {
    for (; j + L <= n; j += L) {
      const auto a = simd::load(s0 + j);
      const auto b = simd::load(s1 + j);
      simd::store(d + 2 * j, simd::zip_low<T>(a, b));
      simd::store(d + 2 * j + L, simd::zip_high<T>(a, b));
    }
  } else if constexpr (K == 3) {
    const T* s2 = s + 2 * in.ss0;
    for (; (sizeof(T) > 1 || simd::kByteShuffles) && j + L <= n; j += L) {
      const auto a = simd::load(s0 + j), b = simd::load(s1 + j), c = simd::load(s2 + j);
      T* o = d + 3 * j;
      simd::store(o, simd::weave3<0, T>(a, b, c));
      simd::store(o + L, simd::weave3<1, T>(a, b, c));
      simd::store(o + 2 * L, simd::weave3<2, T>(a, b, c));
    }
  } else {
    const T* s2 = s + 2 * in.ss0;
    const T* s3 = s + 3 * in.ss0;
    for (; j + L <= n; j += L) {
      const auto a = simd::load(s0 + j), b = simd::load(s1 + j);
      const auto c = simd::load(s2 + j), e = simd::load(s3 + j);
      const auto plo = simd::zip_low<T>(a, c), phi = simd::zip_high<T>(a, c);
      const auto qlo = simd::zip_low<T>(b, e), qhi = simd::zip_high<T>(b, e);
      T* o = d + 4 * j;
      simd::store(o, simd::zip_low<T>(plo, qlo));
      simd::store(o + L, simd::zip_high<T>(plo, qlo));
      simd::store(o + 2 * L, simd::zip_low<T>(phi, qhi));
      simd::store(o + 3 * L, simd::zip_high<T>(phi, qhi));
    }
  }
  for (; j < n; ++j) {
    for (int p = 0; p < K; ++p) move_one(d + j * K + p, s + p * in.ss0 + j);
  }
}

// Rows rotated right by r: source [0, n-r) to [r, n), [n-r, n) to [0, r);
// of each row only destination positions [p0, p1) (a piece of a long row).
template <typename T>
void rotate_rows(const T* s, T* d, const Inner& in, int64_t r, int64_t p0, int64_t p1) noexcept {
  const int64_t n = in.n0;
  const int64_t wrapped_end = p1 < r ? p1 : r;  // [p0, wrapped_end) reads from n - r on
  const int64_t straight = p0 > r ? p0 : r;     // [straight, p1) reads from 0 on
  for (int64_t j = 0; j < in.n1; ++j) {
    const T* sj = s + j * in.ss1;
    T* dj = d + j * in.ds1;
    if (straight < p1) copy_run(dj + straight, sj + (straight - r), static_cast<size_t>(p1 - straight) * sizeof(T));
    if (p0 < wrapped_end) copy_run(dj + p0, sj + (p0 + n - r), static_cast<size_t>(wrapped_end - p0) * sizeof(T));
  }
}

// dst[i] = src[-i]: rows read backwards (a reversed axis), a vector at a time.
template <typename T>
void reverse_rows(const T* s, T* d, const Inner& in) noexcept {
  const int64_t n = in.n0;
  for (int64_t j = 0; j < in.n1; ++j) {
    const T* sj = s + j * in.ss1;
    T* dj = d + j * in.ds1;
    int64_t i = 0;
    if constexpr (kShuffles<T>) {
      constexpr int64_t L = static_cast<int64_t>(simd::kLanes<T>);
      if (n >= L) {
        for (; i + L <= n; i += L) simd::store(dj + i, simd::reverse<T>(simd::load(sj - i - (L - 1))));
        // The last vector overlaps the one before it.
        if (i < n) simd::store(dj + n - L, simd::reverse<T>(simd::load(sj - (n - 1))));
        continue;
      }
    }
    for (; i < n; ++i) move_one(dj + i, sj - i);
  }
}

template <typename T>
struct Wider;
template <>
struct Wider<uint8_t> {
  using type = uint16_t;
};
template <>
struct Wider<uint16_t> {
  using type = uint32_t;
};
template <>
struct Wider<uint32_t> {
  using type = uint64_t;
};

// An L x L tile, L = 16 / sizeof(T): rows of v become its columns. Zipping
// row pairs makes lanes of twice the width holding (row 2m, row 2m+1), two
// L/2 x L/2 tiles of those transpose the rest: L log2(L) zips in all, and
// each half works on half the registers.
template <typename T>
inline void transpose_tile(simd::Vec<T>* v) noexcept {
  if constexpr (sizeof(T) == 8) {
    const simd::Vec<T> a = simd::zip_low<T>(v[0], v[1]);
    v[1] = simd::zip_high<T>(v[0], v[1]);
    v[0] = a;
  } else {
    using W = typename Wider<T>::type;
    constexpr size_t H = simd::kLanes<T> / 2;
    simd::Vec<W> lo[H], hi[H];
    for (size_t m = 0; m < H; ++m) {
      lo[m] = reinterpret_cast<simd::Vec<W>>(simd::zip_low<T>(v[2 * m], v[2 * m + 1]));
      hi[m] = reinterpret_cast<simd::Vec<W>>(simd::zip_high<T>(v[2 * m], v[2 * m + 1]));
    }
    transpose_tile<W>(lo);
    transpose_tile<W>(hi);
    for (size_t c = 0; c < H; ++c) {
      v[c] = reinterpret_cast<simd::Vec<T>>(lo[c]);
      v[H + c] = reinterpret_cast<simd::Vec<T>>(hi[c]);
    }
  }
}

// dst[j*ds1 + i] = src[i*ss0 + j] (source rows contiguous along j): a 2-D
// transpose in L x L tiles, each read and written as L whole vectors. The
// last tile of each axis is moved back to end at the edge, overlapping the
// one before (same bytes, same thread), so only n0 < L or n1 < L is scalar.
// Square blocks of 256-byte rows keep a block's rows in L1 on both sides
// (measured: 64 and 128 bytes were slower, bench/native/kernels.cpp).
// Elements wider than 8 bytes (widened runs) are moved one by one, blocked.
template <typename T>
void transpose_rows(const T* s, T* d, const Inner& in) noexcept {
  const int64_t n0 = in.n0, n1 = in.n1;
  if constexpr (kShuffles<T>) {
    constexpr int64_t L = static_cast<int64_t>(simd::kLanes<T>);
    constexpr int64_t kBlock = 256 / sizeof(T);  // a multiple of L
    if (n0 >= L && n1 >= L) {
      for (int64_t jb = 0; jb < n1; jb += kBlock) {
        const int64_t j_end = jb + kBlock < n1 ? jb + kBlock : n1;
        for (int64_t ib = 0; ib < n0; ib += kBlock) {
          const int64_t i_end = ib + kBlock < n0 ? ib + kBlock : n0;
          for (int64_t jt = jb; jt < j_end; jt += L) {
            const int64_t j = jt + L <= n1 ? jt : n1 - L;
            for (int64_t it = ib; it < i_end; it += L) {
              const int64_t i = it + L <= n0 ? it : n0 - L;
              simd::Vec<T> v[L];
              for (int64_t k = 0; k < L; ++k) v[k] = simd::load(s + (i + k) * in.ss0 + j);
              transpose_tile<T>(v);
              for (int64_t k = 0; k < L; ++k) simd::store(d + (j + k) * in.ds1 + i, v[k]);
            }
          }
        }
      }
      return;
    }
  } else {
    // Wide elements are whole vectors already: only the blocking matters
    // (blocks of 16 x 16 elements, 4 to 32 KiB a side).
    constexpr int64_t kBlock = 16;
    for (int64_t jb = 0; jb < n1; jb += kBlock) {
      const int64_t j_end = jb + kBlock < n1 ? jb + kBlock : n1;
      for (int64_t ib = 0; ib < n0; ib += kBlock) {
        const int64_t i_end = ib + kBlock < n0 ? ib + kBlock : n0;
        for (int64_t j = jb; j < j_end; ++j) {
          for (int64_t i = ib; i < i_end; ++i) move_one(d + j * in.ds1 + i, s + i * in.ss0 + j);
        }
      }
    }
    return;
  }
  for (int64_t j = 0; j < n1; ++j) {
    for (int64_t i = 0; i < n0; ++i) move_one(d + j * in.ds1 + i, s + i * in.ss0 + j);
  }
}

// Any strides, element by element. Addresses step as unsigned integers (a
// negative stride wraps modulo 2^N, which is defined): in wasm32 that is
// one 32-bit add per side, where 64-bit index products cost a third more.
template <typename T>
void strided_rows(const T* s, T* d, const Inner& in) noexcept {
  const int64_t n0 = in.n0;
  const uintptr_t s_step = static_cast<uintptr_t>(in.ss0) * sizeof(T);
  const uintptr_t d_step = static_cast<uintptr_t>(in.ds0) * sizeof(T);
  for (int64_t j = 0; j < in.n1; ++j) {
    uintptr_t sa = reinterpret_cast<uintptr_t>(s + j * in.ss1);
    uintptr_t da = reinterpret_cast<uintptr_t>(d + j * in.ds1);
    for (int64_t i = 0; i < n0; ++i, sa += s_step, da += d_step) {
      move_one(reinterpret_cast<T*>(da), reinterpret_cast<const T*>(sa));
    }
  }
}


// ---- Indexed copies (gather*) ----

// An index value as int64 (only called on values already checked in range,
// so an unsigned one fits).
template <typename I>
inline int64_t index_value(const I* p) noexcept {
  return static_cast<int64_t>(load_one(p));
}

// Whether v is in [-d, d) (signed I) or [0, d) (unsigned I), without
// overflow at the type's limits: v + d (mod 2^64) < 2d exactly for signed v
// in [-d, d).
template <typename I>
inline bool index_ok(I v, uint64_t d) noexcept {
  if constexpr (static_cast<I>(-1) < I{0}) {
    return static_cast<uint64_t>(static_cast<int64_t>(v)) + d < 2 * d;
  } else {
    return static_cast<uint64_t>(v) < d;
  }
}

// The first position in [begin, end) of one-component indices whose value
// is out of range, or -1: blocks of branch-free checks, a block with a bad
// value scanned again for its first one.
template <typename I>
int64_t first_bad_index(const I* idx, int64_t begin, int64_t end, uint64_t d) noexcept {
  constexpr int64_t kBlock = 1024;
  for (int64_t b = begin; b < end; b += kBlock) {
    const int64_t e = b + kBlock < end ? b + kBlock : end;
    bool bad = false;
    for (int64_t i = b; i < e; ++i) bad |= !index_ok(load_one(idx + i), d);
    if (!bad) continue;
    for (int64_t i = b; i < e; ++i) {
      if (!index_ok(load_one(idx + i), d)) return i;
    }
  }
  return -1;
}

// The same for k components per index (component j = position mod k, of
// range dims[j]), without a division per element.
template <typename I>
int64_t first_bad_index(const I* idx, int64_t begin, int64_t end, const int64_t* dims,
                        int64_t k) noexcept {
  int64_t j = begin % k;
  for (int64_t i = begin; i < end; ++i) {
    if (!index_ok(load_one(idx + i), static_cast<uint64_t>(dims[j]))) return i;
    if (++j == k) j = 0;
  }
  return -1;
}

// One run of n indices along the inner dim of an indexed copy, offsets in
// bytes: slice i (one T) goes from s + i*ss + v_i*as to d + i*ds, where
// v_i = idx[i*is] (in elements of I), a negative value taken from the end of
// its dim of size dim. No division anywhere: the gather loop of
// gatherElements' last axis. Slices that are no T go through copy_run.
template <typename T, typename I>
inline void gather_run(const unsigned char* src, unsigned char* dst, const I* idx, int64_t n,
                       int64_t s, int64_t ss, int64_t d, int64_t ds, int64_t is, int64_t as,
                       int64_t dim, size_t slice_bytes) noexcept {
  (void)slice_bytes;
  for (int64_t i = 0; i < n; ++i) {
    int64_t v = index_value(idx + i * is);
    if (v < 0) v += dim;
    const unsigned char* from = src + (s + i * ss + v * as);
    unsigned char* to = dst + (d + i * ds);
    if constexpr (std::is_void_v<T>) {
      copy_run(to, from, slice_bytes);
    } else {
      std::memcpy(to, from, sizeof(T));
    }
  }
}


}  // namespace tensor_ops::kernels
