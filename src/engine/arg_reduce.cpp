#include "engine/arg_reduce.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <type_traits>

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
using simd::Vec;

template <typename V, typename W>
inline V as(W w) noexcept {
  return reinterpret_cast<V>(w);
}


// Modes: max / min, first / last index among equals. take(v, best): does a
// later element v replace the best so far?
template <typename K, bool Max, bool Last>
inline bool arg_take(K v, K best) noexcept {
  if constexpr (Max) return Last ? v >= best : v > best;
  else return Last ? v <= best : v < best;
}
template <typename K, bool Max, bool Last>
inline Vec<K> arg_take(Vec<K> v, Vec<K> best) noexcept {
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
    if (arg_take<K, Max, Last>(v, best)) {
      best = v;
      at = a;
    }
  }
  return at;
}

template <typename V, typename M>
inline V blend(M m, V a, V b) noexcept {
  return as<V>((as<M>(a) & m) | (as<M>(b) & ~m));
}

// Two ways to compare lanes. KeyLanes: the order keys (every dtype, NaN
// included). FloatLanes: float32 / float64 compared as floats, cheaper, for
// data without NaN: the kernels also report whether they saw a NaN, and the
// caller then runs the same elements again with keys.
template <typename T, bool Max, bool Last>
struct KeyLanes {
  using U = Bits<T>;
  using Lane = Key<T>;
  using V = Vec<Lane>;
  static constexpr bool kFloats = false;
  V nk;
  Lane nan_key;
  KeyLanes(Lane nan) : nk(simd::splat<Lane>(nan)), nan_key(nan) {}
  V load(const U* p) const noexcept { return keys<T>(simd::load(p), nk); }
  Lane load1(const U* p) const noexcept { return key_at<T>(p, nan_key); }
  static Vec<U> take(V v, V b) noexcept { return as<Vec<U>>(arg_take<Lane, Max, Last>(v, b)); }
  static Vec<U> better(V v, V b) noexcept { return as<Vec<U>>(arg_take<Lane, Max, false>(v, b)); }
  static Vec<U> same(V v, V b) noexcept { return as<Vec<U>>(v == b); }
  static Vec<U> nan(V) noexcept { return Vec<U>{}; }
  static bool nan1(Lane) noexcept { return false; }
  static V pick(Vec<U> m, V v, V b) noexcept { return blend(m, v, b); }
};

template <typename T, bool Max, bool Last>
struct FloatLanes {
  using U = Bits<T>;
  using Lane = T;
  using V = Vec<T>;
  static constexpr bool kFloats = true;
  V load(const U* p) const noexcept { return as<V>(simd::load(p)); }
  Lane load1(const U* p) const noexcept {
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
  }
  static Vec<U> take(V v, V b) noexcept {
    if constexpr (Max) return as<Vec<U>>(Last ? v >= b : v > b);
    else return as<Vec<U>>(Last ? v <= b : v < b);
  }
  static Vec<U> better(V v, V b) noexcept { return as<Vec<U>>(Max ? v > b : v < b); }
  static Vec<U> same(V v, V b) noexcept { return as<Vec<U>>(v == b); }
  static Vec<U> nan(V v) noexcept { return as<Vec<U>>(v != v); }
  static bool nan1(Lane v) noexcept { return v != v; }
  // The lanes v takes (m: take's mask; with Last the value kept is equal
  // either way), as a bitwise select: a vector `?:` is scalarized in wasm.
  static V pick(Vec<U> m, V v, V b) noexcept { return blend(m, v, b); }
};

template <typename VU>
inline bool any(VU v) noexcept {
  uint64_t w[2];
  std::memcpy(w, &v, 16);
  return (w[0] | w[1]) != 0;
}

