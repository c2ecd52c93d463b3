// The row kernels the engine picks from (see loop_nest.hpp). Each moves the
// inner two dims of a loop nest: `n0` inner positions with strides ss0/ds0,
// `n1` second-dim positions with strides ss1/ds1, all in elements of T.
#pragma once

#include <cstdint>
#include <array>
#include <cstring>
#include <type_traits>
#include <utility>

#include "base/simd.hpp"
#include "engine/table_lookup.hpp"

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
// Three channels (RGB rows of uint8, float16 and float32: a palette's),
// each moved as one fixed-size copy.
struct Bytes3 {
  unsigned char b[3];
};
struct Bytes6 {
  unsigned char b[6];
};
struct Bytes12 {
  unsigned char b[12];
};

// Element types the SIMD shuffles work on (1 to 8 bytes); wider ones move
// element by element, which is already one or more whole vectors.
template <typename T>
constexpr bool kShuffles = sizeof(T) <= 8;

// N bytes moved by fixed-size memcpys. Clang turns one above 64 bytes into
// wasm's memory.copy, which V8 runs as a call out of the module: a 128-byte
// element cost 13.7 ns so (a 16 KiB concat of 128-byte runs). Such sizes go
// as 64-byte pieces, each inlined as vector moves.
template <size_t N>
inline void copy_fixed(void* d, const void* s) noexcept {
  if constexpr (N > 64 && N % 64 == 0) {
    copy_fixed<64>(d, s);
    copy_fixed<N - 64>(static_cast<unsigned char*>(d) + 64, static_cast<const unsigned char*>(s) + 64);
  } else {
    std::memcpy(d, s, N);
  }
}

// One element moved through memcpy: the engine widens elements to 2, 4 or 8
// bytes wherever strides allow, but typed-array views (x.data at any element
// offset) are only aligned to their own element, so no access may assume
// the alignment of T. A fixed-size memcpy is one plain (unaligned) move.
template <typename T>
inline T load_one(const T* p) noexcept {
  T v;
  copy_fixed<sizeof(T)>(&v, p);
  return v;
}
template <typename T>
inline void move_one(T* d, const T* s) noexcept {
  copy_fixed<sizeof(T)>(d, s);
}

struct Inner {
  int64_t n0, ss0, ds0;
  int64_t n1, ss1, ds1;
};

// Runs this long and longer go to memcpy (in wasm, memory.copy); shorter
// ones are inline vector moves. In V8's optimized code (Node 20, shared
// memory or not), memory.copy moves 16 KiB in 0.10 us where 16-byte vector
// moves take 0.25 us, 1 KiB in 0.007 against 0.015 us; at 256 bytes the two
// are equal (an em++ -O3 program timing each way, on the main thread and in
// a pthread, after V8's tier-up: before it, the vector loop is 4x slower).
#if defined(__wasm__)
constexpr size_t kMemcpyMin = 512;
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

// AMD Zen 3 and 4 run `rep movsb` 15-35x slower when the destination starts
// 1 to 31 bytes after the source modulo 4 KiB. glibc's memmove (2.36, as
// Debian 12 has it) uses it from 2 KiB to its non-temporal threshold, and
// V8's memory.copy goes through that memmove on Linux. Two dlmalloc blocks
// one after the other are 8 or 16 bytes apart modulo 4 KiB whenever the
// first holds a multiple of 4 KiB, as most tensors do. Such copies go by
// pieces of 2 KiB, below glibc's threshold: 16 KiB in 0.26 us in wasm,
// against 7 us by rep movsb and 0.2-0.3 us by one memmove placed otherwise.
constexpr size_t kAliasedPiece = 2048;
inline bool rep_movsb_aliased(const unsigned char* d, const unsigned char* s) noexcept {
  return ((reinterpret_cast<uintptr_t>(d) - reinterpret_cast<uintptr_t>(s)) & 4095u) - 1u < 31u;
}

inline void copy_run(void* dst, const void* src, size_t bytes) noexcept {
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
  if (bytes > kAliasedPiece && rep_movsb_aliased(d, s)) {
    size_t i = 0;
    for (; bytes - i > kAliasedPiece; i += kAliasedPiece) std::memcpy(d + i, s + i, kAliasedPiece);
    std::memcpy(d + i, s + i, bytes - i);
  } else if (bytes >= kMemcpyMin) {
    std::memcpy(d, s, bytes);
  } else if (bytes >= 16) {
    size_t i = 0;
    for (; i + 16 <= bytes; i += 16) simd::store(d + i, simd::load(s + i));
    if (i < bytes) simd::store(d + bytes - 16, simd::load(s + bytes - 16));
  } else {
    copy_small(d, s, bytes);
  }
}

