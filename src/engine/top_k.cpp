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

// Working lists up to this long live on the stack (1 KiB).
constexpr size_t kLocalRanked = 64;

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

// From position `a` on, in blocks of 16: only the elements that beat
// worst() (by value, in the direction asked) are offered, the block's mask
// read once; the bar only rises, so an element that did not beat it would
// not beat it later either. Returns the first position left (fewer than 16
// to go).
template <typename Offer, typename Worst>
int64_t skip_floats(const float* x, int64_t a, int64_t n, bool largest, Offer& offer, Worst worst) noexcept {
  for (; a + 16 <= n; a += 16) {
    // Beats the worst, or is NaN (unordered: goes to the exact ranking).
    uint32_t bits = 0;
#if defined(__wasm_simd128__)
    const v128_t t = wasm_f32x4_splat(worst());
    for (int q = 0; q < 4; ++q) {
      const v128_t v = wasm_v128_load(x + a + 4 * q);
      const v128_t beats = wasm_v128_not(largest ? wasm_f32x4_le(v, t) : wasm_f32x4_ge(v, t));
      bits |= static_cast<uint32_t>(wasm_i32x4_bitmask(beats)) << (4 * q);
    }
#else
    using V = simd::Vec<float>;
    using M = simd::Vec<int32_t>;
    const V t = simd::splat(worst());
    for (int q = 0; q < 4; ++q) {
      const V v = simd::load(x + a + 4 * q);
      const M beats = largest ? reinterpret_cast<M>(!(v <= t)) : reinterpret_cast<M>(!(v >= t));
      for (int l = 0; l < 4; ++l) bits |= static_cast<uint32_t>(beats[l] != 0) << (4 * q + l);
    }
#endif
    for (; bits != 0; bits &= bits - 1) offer(a + __builtin_ctz(bits));
  }
  return a;
}

template <typename T, typename O>
void run(const TopKPlan& p, const void* x, void* values, void* indices, ThreadPool* pool) noexcept {
  using U = Bits<T>;
  const int r = static_cast<int>(p.dims.size());
  int64_t total = 1;
  for (int64_t d : p.dims) total *= d;
  const int64_t n = p.axis_size, k = p.k;
  const bool use_heap = k * 16 <= n;
  const U* x0 = static_cast<const U*>(x);
  const int64_t* strides[2] = {p.src_strides.data(), p.dst_strides.data()};
  const int64_t base[2] = {p.src_offset, p.dst_offset};
  auto piece = [&](int64_t begin, int64_t end) {
    // The working list: on the stack when small (a kernel's run then
    // allocates nothing), else on the heap, once per piece.
    const size_t need = static_cast<size_t>(use_heap ? k : n);
    Ranked local[kLocalRanked];
    std::vector<Ranked> heap(need > kLocalRanked ? need : 0);
    Ranked* const work = need > kLocalRanked ? heap.data() : local;
    Odometer<2> at(p.dims.data(), strides, r, begin, base);
    for (int64_t s = begin; s < end; ++s, at.next(r)) {
      const U* slice = x0 + at.offset[0];
      Ranked* w = work;
      if (use_heap) {
        // The k best so far in a heap whose top is the worst of them; a
        // later element (larger index) replaces it only with a higher rank.
        for (int64_t a = 0; a < k; ++a) w[a] = {rank_of<T>(slice + a * p.axis_stride, p.largest), a};
        std::make_heap(w, w + k, before);
        uint64_t worst = w[0].rank;
        auto offer = [&](int64_t a) {
          const uint64_t rank = rank_of<T>(slice + a * p.axis_stride, p.largest);
          if (rank <= worst) return;
          std::pop_heap(w, w + k, before);
          w[k - 1] = {rank, a};
          std::push_heap(w, w + k, before);
          worst = w[0].rank;
        };
        int64_t a = k;
        if constexpr (std::is_same_v<T, float>) {
          // Contiguous float32 (logits): 16 at a time, turned away together
          // when none beats the worst kept one by value (a NaN always goes
          // on to the exact ranking: it compares false).
          if (p.axis_stride == 1) a = skip_floats(reinterpret_cast<const float*>(slice), a, n, p.largest, offer, [&] {
            float f;
            std::memcpy(&f, slice + w[0].index, 4);
            return f;
          });
        }
        for (; a < n; ++a) offer(a);
      } else {
        for (int64_t a = 0; a < n; ++a) w[a] = {rank_of<T>(slice + a * p.axis_stride, p.largest), a};
        if (k < n) std::nth_element(w, w + k, w + n, before);
      }
      if (p.sorted) {
        std::sort(w, w + k, before);
      } else {
        std::sort(w, w + k, [](const Ranked& a, const Ranked& b) { return a.index < b.index; });
      }
      unsigned char* v = static_cast<unsigned char*>(values);
      for (int64_t j = 0; j < k; ++j) {
        const int64_t to = at.offset[1] + j * p.dst_axis_stride;
        std::memcpy(v + to * static_cast<int64_t>(sizeof(U)), slice + w[j].index * p.axis_stride, sizeof(U));
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