// The reduction along a contiguous axis of n elements: C running best
// vectors (independent chains), each lane keeping the offset of the vector
// it came from, then the best lane (smaller index first among equals, or
// larger with Last); blocks of positions so that offsets fit their lanes.
// Returns -1 when FloatLanes met a NaN.
template <typename Lanes, bool Max, bool Last>
int64_t scan_contiguous(const Lanes& ln, const typename Lanes::U* p, int64_t n) noexcept {
  using U = typename Lanes::U;
  using Lane = typename Lanes::Lane;
  using V = typename Lanes::V;
  constexpr int C = 4;
  constexpr int64_t L = static_cast<int64_t>(simd::kLanes<U>);
  constexpr int64_t kBlock = sizeof(U) == 1 ? 256 : sizeof(U) == 2 ? 65536 : int64_t{1} << 30;
  const int64_t nvec = n / (C * L) * (C * L);
  Lane gbest{};
  int64_t gat = -1;
  Vec<U> nan{};
  for (int64_t b0 = 0; b0 < nvec; b0 += kBlock) {
    const int64_t b1 = std::min(nvec, b0 + kBlock);
    V best[C];
    Vec<U> where[C];
    for (int c = 0; c < C; ++c) {
      best[c] = ln.load(p + b0 + c * L);
      where[c] = simd::splat<U>(static_cast<U>(c * L));
      nan |= Lanes::nan(best[c]);
    }
    for (int64_t j = b0 + C * L; j < b1; j += C * L) {
      for (int c = 0; c < C; ++c) {
        const V v = ln.load(p + j + c * L);
        const Vec<U> m = Lanes::take(v, best[c]);
        best[c] = blend(m, v, best[c]);
        where[c] = blend(m, simd::splat<U>(static_cast<U>(j - b0 + c * L)), where[c]);
        nan |= Lanes::nan(v);
      }
    }
    // The C chains merged lane by lane with vector operations (a lane read
    // by a run-time index is a trip through memory in wasm: 16 of them cost
    // 80 ns a row), then the block's best lane, then the block against the
    // blocks before. In a lane, positions differ by their vectors' offsets.
    V b = best[0];
    Vec<U> w = where[0];
    for (int c = 1; c < C; ++c) {
      const Vec<U> sooner = as<Vec<U>>(Last ? where[c] > w : where[c] < w);
      const Vec<U> m = Lanes::better(best[c], b) | (Lanes::same(best[c], b) & sooner);
      b = blend(m, best[c], b);
      w = blend(m, where[c], w);
    }
    Lane lanes[L];
    U offsets[L];
    std::memcpy(lanes, &b, sizeof lanes);
    std::memcpy(offsets, &w, sizeof offsets);
    Lane bbest = lanes[0];
    int64_t bat = static_cast<int64_t>(offsets[0]);
    for (int64_t l = 1; l < L; ++l) {
      const Lane v = lanes[l];
      const int64_t at = static_cast<int64_t>(offsets[l]) + l;
      const bool equal = v == bbest;
      if ((!equal && arg_take<Lane, Max, false>(v, bbest)) || (equal && (Last ? at > bat : at < bat))) {
        bbest = v;
        bat = at;
      }
    }
    if (gat < 0 || arg_take<Lane, Max, Last>(bbest, gbest)) {
      gbest = bbest;
      gat = b0 + bat;
    }
  }
  if (Lanes::kFloats && any(nan)) return -1;
  for (int64_t a = nvec; a < n; ++a) {
    const Lane v = ln.load1(p + a);
    if (Lanes::nan1(v)) return -1;
    if (gat < 0 || arg_take<Lane, Max, Last>(v, gbest)) {
      gbest = v;
      gat = a;
    }
  }
  return gat;
}

// Rows up to this long stay in the cache: two passes over them cost less
// than one that carries positions.
constexpr int64_t kShortRow = 1024;