// Zeros `bytes` at dst, as copy_run moves them: memset natively for long
// runs, vector stores otherwise (V8's memory.fill costs what memory.copy does).
inline void zero_run(void* dst, size_t bytes) noexcept {
  auto* d = static_cast<unsigned char*>(dst);
  if (bytes >= kMemcpyMin) {
    std::memset(d, 0, bytes);
  } else if (bytes >= 16) {
    const simd::Vec<uint8_t> zero{};
    size_t i = 0;
    for (; i + 16 <= bytes; i += 16) simd::store(d + i, zero);
    simd::store(d + bytes - 16, zero);
  } else {
    static constexpr unsigned char kZeros[16] = {};
    copy_small(d, kZeros, bytes);
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
  for (int64_t i = 0; i < n; ++i) copy_fixed<sizeof(T)>(d + i, &value);
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
      for (int64_t i = 0; i < in.n0; ++i) copy_fixed<sizeof(T)>(dj + i * in.ds0, &value);
    }
  }
}

namespace detail {

// A shuffle network of swizzles (wasm): output vector q of a block holds in
// lane r the element Map::elem(q, r) of the block's input vectors taken as
// one array (vector e / L, lane e % L), or 0 where that is -1. Each output
// is the OR of one swizzle per input vector it reads, with byte masks made
// at compile time and loaded once per call (through a volatile read, so
// that the compiler keeps them as values instead of folding them back into
// constant shuffles).
template <typename T, int kOut, typename Map>
struct Network {
  static constexpr int L = static_cast<int>(16 / sizeof(T));
  static constexpr int lo(int q) {
    int v = -1;
    for (int r = 0; r < L; ++r) {
      const int e = Map::elem(q, r);
      if (e >= 0 && (v < 0 || e / L < v)) v = e / L;
    }
    return v;
  }
  static constexpr int hi(int q) {
    int v = -1;
    for (int r = 0; r < L; ++r) {
      const int e = Map::elem(q, r);
      if (e >= 0 && e / L > v) v = e / L;
    }
    return v;
  }
  static constexpr int count() {
    int n = 0;
    for (int q = 0; q < kOut; ++q) n += lo(q) < 0 ? 0 : hi(q) - lo(q) + 1;
    return n;
  }
  static constexpr int kCount = count() > 0 ? count() : 1;
  struct Table {
    alignas(16) unsigned char bytes[kCount * 16];
  };
  static constexpr Table table() {
    Table t{};
    int k = 0;
    for (int q = 0; q < kOut; ++q) {
      if (lo(q) < 0) continue;
      for (int w = lo(q); w <= hi(q); ++w, ++k) {
        for (int b = 0; b < 16; ++b) {
          const int e = Map::elem(q, b / static_cast<int>(sizeof(T)));
          t.bytes[k * 16 + b] = static_cast<unsigned char>(
              e >= 0 && e / L == w ? (e % L) * static_cast<int>(sizeof(T)) + b % static_cast<int>(sizeof(T)) : 0x80);
        }
      }
    }
    return t;
  }
  static constexpr Table kTable = table();
  struct Masks {
    simd::Vec<uint8_t> m[kCount];
  };
  static Masks masks() noexcept {
    Masks out;
    for (int k = 0; k < kCount; ++k) {
      out.m[k] = *reinterpret_cast<const volatile simd::Vec<uint8_t>*>(kTable.bytes + 16 * k);
    }
    return out;
  }
#if defined(__wasm_simd128__)
  // Output q: the OR of its inputs' swizzles, starting from `base` (the
  // constant lanes, or zero).
  template <int Q>
  static simd::Vec<T> output(const simd::Vec<T>* in, const Masks& m, simd::Vec<T> base) noexcept {
    constexpr int first = [] {
      int k = 0;
      for (int q = 0; q < Q; ++q) k += lo(q) < 0 ? 0 : hi(q) - lo(q) + 1;
      return k;
    }();
    if constexpr (lo(Q) >= 0) {
      for (int w = lo(Q); w <= hi(Q); ++w) base |= simd::swizzle(in[w], m.m[first + w - lo(Q)]);
    }
    return base;
  }
#endif
};

// The maps of the networks: Deinterleave by 3 (output p: phase p),
// Interleave by 3 (inputs: the three rows' vectors).
template <typename T>
struct Phase3Map {
  static constexpr int L = static_cast<int>(16 / sizeof(T));
  static constexpr int elem(int q, int r) { return 3 * r + q; }
};
template <typename T>
struct Weave3Map {
  static constexpr int L = static_cast<int>(16 / sizeof(T));
  static constexpr int elem(int q, int r) { return ((q * L + r) % 3) * L + (q * L + r) / 3; }
};

}  // namespace detail

