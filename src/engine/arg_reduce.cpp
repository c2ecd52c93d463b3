#include "engine/arg_reduce.hpp"

#include <algorithm>
#include <limits>

#include "base/simd.hpp"
#include "engine/elements.hpp"
#include "engine/work_split.hpp"

namespace tensor_ops {
namespace {

using elements::Bits;
using elements::Key;
using simd::Vec;

template <typename V, typename W>
inline V as(W w) noexcept {
  return reinterpret_cast<V>(w);
}

// Modes: max / min, first / last index among equals. take(v, best): does a
// later element v replace the best so far?
template <typename K, bool Max, bool Last>
inline bool take(K v, K best) noexcept {
  if constexpr (Max) return Last ? v >= best : v > best;
  else return Last ? v <= best : v < best;
}
template <typename K, bool Max, bool Last>
inline Vec<K> take(Vec<K> v, Vec<K> best) noexcept {
  if constexpr (Max) return as<Vec<K>>(Last ? v >= best : v > best);
  else return as<Vec<K>>(Last ? v <= best : v < best);
}

// Vector keys (elements::key_of, lane by lane) of the raw bits b.
template <typename T>
inline Vec<Key<T>> keys(Vec<Bits<T>> b, Vec<Key<T>> nan_key) noexcept {
  using K = Key<T>;
  using U = Bits<T>;
  constexpr U kSign = U(U(1) << (8 * sizeof(U) - 1));
  if constexpr (elements::kIsFloat<T>) {
    const Vec<K> mag = as<Vec<K>>(b & simd::splat<U>(U(~kSign)));
    const Vec<K> s = as<Vec<K>>(as<Vec<K>>(b) < simd::splat<K>(0));  // -1 where negative
    const Vec<K> k = (mag ^ s) - s;
    const Vec<K> nan = as<Vec<K>>(mag > simd::splat<K>(static_cast<K>(elements::kInfBits<T>)));
    return (k & ~nan) | (nan_key & nan);
  } else if constexpr (std::is_signed_v<T>) {
    return as<Vec<K>>(b);
  } else {
    return as<Vec<K>>(b ^ simd::splat<U>(kSign));
  }
}

template <typename T>
inline Key<T> key_at(const Bits<T>* p, Key<T> nan_key) noexcept {
  return elements::key_of<T>(elements::load_bits<T>(p), nan_key);
}

// Part p of the lanes of a mask widened to lanes of To (each lane of m
// repeated over the lanes it becomes).
template <typename To, typename From>
inline Vec<To> widen(Vec<From> m, int p) noexcept {
  if constexpr (sizeof(To) == sizeof(From)) {
    (void)p;
    return as<Vec<To>>(m);
  } else {
    using W = std::conditional_t<sizeof(From) == 1, int16_t, std::conditional_t<sizeof(From) == 2, int32_t, int64_t>>;
    constexpr int ratio = static_cast<int>(sizeof(To) / sizeof(W));
    const Vec<W> half = as<Vec<W>>((p / ratio) % 2 ? simd::zip_high<From>(m, m) : simd::zip_low<From>(m, m));
    return widen<To, W>(half, p % ratio);
  }
}

template <typename O>
inline void put(void* out, int64_t at, int64_t value) noexcept {
  const O v = static_cast<O>(value);
  std::memcpy(static_cast<O*>(out) + at, &v, sizeof(O));
}

// The best of n elements from p with stride s (element by element).
template <typename T, bool Max, bool Last>
inline int64_t scan(const Bits<T>* p, int64_t n, int64_t s, Key<T> nan_key) noexcept {
  using K = Key<T>;
  K best = key_at<T>(p, nan_key);
  int64_t at = 0;
  for (int64_t a = 1; a < n; ++a) {
    const K v = key_at<T>(p + a * s, nan_key);
    if (take<K, Max, Last>(v, best)) {
      best = v;
      at = a;
    }
  }
  return at;
}

// The reduction along a contiguous axis of n elements: per lane the best of
// its elements, then the best lane (smaller index first among equals, or
// larger with Last), blocks of positions so the lane index fits its lane.
template <typename T, bool Max, bool Last>
int64_t scan_contiguous(const Bits<T>* p, int64_t n, Key<T> nan_key) noexcept {
  using K = Key<T>;
  using U = Bits<T>;
  constexpr int64_t L = static_cast<int64_t>(simd::kLanes<U>);
  constexpr int64_t kBlock = sizeof(U) == 1 ? 256 : sizeof(U) == 2 ? 65536 : int64_t{1} << 30;
  const int64_t nvec = n / L * L;
  if (nvec < 2 * L) return scan<T, Max, Last>(p, n, 1, nan_key);
  const Vec<K> nk = simd::splat<K>(nan_key);
  K gbest = 0;
  int64_t gat = -1;
  for (int64_t b0 = 0; b0 < nvec; b0 += kBlock) {
    const int64_t b1 = std::min(nvec, b0 + kBlock);
    Vec<K> best = keys<T>(simd::load(p + b0), nk);
    Vec<U> where = simd::splat<U>(0);
    for (int64_t j = b0 + L; j < b1; j += L) {
      const Vec<K> v = keys<T>(simd::load(p + j), nk);
      const Vec<K> m = take<K, Max, Last>(v, best);
      best = (v & m) | (best & ~m);
      where = (simd::splat<U>(static_cast<U>(j - b0)) & as<Vec<U>>(m)) | (where & ~as<Vec<U>>(m));
    }
    // The block's best lane, then the block against the blocks before.
    K bbest = best[0];
    int64_t bat = static_cast<int64_t>(where[0]);
    for (int64_t l = 1; l < L; ++l) {
      const K v = best[l];
      const int64_t at = static_cast<int64_t>(where[l]) + l;
      const bool equal = v == bbest;
      if ((!equal && take<K, Max, false>(v, bbest)) || (equal && (Last ? at > bat : at < bat))) {
        bbest = v;
        bat = at;
      }
    }
    if (gat < 0 || take<K, Max, Last>(bbest, gbest)) {
      gbest = bbest;
      gat = b0 + bat;
    }
  }
  for (int64_t a = nvec; a < n; ++a) {
    const K v = key_at<T>(p + a, nan_key);
    if (take<K, Max, Last>(v, gbest)) {
      gbest = v;
      gat = a;
    }
  }
  return gat;
}

// The reduction across planes: `n` contiguous output positions whose
// elements start at p, plane a at p + a * as. Running best keys and indices
// for the chunk, updated plane after plane (each plane read as a contiguous
// run), then written to out[at, at + n).
template <typename T, bool Max, bool Last, typename O>
void scan_planes(const Bits<T>* p, int64_t n, int64_t planes, int64_t as_, Key<T> nan_key, void* out,
                 int64_t at) noexcept {
  using K = Key<T>;
  using U = Bits<T>;
  using I = std::conditional_t<sizeof(U) == 8, int64_t, int32_t>;
  constexpr int64_t L = static_cast<int64_t>(simd::kLanes<U>);
  constexpr int kParts = static_cast<int>(sizeof(I) / sizeof(U)) > 0 ? static_cast<int>(sizeof(I) / sizeof(U)) : 1;
  constexpr int64_t LI = static_cast<int64_t>(simd::kLanes<I>);
  constexpr int64_t kChunk = 4096 / sizeof(U);
  K best[kChunk];
  I index[kChunk];
  const Vec<K> nk = simd::splat<K>(nan_key);
  for (int64_t c0 = 0; c0 < n; c0 += kChunk) {
    const int64_t m = std::min(kChunk, n - c0);
    const int64_t mv = m / L * L;
    const U* q = p + c0;
    for (int64_t j = 0; j < mv; j += L) {
      simd::store(best + j, keys<T>(simd::load(q + j), nk));
      for (int part = 0; part < kParts; ++part) simd::store(index + j + part * LI, simd::splat<I>(0));
    }
    for (int64_t j = mv; j < m; ++j) {
      best[j] = key_at<T>(q + j, nan_key);
      index[j] = 0;
    }
    for (int64_t a = 1; a < planes; ++a) {
      const U* qa = q + a * as_;
      const Vec<I> av = simd::splat<I>(static_cast<I>(a));
      for (int64_t j = 0; j < mv; j += L) {
        const Vec<K> v = keys<T>(simd::load(qa + j), nk);
        const Vec<K> b = simd::load(best + j);
        const Vec<K> mask = take<K, Max, Last>(v, b);
        simd::store(best + j, (v & mask) | (b & ~mask));
        for (int part = 0; part < kParts; ++part) {
          const Vec<I> mi = widen<I, K>(mask, part);
          I* ip = index + j + part * LI;
          simd::store(ip, (av & mi) | (simd::load(ip) & ~mi));
        }
      }
      for (int64_t j = mv; j < m; ++j) {
        const K v = key_at<T>(qa + j, nan_key);
        if (take<K, Max, Last>(v, best[j])) {
          best[j] = v;
          index[j] = static_cast<I>(a);
        }
      }
    }
    for (int64_t j = 0; j < m; ++j) put<O>(out, at + c0 + j, static_cast<int64_t>(index[j]));
  }
}

template <typename T, bool Max, bool Last, typename O>
void run(const ArgReducePlan& p, const void* x, void* out, ThreadPool* pool) noexcept {
  using K = Key<T>;
  using U = Bits<T>;
  const K nan_key = Max ? std::numeric_limits<K>::max() : std::numeric_limits<K>::min();
  const int r = static_cast<int>(p.dims.size());
  int64_t total = 1;
  for (int64_t d : p.dims) total *= d;
  const int64_t n = p.dims.back();
  const int64_t inner_stride = p.src_strides.back();
  const U* x0 = static_cast<const U*>(x);
  const int64_t* strides[1] = {p.src_strides.data()};
  const int64_t base[1] = {p.src_offset};
  // Which loop: across planes (the output's inner dim contiguous in x),
  // along a contiguous axis, or element by element.
  const bool planes = inner_stride == 1 && p.axis_stride != 1 && n > 1 &&
                      p.axis_size <= std::numeric_limits<int32_t>::max();
  const bool along = !planes && p.axis_stride == 1;
  auto piece = [&](int64_t begin, int64_t end) {
    Odometer<1> at(p.dims.data(), strides, r, begin, base);
    int64_t pos = begin;
    while (pos < end) {
      const int64_t col = at.index[r - 1];
      const int64_t run = std::min(n - col, end - pos);
      const U* s = x0 + at.offset[0];
      if (planes) {
        scan_planes<T, Max, Last, O>(s, run, p.axis_size, p.axis_stride, nan_key, out, pos);
      } else {
        for (int64_t i = 0; i < run; ++i) {
          const U* e = s + i * inner_stride;
          const int64_t a = along ? scan_contiguous<T, Max, Last>(e, p.axis_size, nan_key)
                                  : scan<T, Max, Last>(e, p.axis_size, p.axis_stride, nan_key);
          put<O>(out, pos + i, a);
        }
      }
      pos += run;
      at.offset[0] -= col * inner_stride;
      at.index[r - 1] = 0;
      at.next(r - 1);
    }
  };
  split_work(total, total * p.axis_size * static_cast<int64_t>(sizeof(U)), pool, piece);
}

template <typename T, typename O>
void run_mode(const ArgReducePlan& p, const void* x, void* out, ThreadPool* pool) noexcept {
  if (p.max) {
    if (p.last) run<T, true, true, O>(p, x, out, pool);
    else run<T, true, false, O>(p, x, out, pool);
  } else {
    if (p.last) run<T, false, true, O>(p, x, out, pool);
    else run<T, false, false, O>(p, x, out, pool);
  }
}

}  // namespace

ArgReducePlan arg_reduce_plan(const Shape& x, int64_t axis, DType dtype, bool max, bool last, DType index_dtype) {
  ArgReducePlan p;
  const std::vector<int64_t> strides = row_major_strides(x);
  for (size_t k = 0; k < x.size(); ++k) {
    if (static_cast<int64_t>(k) == axis) continue;
    p.dims.push_back(x[k]);
    p.src_strides.push_back(strides[k]);
  }
  p.dtype = dtype;
  p.axis_size = x[static_cast<size_t>(axis)];
  p.axis_stride = strides[static_cast<size_t>(axis)];
  p.max = max;
  p.last = last;
  p.index_dtype = index_dtype;
  return p;
}

void execute_arg_reduce(const ArgReducePlan& plan, const void* x, void* out, ThreadPool* pool) noexcept {
  if (plan.axis_size < 1) return;
  ArgReducePlan p = plan;
  std::vector<int64_t> out_strides = row_major_strides(p.dims);
  if (!normalize_dims(p.dims, {&p.src_strides, &out_strides})) return;
  // (Output strides merge as row-major ones always do: only x's decide.)
  elements::visit(p.dtype, [&](auto t, bool) {
    using T = decltype(t);
    if (p.index_dtype == DType::Int64) run_mode<T, int64_t>(p, x, out, pool);
    else run_mode<T, int32_t>(p, x, out, pool);
  });
}

}  // namespace tensor_ops