// A short contiguous float row: its best value by vector comparisons first,
// then the first (or last) position holding it (-0 and +0 are equal, as in
// the keys). -1 when the row has a NaN (the keys decide then).
template <typename T, bool Max, bool Last>
int64_t scan_short_floats(const Bits<T>* p, int64_t n) noexcept {
  using U = Bits<T>;
  using V = Vec<T>;
  using M = Vec<U>;
  constexpr int64_t L = static_cast<int64_t>(simd::kLanes<U>);
  const int64_t nv = n / L * L;
  auto load = [&](int64_t j) { return as<V>(simd::load(p + j)); };
  // The better of two vectors lane by lane (which zero is kept does not
  // matter); NaN lanes are counted apart.
  auto better = [](V v, V b) {
#if defined(__wasm_simd128__)
    if constexpr (std::is_same_v<T, float>) {
      return as<V>(Max ? wasm_f32x4_pmax(as<v128_t>(b), as<v128_t>(v)) : wasm_f32x4_pmin(as<v128_t>(b), as<v128_t>(v)));
    }
#endif
    return blend(as<M>(Max ? v > b : v < b), v, b);
  };
  // Four chains: one alone waits on each comparison's latency.
  V b[4];
  M nan{};
  for (int c = 0; c < 4; ++c) b[c] = load(std::min<int64_t>(c * L, nv - L));
  int64_t j = 0;
  for (; j + 4 * L <= nv; j += 4 * L) {
    for (int c = 0; c < 4; ++c) {
      const V v = load(j + c * L);
      nan |= as<M>(v != v);
      b[c] = better(v, b[c]);
    }
  }
  for (; j < nv; j += L) {
    const V v = load(j);
    nan |= as<M>(v != v);
    b[0] = better(v, b[0]);
  }
  if (any(nan)) return -1;
  const V b4 = better(better(b[0], b[1]), better(b[2], b[3]));
  T lanes[L];
  std::memcpy(lanes, &b4, sizeof lanes);
  T best = lanes[0];
  for (int64_t l = 1; l < L; ++l) best = (Max ? lanes[l] > best : lanes[l] < best) ? lanes[l] : best;
  for (int64_t a = nv; a < n; ++a) {
    T v;
    std::memcpy(&v, p + a, sizeof v);
    if (v != v) return -1;
    if (Max ? v > best : v < best) best = v;
  }
  const V bv = simd::splat<T>(best);
  auto lane_of = [&](int64_t j, bool first) -> int64_t {  // the lane equal to best, or -1
    U eq[L];
    const M m = as<M>(load(j) == bv);
    if (!any(m)) return -1;
    std::memcpy(eq, &m, sizeof eq);
    for (int64_t l = 0; l < L; ++l) {
      const int64_t k = first ? l : L - 1 - l;
      if (eq[k] != 0) return k;
    }
    return -1;
  };
  auto equal_at = [&](int64_t a) {
    T v;
    std::memcpy(&v, p + a, sizeof v);
    return v == best;
  };
  if constexpr (!Last) {
    for (int64_t j = 0; j < nv; j += L) {
      const int64_t l = lane_of(j, true);
      if (l >= 0) return j + l;
    }
    for (int64_t a = nv; a < n; ++a) {
      if (equal_at(a)) return a;
    }
  } else {
    for (int64_t a = n - 1; a >= nv; --a) {
      if (equal_at(a)) return a;
    }
    for (int64_t j = nv - L; j >= 0; j -= L) {
      const int64_t l = lane_of(j, false);
      if (l >= 0) return j + l;
    }
  }
  return -1;
}

template <typename T, bool Max, bool Last>
int64_t scan_contiguous(const Bits<T>* p, int64_t n, Key<T> nan_key) noexcept {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    constexpr int64_t L = static_cast<int64_t>(simd::kLanes<Bits<T>>);
    const int64_t at = n >= 2 * L && n <= kShortRow
                           ? scan_short_floats<T, Max, Last>(p, n)
                           : scan_contiguous<FloatLanes<T, Max, Last>, Max, Last>(FloatLanes<T, Max, Last>{}, p, n);
    if (at >= 0) return at;
  }
  return scan_contiguous<KeyLanes<T, Max, Last>, Max, Last>(KeyLanes<T, Max, Last>(nan_key), p, n);
}

// C vectors of contiguous output positions across the planes: p points at
// plane 0, plane a at p + a * as. Running best values and plane indices in
// registers (indices in lanes of the elements' width: planes - 1 must fit),
// every plane read one cache line or so at a time. False when FloatLanes
// met a NaN.
template <typename Lanes, int C>
bool planes_block(const Lanes& ln, const typename Lanes::U* p, int64_t planes, int64_t as_,
                  Vec<typename Lanes::U>* index) noexcept {
  using U = typename Lanes::U;
  using V = typename Lanes::V;
  constexpr int64_t L = static_cast<int64_t>(simd::kLanes<U>);
  V best[C];
  Vec<U> idx[C];
  Vec<U> nan{};
  for (int c = 0; c < C; ++c) {
    best[c] = ln.load(p + c * L);
    idx[c] = simd::splat<U>(0);
    nan |= Lanes::nan(best[c]);
  }
  for (int64_t a = 1; a < planes; ++a) {
    const U* q = p + a * as_;
    const Vec<U> av = simd::splat<U>(static_cast<U>(a));
    for (int c = 0; c < C; ++c) {
      const V v = ln.load(q + c * L);
      const Vec<U> m = Lanes::take(v, best[c]);
      best[c] = Lanes::pick(m, v, best[c]);
      idx[c] = (av & m) | (idx[c] & ~m);
      nan |= Lanes::nan(v);
    }
  }
  for (int c = 0; c < C; ++c) index[c] = idx[c];
  return !(Lanes::kFloats && any(nan));
}