// Shuffles of any pattern on T cost no more than scalar moves: always in
// wasm; natively (SSE2, no byte shuffles) from 4-byte lanes on.
template <typename T>
constexpr bool kAnyShuffles = kShuffles<T> && (simd::kByteShuffles || sizeof(T) >= 4);

// dst[p*ds1 + i] = src[p + i*K] for the first P <= K phases p: one source
// row, P destination rows (P < K: channels sliced away, or a strided slice
// when P = 1). Blocks of L positions read K whole vectors; with P < K the
// last position's unread lanes may lie past the source's end, so the last
// block stops one position early and that position is moved alone.
template <typename T, int K, int P = K>
void deinterleave_rows(const T* s, T* d, const Inner& in) noexcept {
  static_assert(P >= 1 && P <= K, "phases");
  constexpr int64_t L = kShuffles<T> ? static_cast<int64_t>(16 / sizeof(T)) : 1;
  constexpr int64_t spare = P < K ? 1 : 0;
  const int64_t n = in.n0;
  T* d0 = d;
  T* d1 = d + in.ds1;
  T* d2 = d + 2 * in.ds1;
  T* d3 = d + 3 * in.ds1;
  int64_t i = 0;
  if constexpr (kShuffles<T> && (K != 3 || sizeof(T) > 1 || simd::kByteShuffles)) {
    [[maybe_unused]] const auto masks = [] {
      if constexpr (K == 3 && simd::kSwizzles<T>) return detail::Network<T, 3, detail::Phase3Map<T>>::masks();
      else return 0;
    }();
    auto block = [&](int64_t at) {
      const T* p = s + K * at;
      if constexpr (K == 2) {
        const auto a = simd::load(p), b = simd::load(p + L);
        simd::store(d0 + at, simd::even<T>(a, b));
        if constexpr (P > 1) simd::store(d1 + at, simd::odd<T>(a, b));
      } else if constexpr (K == 3 && simd::kSwizzles<T>) {
#if defined(__wasm_simd128__)
        using N = detail::Network<T, 3, detail::Phase3Map<T>>;
        const simd::Vec<T> in[3] = {simd::load(p), simd::load(p + L), simd::load(p + 2 * L)};
        simd::store(d0 + at, N::template output<0>(in, masks, simd::Vec<T>{}));
        if constexpr (P > 1) simd::store(d1 + at, N::template output<1>(in, masks, simd::Vec<T>{}));
        if constexpr (P > 2) simd::store(d2 + at, N::template output<2>(in, masks, simd::Vec<T>{}));
#endif
      } else if constexpr (K == 3) {
        const auto a = simd::load(p), b = simd::load(p + L), c = simd::load(p + 2 * L);
        simd::store(d0 + at, simd::phase3<0, T>(a, b, c));
        if constexpr (P > 1) simd::store(d1 + at, simd::phase3<1, T>(a, b, c));
        if constexpr (P > 2) simd::store(d2 + at, simd::phase3<2, T>(a, b, c));
      } else {
        const auto a = simd::load(p), b = simd::load(p + L);
        const auto c = simd::load(p + 2 * L), e = simd::load(p + 3 * L);
        const auto ev1 = simd::even<T>(a, b), od1 = simd::odd<T>(a, b);
        const auto ev2 = simd::even<T>(c, e), od2 = simd::odd<T>(c, e);
        simd::store(d0 + at, simd::even<T>(ev1, ev2));
        if constexpr (P > 1) simd::store(d1 + at, simd::even<T>(od1, od2));
        if constexpr (P > 2) simd::store(d2 + at, simd::odd<T>(ev1, ev2));
        if constexpr (P > 3) simd::store(d3 + at, simd::odd<T>(od1, od2));
      }
    };
    for (; i + L + spare <= n; i += L) block(i);
    // The last block overlaps the one before (same bytes, same thread).
    if (i + spare < n && n >= L + spare) {
      block(n - spare - L);
      i = n - spare;
    }
  }
  (void)d1;
  (void)d2;
  (void)d3;
  for (; i < n; ++i) {
    for (int p = 0; p < P; ++p) move_one(d + p * in.ds1 + i, s + i * K + p);
  }
}

