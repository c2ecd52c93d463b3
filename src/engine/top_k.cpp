#include "engine/top_k.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "base/simd.hpp"
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif
#include "engine/elements.hpp"
#include "engine/work_split.hpp"

namespace tensor_ops {
namespace {

using elements::Bits;
using elements::Key;

// An element as a rank (higher = chosen first) and its index.
struct Ranked {
  uint64_t rank;
  int64_t index;
};

// Working lists up to this long live on the stack (2 KiB).
constexpr size_t kLocalRanked = 128;

// Up to this k, an axis keeps its k best in order by insertion: the bar
// is then always the k-th best so far, so fewer elements get past it than
// past the bar of a list cut back now and then (the top 5 of 4096 random
// floats: 0.76 -> 0.46 us).
constexpr int64_t kInsertionK = 16;

// a before b: higher rank, or the same rank and a smaller index.
inline bool before(const Ranked& a, const Ranked& b) noexcept {
  return a.rank > b.rank || (a.rank == b.rank && a.index < b.index);
}

// The rank of an element: its key (NaN above every number) in unsigned
// order, turned around for the smallest (lower values rank higher), where
// NaN, the top key, so ranks lowest of all.
template <typename T>
inline uint64_t rank_of(const Bits<T>* p, bool largest) noexcept {
  using K = Key<T>;
  const K key = elements::key_of<T>(elements::load_bits<T>(p), std::numeric_limits<K>::max());
  const uint64_t r = static_cast<uint64_t>(static_cast<int64_t>(key)) ^ (uint64_t{1} << 63);
  return largest ? r : ~r;
}

// From position `a` on, in blocks of 64 and 16: only the elements that
// beat the bar's value worst() (in the direction asked) are offered. A
// block none of whose elements beats it is passed over with one test; the
// bar only rises, so an element that did not beat it would not beat it
// later either, and it is read again only after an offer. Returns the first
// position left (in wasm none, once there are 16 elements: the last few
// are one block ending at n, its lanes before `a` left out).
template <bool largest, typename Offer, typename Worst>
int64_t skip_floats(const float* x, int64_t a, int64_t n, Offer& offer, Worst worst) noexcept {
#if defined(__wasm_simd128__)
  // "Does not beat": v <= t (largest) or v >= t; false for NaN, which goes on to the exact ranking.
  auto keeps_out = [](v128_t v, v128_t t) {
    if constexpr (largest) return wasm_f32x4_le(v, t);
    else return wasm_f32x4_ge(v, t);
  };
  v128_t t = wasm_f32x4_splat(worst());
  // 16 elements at `b` (those from `from` on): the ones that beat the bar offered, then the bar read again.
  auto block = [&](int64_t b, int64_t from) {
    const v128_t m0 = keeps_out(wasm_v128_load(x + b), t);
    const v128_t m1 = keeps_out(wasm_v128_load(x + b + 4), t);
    const v128_t m2 = keeps_out(wasm_v128_load(x + b + 8), t);
    const v128_t m3 = keeps_out(wasm_v128_load(x + b + 12), t);
    if (wasm_i32x4_all_true(wasm_v128_and(wasm_v128_and(m0, m1), wasm_v128_and(m2, m3)))) return;
    uint32_t bits = static_cast<uint32_t>(wasm_i32x4_bitmask(m0)) | static_cast<uint32_t>(wasm_i32x4_bitmask(m1)) << 4 |
                    static_cast<uint32_t>(wasm_i32x4_bitmask(m2)) << 8 | static_cast<uint32_t>(wasm_i32x4_bitmask(m3)) << 12;
    for (bits = ~bits & (0xffffu << (from - b)) & 0xffffu; bits != 0; bits &= bits - 1) offer(b + __builtin_ctz(bits));
    t = wasm_f32x4_splat(worst());
  };
  // 64 at a time: once the bar is high, one test passes over most blocks.
  for (; a + 64 <= n; a += 64) {
    v128_t all = keeps_out(wasm_v128_load(x + a), t);
    for (int q = 1; q < 16; ++q) all = wasm_v128_and(all, keeps_out(wasm_v128_load(x + a + 4 * q), t));
    if (wasm_i32x4_all_true(all)) continue;
    for (int q = 0; q < 4; ++q) block(a + 16 * q, a + 16 * q);
  }
  for (; a + 16 <= n; a += 16) block(a, a);
  if (a < n && n >= 16) {
    block(n - 16, a);
    a = n;
  }
#else
  using V = simd::Vec<float>;
  using M = simd::Vec<int32_t>;
  for (; a + 16 <= n; a += 16) {
    const V t = simd::splat(worst());
    uint32_t bits = 0;
    for (int q = 0; q < 4; ++q) {
      const V v = simd::load(x + a + 4 * q);
      M beats;
      if constexpr (largest) beats = reinterpret_cast<M>(!(v <= t));
      else beats = reinterpret_cast<M>(!(v >= t));
      for (int l = 0; l < 4; ++l) bits |= static_cast<uint32_t>(beats[l] != 0) << (4 * q + l);
    }
    for (; bits != 0; bits &= bits - 1) offer(a + __builtin_ctz(bits));
  }
#endif
  return a;
}

template <typename T, typename O>
void run(const TopKPlan& p, const void* x, void* values, void* indices, ThreadPool* pool) noexcept {
  using U = Bits<T>;
  const int r = static_cast<int>(p.dims.size());
  int64_t total = 1;
  for (int64_t d : p.dims) total *= d;
  const int64_t n = p.axis_size, k = p.k;
  // A small k (a class score's top 5 per box, a few of a row of logits):
  // the k best so far kept in order, a new one inserted where it belongs.
  // Long axes otherwise: candidates are collected above a bar (the k-th
  // best rank once known) into a list of 2k, cut back to the k best when it
  // fills. Else every element ranked, then the k best selected.
  const bool use_insertion = k <= kInsertionK;
  const bool use_bar = !use_insertion && k * 16 <= n;
  const U* x0 = static_cast<const U*>(x);
  const int64_t* strides[2] = {p.src_strides.data(), p.dst_strides.data()};
  const int64_t base[2] = {p.src_offset, p.dst_offset};
  auto piece = [&](int64_t begin, int64_t end) {
    // The plan's numbers as locals: read through the captures, g++ read
    // them again after every store to the working list (its int64 fields
    // may alias them): 294 -> 152 ns a row of 64 for k = 5 (clang: 166 -> 141).
    const int64_t N = n, K = k, S = p.axis_stride;
    const bool largest = p.largest;
    // The working list: on the stack when small (a kernel's run then
    // allocates nothing), else on the heap, once per piece.
    const size_t need = static_cast<size_t>(use_bar ? 2 * K : use_insertion ? K : N);
    Ranked local[kLocalRanked];
    std::vector<Ranked> heap(need > kLocalRanked ? need : 0);
    Ranked* const work = need > kLocalRanked ? heap.data() : local;
    Odometer<2> at(p.dims.data(), strides, r, begin, base);
    for (int64_t s = begin; s < end; ++s, at.next(r)) {
      const U* slice = x0 + at.offset[0];
      Ranked* w = work;
      if (use_bar) {
        // The bar only rises; a later element (larger index) of the bar's
        // rank ranks after the k-th, so it must beat the rank strictly.
        int64_t m = 0;
        uint64_t bar = 0;
        int64_t bar_index = 0;
        auto cut = [&] {
          std::nth_element(w, w + (K - 1), w + m, before);
          m = K;
          bar = w[K - 1].rank;
          bar_index = w[K - 1].index;
        };
        for (int64_t a = 0; a < 2 * K; ++a) w[m++] = {rank_of<T>(slice + a * S, largest), a};
        cut();
        auto offer = [&](int64_t a) {
          const uint64_t rank = rank_of<T>(slice + a * S, largest);
          if (rank <= bar) return;
          w[m++] = {rank, a};
          if (m == 2 * K) cut();
        };
        int64_t a = 2 * K;
        if constexpr (std::is_same_v<T, float>) {
          // Contiguous float32 (logits): 16 at a time, turned away together
          // when none beats the bar by value (a NaN always goes on to the
          // exact ranking: it compares false).
          if (S == 1) {
            const float* xs = reinterpret_cast<const float*>(slice);
            auto bar_value = [&] { return xs[bar_index]; };
            a = largest ? skip_floats<true>(xs, a, N, offer, bar_value) : skip_floats<false>(xs, a, N, offer, bar_value);
          }
        }
        for (; a < N; ++a) offer(a);
        if (m > K) cut();
      } else if (use_insertion) {
        // w[0, m) in order; a rank not above the k-th's is turned away (at
        // the same rank, the later index ranks after).
        int64_t m = 0;
        auto offer = [&](int64_t a) {
          const Ranked e{rank_of<T>(slice + a * S, largest), a};
          if (m == K && e.rank <= w[K - 1].rank) return;
          int64_t j = m < K ? m++ : K - 1;
          for (; j > 0 && w[j - 1].rank < e.rank; --j) w[j] = w[j - 1];
          w[j] = e;
        };
        int64_t a = 0;
        for (; a < std::min(K, N); ++a) offer(a);
        if constexpr (std::is_same_v<T, float>) {
          if (S == 1 && K > 0) {
            const float* xs = reinterpret_cast<const float*>(slice);
            auto bar_value = [&] { return xs[w[K - 1].index]; };
            a = largest ? skip_floats<true>(xs, a, N, offer, bar_value) : skip_floats<false>(xs, a, N, offer, bar_value);
          }
        }
        for (; a < N; ++a) offer(a);
      } else {
        for (int64_t a = 0; a < N; ++a) w[a] = {rank_of<T>(slice + a * S, largest), a};
        if (K < N) std::nth_element(w, w + K, w + N, before);
      }
      if (p.sorted) {
        if (!use_insertion) std::sort(w, w + K, before);
      } else {
        std::sort(w, w + K, [](const Ranked& a, const Ranked& b) { return a.index < b.index; });
      }
      unsigned char* v = static_cast<unsigned char*>(values);
      for (int64_t j = 0; j < K; ++j) {
        const int64_t to = at.offset[1] + j * p.dst_axis_stride;
        std::memcpy(v + to * static_cast<int64_t>(sizeof(U)), slice + w[j].index * S, sizeof(U));
        const O i = static_cast<O>(w[j].index);
        std::memcpy(static_cast<O*>(indices) + to, &i, sizeof(O));
      }
    }
  };
  split_work(total, total * n * static_cast<int64_t>(sizeof(U)), pool, piece);
}

}  // namespace

TopKPlan top_k_plan(const Shape& x, int64_t axis, int64_t k, DType dtype, bool largest, bool sorted,
                    DType index_dtype) {
  TopKPlan p;
  const std::vector<int64_t> strides = row_major_strides(x);
  Shape out = x;
  out[static_cast<size_t>(axis)] = k;
  const std::vector<int64_t> out_strides = row_major_strides(out);
  for (size_t a = 0; a < x.size(); ++a) {
    if (static_cast<int64_t>(a) == axis) continue;
    p.dims.push_back(x[a]);
    p.src_strides.push_back(strides[a]);
    p.dst_strides.push_back(out_strides[a]);
  }
  p.dtype = dtype;
  p.axis_size = x[static_cast<size_t>(axis)];
  p.axis_stride = strides[static_cast<size_t>(axis)];
  p.dst_axis_stride = out_strides[static_cast<size_t>(axis)];
  p.k = k;
  p.largest = largest;
  p.sorted = sorted;
  p.index_dtype = index_dtype;
  return p;
}

PreparedTopK prepare_top_k(const TopKPlan& plan) {
  PreparedTopK prepared{plan, plan.k <= 0 || plan.k > plan.axis_size};
  TopKPlan& p = prepared.plan;
  if (!prepared.empty && !normalize_dims(p.dims, {&p.src_strides, &p.dst_strides})) prepared.empty = true;
  return prepared;
}

void run_top_k(const PreparedTopK& prepared, const void* x, void* values, void* indices, ThreadPool* pool) noexcept {
  if (prepared.empty) return;
  const TopKPlan& p = prepared.plan;
  elements::visit(p.dtype, [&](auto t, bool) {
    using T = decltype(t);
    if (p.index_dtype == DType::Int64) run<T, int64_t>(p, x, values, indices, pool);
    else run<T, int32_t>(p, x, values, indices, pool);
  });
}

void execute_top_k(const TopKPlan& plan, const void* x, void* values, void* indices, ThreadPool* pool) noexcept {
  run_top_k(prepare_top_k(plan), x, values, indices, pool);
}

}  // namespace tensor_ops