template <typename T, bool Max, bool Last, int C, typename O>
inline void planes_out(const Bits<T>* p, int64_t planes, int64_t as_, Key<T> nan_key, void* out, int64_t at) noexcept {
  using U = Bits<T>;
  constexpr int64_t L = static_cast<int64_t>(simd::kLanes<U>);
  Vec<U> idx[C];
  bool done = false;
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    done = planes_block<FloatLanes<T, Max, Last>, C>(FloatLanes<T, Max, Last>{}, p, planes, as_, idx);
  }
  if (!done) planes_block<KeyLanes<T, Max, Last>, C>(KeyLanes<T, Max, Last>(nan_key), p, planes, as_, idx);
  if constexpr (sizeof(U) == sizeof(O) && std::is_unsigned_v<U>) {
    // Indices of the output's width (float32 -> int32, 64-bit -> int64): whole vectors stored.
    // (They are below `planes`, which fits O: the lanes' bits are the indices.)
    for (int c = 0; c < C; ++c) std::memcpy(static_cast<O*>(out) + at + c * L, &idx[c], sizeof(idx[c]));
  } else {
    for (int c = 0; c < C; ++c) {
      for (int64_t l = 0; l < L; ++l) put<O>(out, at + c * L + l, static_cast<int64_t>(idx[c][l]));
    }
  }
}

// The reduction across planes for n contiguous output positions (from
// out[at]), whose elements start at p: blocks of 4 vectors, then single
// vectors, then element by element.
template <typename T, bool Max, bool Last, typename O>
void scan_planes(const Bits<T>* p, int64_t n, int64_t planes, int64_t as_, Key<T> nan_key, void* out,
                 int64_t at) noexcept {
  using U = Bits<T>;
  constexpr int64_t L = static_cast<int64_t>(simd::kLanes<U>);
  int64_t j = 0;
  if (static_cast<uint64_t>(planes - 1) <= static_cast<uint64_t>(std::numeric_limits<U>::max())) {
    for (; j + 4 * L <= n; j += 4 * L) planes_out<T, Max, Last, 4, O>(p + j, planes, as_, nan_key, out, at + j);
    for (; j + L <= n; j += L) planes_out<T, Max, Last, 1, O>(p + j, planes, as_, nan_key, out, at + j);
  }
  for (; j < n; ++j) put<O>(out, at + j, scan<T, Max, Last>(p + j, planes, as_, nan_key));
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
  const bool planes = inner_stride == 1 && p.axis_stride != 1 && n > 1;
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

PreparedArgReduce prepare_arg_reduce(const ArgReducePlan& plan) {
  PreparedArgReduce prepared{plan, plan.axis_size < 1};
  ArgReducePlan& p = prepared.plan;
  std::vector<int64_t> out_strides = row_major_strides(p.dims);
  // (Output strides merge as row-major ones always do: only x's decide.)
  if (!prepared.empty && !normalize_dims(p.dims, {&p.src_strides, &out_strides})) prepared.empty = true;
  return prepared;
}

void run_arg_reduce(const PreparedArgReduce& prepared, const void* x, void* out, ThreadPool* pool) noexcept {
  if (prepared.empty) return;
  const ArgReducePlan& p = prepared.plan;
  elements::visit(p.dtype, [&](auto t, bool) {
    using T = decltype(t);
    if (p.index_dtype == DType::Int64) run_mode<T, int64_t>(p, x, out, pool);
    else run_mode<T, int32_t>(p, x, out, pool);
  });
}

void execute_arg_reduce(const ArgReducePlan& plan, const void* x, void* out, ThreadPool* pool) noexcept {
  run_arg_reduce(prepare_arg_reduce(plan), x, out, pool);
}

}  // namespace tensor_ops