// dst[j*K + p] = src_p[j] for j < n: K source rows, one destination row.
template <typename T, int K>
void interleave_run(const T* const* src, T* d, int64_t n) noexcept {
  constexpr int64_t L = kShuffles<T> ? static_cast<int64_t>(16 / sizeof(T)) : 1;
  const T* s0 = src[0];
  const T* s1 = src[1];
  int64_t j = 0;
  if constexpr (kShuffles<T> && (K != 3 || sizeof(T) > 1 || simd::kByteShuffles)) {
    [[maybe_unused]] const auto masks = [] {
      if constexpr (K == 3 && simd::kSwizzles<T>) return detail::Network<T, 3, detail::Weave3Map<T>>::masks();
      else return 0;
    }();
    auto block = [&](int64_t at) {
      T* o = d + K * at;
      if constexpr (K == 2) {
        const auto a = simd::load(s0 + at), b = simd::load(s1 + at);
        simd::store(o, simd::zip_low<T>(a, b));
        simd::store(o + L, simd::zip_high<T>(a, b));
      } else if constexpr (K == 3 && simd::kSwizzles<T>) {
#if defined(__wasm_simd128__)
        using N = detail::Network<T, 3, detail::Weave3Map<T>>;
        const simd::Vec<T> in[3] = {simd::load(s0 + at), simd::load(s1 + at), simd::load(src[2] + at)};
        simd::store(o, N::template output<0>(in, masks, simd::Vec<T>{}));
        simd::store(o + L, N::template output<1>(in, masks, simd::Vec<T>{}));
        simd::store(o + 2 * L, N::template output<2>(in, masks, simd::Vec<T>{}));
#endif
      } else if constexpr (K == 3) {
        const auto a = simd::load(s0 + at), b = simd::load(s1 + at), c = simd::load(src[2] + at);
        simd::store(o, simd::weave3<0, T>(a, b, c));
        simd::store(o + L, simd::weave3<1, T>(a, b, c));
        simd::store(o + 2 * L, simd::weave3<2, T>(a, b, c));
      } else {
        const auto a = simd::load(s0 + at), b = simd::load(s1 + at);
        const auto c = simd::load(src[2] + at), e = simd::load(src[3] + at);
        const auto plo = simd::zip_low<T>(a, c), phi = simd::zip_high<T>(a, c);
        const auto qlo = simd::zip_low<T>(b, e), qhi = simd::zip_high<T>(b, e);
        simd::store(o, simd::zip_low<T>(plo, qlo));
        simd::store(o + L, simd::zip_high<T>(plo, qlo));
        simd::store(o + 2 * L, simd::zip_low<T>(phi, qhi));
        simd::store(o + 3 * L, simd::zip_high<T>(phi, qhi));
      }
    };
    for (; j + L <= n; j += L) block(j);
    if (j < n && n >= L) {
      block(n - L);  // overlapping the block before
      j = n;
    }
  }
  for (; j < n; ++j) {
    for (int p = 0; p < K; ++p) move_one(d + j * K + p, src[p] + j);
  }
}

// dst[j*K + p] = src[p*ss0 + j]: K source rows, one destination row.
template <typename T, int K>
void interleave_rows(const T* s, T* d, const Inner& in) noexcept {
  const T* src[K];
  for (int p = 0; p < K; ++p) src[p] = s + p * in.ss0;
  interleave_run<T, K>(src, d, in.n1);
}

// The same from K buffers (concat of K planes into their last axis): the
// inner dim runs along the planes (source stride 1, destination stride K),
// rows at ss1 / ds1; plane p's row starts at src[p] + at.
template <typename T, int K>
void weave_rows(const T* const* src, int64_t at, T* d, const Inner& in) noexcept {
  for (int64_t j = 0; j < in.n1; ++j) {
    const T* row[K];
    for (int p = 0; p < K; ++p) row[p] = src[p] + at + j * in.ss1;
    interleave_run<T, K>(row, d + j * in.ds1, in.n0);
  }
}

namespace detail {

// Groups of G destination elements, one after another, each made from a
// group of S source elements (groups S apart): lane p of a group is source
// lane lane_src(p) of its group, or the constant where that is -1.
//   M >= 0: lanes [Q, Q + M) are source lanes 0.. M-1, the rest constant
//           (Q = 0, M = G < S: channels sliced away; M < G: a copy and the
//           constant fill beside it, pad's new channel);
//   M < 0:  every lane is source lane 0 (S = 1: one element splatted to G).
// A block of L groups reads S vectors and writes G: each output vector is
// a chain of two-operand shuffles over the source vectors it needs.
template <typename T, int G_, int S, int Q, int M>
struct Regroup {
  using Vec = simd::Vec<T>;
  static constexpr int G = G_;
  static constexpr int L = static_cast<int>(16 / sizeof(T));
  static constexpr int lane_src(int p) { return M < 0 ? 0 : (p >= Q && p < Q + M) ? p - Q : -1; }
  // The source element of lane r of output vector q of a block (-1: constant).
  static constexpr int elem(int q, int r) {
    const int e = q * L + r;
    const int sp = lane_src(e % G);
    return sp < 0 ? -1 : (e / G) * S + sp;
  }
  static constexpr int lo(int q) {
    int v = -1;
    for (int r = 0; r < L; ++r) {
      if (elem(q, r) >= 0 && (v < 0 || elem(q, r) / L < v)) v = elem(q, r) / L;
    }
    return v;
  }
  static constexpr int hi(int q) {
    int v = -1;
    for (int r = 0; r < L; ++r) {
      if (elem(q, r) >= 0 && elem(q, r) / L > v) v = elem(q, r) / L;
    }
    return v;
  }
  // The source vectors a block reads (at most S: it ends inside its L groups).
  static constexpr int reads() {
    int v = 0;
    for (int q = 0; q < G; ++q) v = hi(q) + 1 > v ? hi(q) + 1 : v;
    return v;
  }
  static constexpr bool has_constant() {
    for (int p = 0; p < G; ++p) {
      if (lane_src(p) < 0) return true;
    }
    return false;
  }
  // Whether a group's last source lane is read: blocks then end exactly at
  // the last group's end; else the last block stops a group early.
  static constexpr bool exact() {
    for (int p = 0; p < G; ++p) {
      if (lane_src(p) == S - 1) return true;
    }
    return false;
  }
  // The first shuffle: lanes of vectors lo and lo + 1 (0: a later stage's, or constant).
  static constexpr int first(int q, int r) {
    const int e = elem(q, r);
    if (e < 0) return 0;
    return e / L == lo(q) ? e % L : e / L == lo(q) + 1 ? L + e % L : 0;
  }
  // A later shuffle: the lanes of vector w taken in, the rest kept.
  static constexpr int later(int q, int w, int r) {
    const int e = elem(q, r);
    return e >= 0 && e / L == w ? L + e % L : r;
  }
};

template <typename R, int Q, int W, size_t... I>
inline typename R::Vec regroup_rest(typename R::Vec t, const typename R::Vec* v, std::index_sequence<I...> lanes) noexcept {
  if constexpr (W > R::hi(Q)) {
    (void)v;
    (void)lanes;
    return t;
  } else {
    t = __builtin_shufflevector(t, v[W], R::later(Q, W, static_cast<int>(I))...);
    return regroup_rest<R, Q, W + 1>(t, v, lanes);
  }
}

// Output vector Q of a block from its S source vectors (constant lanes
// undefined: the caller masks them in).
template <typename R, int Q, size_t... I>
inline typename R::Vec regroup_vector(const typename R::Vec* v, std::index_sequence<I...> lanes) noexcept {
  constexpr int lo = R::lo(Q);
  if constexpr (lo < 0) {
    (void)v;
    (void)lanes;
    return typename R::Vec{};
  } else {
    constexpr int next = R::hi(Q) > lo ? lo + 1 : lo;
    const typename R::Vec t = __builtin_shufflevector(v[lo], v[next], R::first(Q, static_cast<int>(I))...);
    return regroup_rest<R, Q, lo + 2>(t, v, lanes);
  }
}

template <typename R, typename T, size_t... Q>
inline void regroup_block(const T* s, T* d, const simd::Vec<T>* keep, const simd::Vec<T>* constant,
                          std::index_sequence<Q...>) noexcept {
  constexpr int L = R::L;
  constexpr int kIn = R::reads();
  simd::Vec<T> v[kIn];
  for (int k = 0; k < kIn; ++k) v[k] = simd::load(s + k * L);
  const auto lanes = std::make_index_sequence<static_cast<size_t>(L)>();
  if constexpr (R::has_constant()) {
    (simd::store(d + static_cast<int>(Q) * L,
                 (regroup_vector<R, static_cast<int>(Q)>(v, lanes) & keep[Q]) | constant[Q]),
     ...);
  } else {
    (void)keep;
    (void)constant;
    (simd::store(d + static_cast<int>(Q) * L, regroup_vector<R, static_cast<int>(Q)>(v, lanes)), ...);
  }
}

#if defined(__wasm_simd128__)
// The same block by a swizzle network: constant lanes come out of the
// swizzles as 0, so each output starts from its constant bits.
template <typename R, typename T, size_t... Q>
inline void regroup_block_swizzled(const T* s, T* d, const typename Network<T, R::G, R>::Masks& masks,
                                   const simd::Vec<T>* constant, std::index_sequence<Q...>) noexcept {
  constexpr int L = R::L;
  constexpr int kIn = R::reads();
  simd::Vec<T> v[kIn];
  for (int k = 0; k < kIn; ++k) v[k] = simd::load(s + k * L);
  (simd::store(d + static_cast<int>(Q) * L,
               Network<T, R::G, R>::template output<static_cast<int>(Q)>(v, masks, constant[Q])),
   ...);
}
#endif

}  // namespace detail

// Regrouped lanes (see detail::Regroup): the inner dim is a group's G
// lanes, the second dim the groups (source stride S, destination stride G:
// the destination contiguous); `value` fills the constant lanes.
template <typename T, int G, int S, int Q, int M>
void regroup_rows(const T* s, T* d, const Inner& in, T value) noexcept {
  using R = detail::Regroup<T, G, S, Q, M>;
  const int64_t n = in.n1;
  int64_t j = 0;
  if constexpr (kAnyShuffles<T>) {
    constexpr int64_t L = R::L;
    constexpr int64_t spare = R::exact() ? 0 : 1;
    if (n >= L + spare) {
      simd::Vec<T> keep[G] = {}, constant[G] = {};
      if constexpr (R::has_constant()) {
        T ones, zero;
        std::memset(&ones, 0xFF, sizeof(T));
        std::memset(&zero, 0, sizeof(T));
        T k[G * L], c[G * L];
        for (int q = 0; q < G; ++q) {
          for (int r = 0; r < L; ++r) {
            const bool from_source = R::elem(q, r) >= 0;
            k[q * L + r] = from_source ? ones : zero;
            c[q * L + r] = from_source ? zero : value;
          }
        }
        for (int q = 0; q < G; ++q) {
          keep[q] = simd::load(k + q * L);
          constant[q] = simd::load(c + q * L);
        }
      }
      [[maybe_unused]] const auto masks = [] {
        if constexpr (simd::kSwizzles<T>) return detail::Network<T, G, R>::masks();
        else return 0;
      }();
      const auto block = [&](int64_t at) {
#if defined(__wasm_simd128__)
        if constexpr (simd::kSwizzles<T>) {
          detail::regroup_block_swizzled<R>(s + at * S, d + at * G, masks, constant, std::make_index_sequence<G>());
          return;
        }
#endif
        detail::regroup_block<R>(s + at * S, d + at * G, keep, constant, std::make_index_sequence<G>());
      };
      for (; j + L + spare <= n; j += L) block(j);
      if (j + spare < n) {
        block(n - spare - L);  // overlapping the block before
        j = n - spare;
      }
    }
  }
  for (; j < n; ++j) {
    for (int p = 0; p < G; ++p) {
      const int sp = R::lane_src(p);
      if (sp < 0) std::memcpy(d + j * G + p, &value, sizeof(T));
      else move_one(d + j * G + p, s + j * S + sp);
    }
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

// One L x L tile: rows sa, sa + S, ... to rows da, da + D, ... (byte
// addresses). Always inlined: clang kept the 16 x 16 byte tile an
// out-of-line call per tile, its vectors passed through memory.
template <typename T>
inline __attribute__((always_inline)) void transpose_tile_at(uintptr_t sa, uintptr_t S, uintptr_t da,
                                                             uintptr_t D) noexcept {
  constexpr size_t L = simd::kLanes<T>;
  simd::Vec<T> v[L];
  for (size_t k = 0; k < L; ++k) v[k] = simd::load(reinterpret_cast<const T*>(sa + k * S));
  transpose_tile<T>(v);
  for (size_t k = 0; k < L; ++k) simd::store(reinterpret_cast<T*>(da + k * D), v[k]);
}

// dst[j*ds1 + i] = src[i*ss0 + j] (source rows contiguous along j): a 2-D
// transpose in L x L tiles, each read and written as L whole vectors. The
// last tile of each axis is moved back to end at the edge, overlapping the
// one before (same bytes, same thread), so only n0 < L or n1 < L is scalar.
// Square blocks of 256-byte rows keep a block's rows in L1 on both sides
// (measured: 64 and 128 bytes were slower, bench/native/kernels.cpp; taller
// blocks, 512 x 128 bytes, were 10% faster at 64 MiB but 40% slower on
// matrices in L2, and reading each block's lines ahead was slower still:
// bench/native/transpose.cpp). The block and order are parameters for that
// bench only.
// Tile addresses are byte addresses stepped by additions (as strided_rows
// does): in wasm32 one 32-bit add per row, where the int64 index products
// before cost 8 multiplies and 4 reloads of `in` per float32 tile. (An
// earlier try at locals and stepped pointers measured 7-19% slower at
// 16 MiB; this one, one thread in V8, bench/native/transpose.cpp's shapes:
// 4096 x 4096 float32 12.8 -> 10.5 ms, 62 x 62 float32 planes 10.3 ->
// 6.4 ms, both noisy on a shared machine.)
// Elements wider than 8 bytes (widened runs) are moved one by one, blocked.
template <typename T, int64_t kBlockI = 256 / sizeof(T), int64_t kBlockJ = kBlockI, bool kRowsOuter = false>
void transpose_rows(const T* s, T* d, const Inner& in) noexcept {
  const int64_t n0 = in.n0, n1 = in.n1;
  if constexpr (kShuffles<T>) {
    constexpr int64_t L = static_cast<int64_t>(simd::kLanes<T>);
    static_assert(kBlockI % L == 0 && kBlockJ % L == 0, "blocks of whole tiles");
    if (n0 >= L && n1 >= L) {
      constexpr uintptr_t E = sizeof(T);
      const uintptr_t S = static_cast<uintptr_t>(in.ss0) * E;  // next source row (i); any sign, modulo 2^N
      const uintptr_t D = static_cast<uintptr_t>(in.ds1) * E;  // next destination row (j)
      const uintptr_t sb = reinterpret_cast<uintptr_t>(s);
      const uintptr_t db = reinterpret_cast<uintptr_t>(d);
      const auto tile = [=](uintptr_t sa, uintptr_t da) { transpose_tile_at<T>(sa, S, da, D); };
      // Tile (i, j) reads sb + i*S + j*E and writes db + j*D + i*E.
      const auto at = [&](int64_t i, int64_t j, uintptr_t* sa, uintptr_t* da) {
        *sa = sb + static_cast<uintptr_t>(i) * S + static_cast<uintptr_t>(j) * E;
        *da = db + static_cast<uintptr_t>(j) * D + static_cast<uintptr_t>(i) * E;
      };
      for (int64_t jb = 0; jb < n1; jb += kBlockJ) {
        const int64_t j_end = jb + kBlockJ < n1 ? jb + kBlockJ : n1;
        for (int64_t ib = 0; ib < n0; ib += kBlockI) {
          const int64_t i_end = ib + kBlockI < n0 ? ib + kBlockI : n0;
          uintptr_t sa, da;
          if constexpr (kRowsOuter) {
            for (int64_t it = ib; it < i_end; it += L) {
              const int64_t i = it + L <= n0 ? it : n0 - L;
              int64_t jt = jb;
              for (at(i, jt, &sa, &da); jt + L <= j_end; jt += L, sa += L * E, da += L * D) tile(sa, da);
              if (jt < j_end) {
                at(i, n1 - L, &sa, &da);
                tile(sa, da);
              }
            }
          } else {
            for (int64_t jt = jb; jt < j_end; jt += L) {
              const int64_t j = jt + L <= n1 ? jt : n1 - L;
              int64_t it = ib;
              for (at(it, j, &sa, &da); it + L <= i_end; it += L, sa += L * S, da += L * E) tile(sa, da);
              if (it < i_end) {
                at(n0 - L, j, &sa, &da);
                tile(sa, da);
              }
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
  constexpr bool kSigned = static_cast<I>(-1) < I{0};
  if constexpr (sizeof(I) <= 2) {
    // A dim that holds every value of I (signed: 2d covers its span).
    constexpr uint64_t span = uint64_t{1} << (8 * sizeof(I));
    if (kSigned ? 2 * d >= span : d >= span) return -1;
  }
  for (int64_t b = begin; b < end; b += kBlock) {
    const int64_t e = b + kBlock < end ? b + kBlock : end;
    bool bad = false;
    if constexpr (sizeof(I) <= 2) {
      // The same test in lanes of I's own width (v + d < 2d mod 2^bits, 2d
      // below the span here), as a running maximum: 16 bytes per vector
      // instruction, where 32-bit lanes and a flag per value took 0.4 ns a
      // byte (a mask of bytes checked slower than it was looked up).
      using U = std::make_unsigned_t<I>;
      const U shift = kSigned ? static_cast<U>(d) : U{0};
      const U limit = static_cast<U>(kSigned ? 2 * d : d);
      U top = 0;
      for (int64_t i = b; i < e; ++i) {
        const U u = static_cast<U>(static_cast<U>(load_one(idx + i)) + shift);
        top = u > top ? u : top;
      }
      if (top < limit) continue;
      bad = true;
    } else if constexpr (sizeof(I) == 4) {
      // Against a dim below 2^31, in 32-bit lanes (v + d < 2d mod 2^32),
      // four to a vector where the 64-bit test takes two.
      if (d < (uint64_t{1} << 31)) {
        const uint32_t dd = static_cast<uint32_t>(d);
        const uint32_t limit = kSigned ? 2 * dd : dd;
        const uint32_t shift = kSigned ? dd : 0;
        uint32_t top = 0;
        for (int64_t i = b; i < e; ++i) {
          const uint32_t u = static_cast<uint32_t>(load_one(idx + i)) + shift;
          top = u > top ? u : top;
        }
        if (top < limit) continue;
        bad = true;
      }
    } else {
      // 64-bit lanes have no unsigned compare or maximum in wasm: x = v + d
      // (mod 2^64) is in [0, limit) exactly when neither x nor limit-1-x has
      // its top bit set (limit at most 2^63), which adds and ors test.
      const uint64_t limit = kSigned ? 2 * d : d;
      if (limit <= (uint64_t{1} << 63)) {
        const uint64_t shift = kSigned ? d : 0;
        uint64_t signs = 0;
        for (int64_t i = b; i < e; ++i) {
          const uint64_t x = static_cast<uint64_t>(load_one(idx + i)) + shift;
          signs |= x | (limit - 1 - x);
        }
        if ((signs >> 63) == 0) continue;
        bad = true;
      }
    }
    if (!bad) {
      for (int64_t i = b; i < e; ++i) bad |= !index_ok(load_one(idx + i), d);
    }
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
  if constexpr (!std::is_void_v<T>) {
    // Rows of a table picked into a dense output (a palette by a mask, an
    // embedding by ids): the offsets in pointer-sized integers, which the
    // checked indices and the buffers' sizes keep in range.
    if (ss == 0 && is == 1 && ds == static_cast<int64_t>(sizeof(T))) {
      if constexpr (kTableLookup && sizeof(T) <= 4) {
        // The table's planes cost about what 8 scalar picks per row do:
        // worth it for a palette (a mask's rows), not for gatherElements'
        // rows, each of them a table picked from a few times.
        if (dim <= kLookupRows && n >= 32 && n >= 8 * dim) {
          lookup_rows<sizeof(T), I>(src + s, as, dim, idx, dst + d, n);
          return;
        }
      }
      const unsigned char* base = src + s;
      unsigned char* to = dst + d;
      const ptrdiff_t step = static_cast<ptrdiff_t>(as);
      const ptrdiff_t wrap = static_cast<ptrdiff_t>(dim);
      const ptrdiff_t count = static_cast<ptrdiff_t>(n);
      // A negative index taken from the end without a branch (indices of
      // both signs mix at random in gatherElements' picks).
      auto offset = [&](ptrdiff_t i) {
        ptrdiff_t v = static_cast<ptrdiff_t>(load_one(idx + i));
        if constexpr (static_cast<I>(-1) < I{0}) v += wrap & -static_cast<ptrdiff_t>(v < 0);
        return v * step;
      };
      ptrdiff_t i = 0;
      // Four at a time: their indices read before any element, so that the
      // four loads are independent.
      for (; i + 4 <= count; i += 4) {
        const ptrdiff_t o0 = offset(i), o1 = offset(i + 1), o2 = offset(i + 2), o3 = offset(i + 3);
        T v0, v1, v2, v3;
        copy_fixed<sizeof(T)>(&v0, base + o0);
        copy_fixed<sizeof(T)>(&v1, base + o1);
        copy_fixed<sizeof(T)>(&v2, base + o2);
        copy_fixed<sizeof(T)>(&v3, base + o3);
        unsigned char* d4 = to + i * static_cast<ptrdiff_t>(sizeof(T));
        copy_fixed<sizeof(T)>(d4, &v0);
        copy_fixed<sizeof(T)>(d4 + sizeof(T), &v1);
        copy_fixed<sizeof(T)>(d4 + 2 * sizeof(T), &v2);
        copy_fixed<sizeof(T)>(d4 + 3 * sizeof(T), &v3);
      }
      for (; i < count; ++i) copy_fixed<sizeof(T)>(to + i * static_cast<ptrdiff_t>(sizeof(T)), base + offset(i));
      return;
    }
  }
  for (int64_t i = 0; i < n; ++i) {
    int64_t v = index_value(idx + i * is);
    if (v < 0) v += dim;
    const unsigned char* from = src + (s + i * ss + v * as);
    unsigned char* to = dst + (d + i * ds);
    if constexpr (std::is_void_v<T>) {
      copy_run(to, from, slice_bytes);
    } else {
      copy_fixed<sizeof(T)>(to, from);
    }
  }
}


}  // namespace tensor_ops::kernels
