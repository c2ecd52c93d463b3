#include "engine/scatter.hpp"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "engine/elements.hpp"
#include "engine/kernels.hpp"
#include "engine/work_split.hpp"

namespace tensor_ops {
namespace {

using R = ScatterReduction;

// a combined with a later update b. Integers in unsigned arithmetic of at
// least 32 bits (wrapping, never undefined); floats at T's precision.
template <typename T, bool IsBool, R Red>
inline T combine(T a, T b) noexcept {
  if constexpr (Red == R::None) {
    (void)a;
    return b;
  } else if constexpr (IsBool) {
    if constexpr (Red == R::Add || Red == R::Max) return static_cast<T>((a | b) != 0);
    else return static_cast<T>(a != 0 && b != 0);
  } else if constexpr (std::is_floating_point_v<T>) {
    if constexpr (Red == R::Add) return a + b;
    if constexpr (Red == R::Mul) return a * b;
    if (std::isnan(a)) return a;
    if (std::isnan(b)) return b;
    if constexpr (Red == R::Max) return b > a ? b : a;
    else return b < a ? b : a;
  } else {
    using W = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;
    if constexpr (Red == R::Add) return static_cast<T>(static_cast<W>(a) + static_cast<W>(b));
    if constexpr (Red == R::Mul) return static_cast<T>(static_cast<W>(a) * static_cast<W>(b));
    if constexpr (Red == R::Max) return b > a ? b : a;
    else return b < a ? b : a;
  }
}

template <typename T>
inline T load(const T* p) noexcept {
  return kernels::load_one(p);
}

// A float16 / bfloat16 element as float32 and back.
template <typename H>
inline float widen16(uint16_t bits) noexcept {
  if constexpr (std::is_same_v<H, elements::Half>) return elements::half_to_float(bits);
  else return elements::bfloat16_to_float(bits);
}
template <typename H>
inline uint16_t narrow16(float f) noexcept {
  if constexpr (std::is_same_v<H, elements::Half>) return elements::float_to_half(f);
  else return elements::float_to_bfloat16(f);
}

template <typename F>
decltype(auto) visit_index(IndexType type, F&& f) {
  switch (type) {
    case IndexType::Int8: return f(int8_t{});
    case IndexType::Uint8: return f(uint8_t{});
    case IndexType::Int16: return f(int16_t{});
    case IndexType::Uint16: return f(uint16_t{});
    case IndexType::Int32: return f(int32_t{});
    case IndexType::Uint32: return f(uint32_t{});
    case IndexType::Int64: return f(int64_t{});
    case IndexType::Uint64: break;
  }
  return f(uint64_t{});
}

// Walks the index positions in row-major order and hands them on in
// batches: off[b], the output offset its values name, and up[b], the offset
// of its updates. A batch's places are computed (and their cache lines
// asked for) before its updates are applied, so that the random accesses of
// a batch overlap instead of waiting one after another (4x faster for 4 Mi
// random float32 updates).
// Only this walk depends on the index type, and only the updates on the
// element type: one indirect call per batch keeps them apart, so the file
// compiles 8 walks and a set of updates per dtype (copies per element
// size), not their product.
constexpr int kBatch = 32;
using PositionBatch = void (*)(void* ctx, const int64_t* off, const int64_t* up, int count);

// A part of the positions: [begin, end) of dim `dim` (-1: all of them).
struct Part {
  int dim = -1;
  int64_t begin = 0, end = 0;
};

template <typename I>
void walk_positions(const ScatterPlan& p, Part part, const I* idx, const void* dst, size_t elem, PositionBatch batch,
                    void* ctx) noexcept {
  const int r = static_cast<int>(p.dims.size());
  int64_t dims[64];  // at most 53 dims larger than 1 (drop_unit_dims)
  for (int q = 0; q < r; ++q) dims[q] = p.dims[static_cast<size_t>(q)];
  int64_t base[3] = {0, 0, 0};
  if (part.dim >= 0) {
    const auto d = static_cast<size_t>(part.dim);
    dims[d] = part.end - part.begin;
    base[0] = part.begin * p.dst_strides[d];
    base[1] = part.begin * p.update_strides[d];
    base[2] = part.begin * p.index_strides[d];
  }
  // The last dim is walked by strides, the ones before by an odometer.
  const int64_t n = r == 0 ? 1 : dims[r - 1];
  const int64_t sd = r == 0 ? 0 : p.dst_strides.back(), su = r == 0 ? 0 : p.update_strides.back(),
                si = r == 0 ? 0 : p.index_strides.back();
  int64_t rows = 1;
  for (int q = 0; q + 1 < r; ++q) rows *= dims[q];
  const int64_t* strides[3] = {p.dst_strides.data(), p.update_strides.data(), p.index_strides.data()};
  const size_t k = p.axis_dims.size();
  const int outer = r == 0 ? 0 : r - 1;
  Odometer<3> at(dims, strides, outer, 0, base);
  int64_t offs[kBatch], ups[kBatch];
  const auto* d0 = static_cast<const unsigned char*>(dst);
  for (int64_t row = 0; row < rows; ++row, at.next(outer)) {
    for (int64_t c0 = 0; c0 < n; c0 += kBatch) {
      const int count = static_cast<int>(std::min<int64_t>(kBatch, n - c0));
      for (int b = 0; b < count; ++b) {
        const int64_t c = c0 + b;
        int64_t off = at.offset[0] + c * sd;
        const I* q = idx + at.offset[2] + c * si;
        if (k == 1) {  // scatterElements, and scatterND of one component
          int64_t v = kernels::index_value(q);
          if (v < 0) v += p.axis_dims[0];
          off += v * p.axis_strides[0];
        } else {
          for (size_t j = 0; j < k; ++j) {
            int64_t v = kernels::index_value(q + j);
            if (v < 0) v += p.axis_dims[j];
            off += v * p.axis_strides[j];
          }
        }
        offs[b] = off;
        ups[b] = at.offset[1] + c * su;
#if defined(__GNUC__)
        __builtin_prefetch(d0 + static_cast<size_t>(off) * elem, 1);
#endif
      }
      batch(ctx, offs, ups, count);
    }
  }
}

// Calls f(off, up) for each index position, in row-major order. f captures
// by value, and each batch runs a copy of it: values the caller's locals
// would hold (behind the pointer the walk is handed) then stay in registers
// across the writes, instead of being read again after each one.
template <typename F>
void for_positions(const ScatterPlan& p, Part part, const void* idx, const void* dst, size_t elem, F&& f) noexcept {
  using G = std::remove_reference_t<F>;
  const PositionBatch batch = [](void* ctx, const int64_t* off, const int64_t* up, int count) {
    G g = *static_cast<const G*>(ctx);
    for (int b = 0; b < count; ++b) g(off[b], up[b]);
  };
  void* ctx = const_cast<void*>(static_cast<const void*>(&f));
  visit_index(p.index_type, [&](auto i) {
    using I = decltype(i);
    walk_positions<I>(p, part, static_cast<const I*>(idx), dst, elem, batch, ctx);
  });
}

// a's element combined in place with b's.
template <typename T, bool IsBool, R Red>
inline void update_one(T* a, const T* b) noexcept {
  if constexpr (Red == R::None) {
    kernels::move_one(a, b);
  } else {
    const T v = combine<T, IsBool, Red>(load(a), load(b));
    std::memcpy(a, &v, sizeof(T));
  }
}

// Every update, columns [s0, s1) of each slice, combined in place. Single
// elements (scatterElements) get a walk of their own, without a loop around
// each one: with that loop, 262144 float32 copies took 1.4x longer in wasm.
template <typename T, bool IsBool, R Red>
void apply(const ScatterPlan& p, const void* idx, const T* upd, T* dst, int64_t s0, int64_t s1, Part part = {}) noexcept {
  if (s1 - s0 == 1) {
    for_positions(p, part, idx, dst, sizeof(T),
                  [=](int64_t off, int64_t u) { update_one<T, IsBool, Red>(dst + off + s0, upd + u + s0); });
    return;
  }
  for_positions(p, part, idx, dst, sizeof(T), [=](int64_t off, int64_t u) {
    T* d = dst + off;
    const T* s = upd + u;
    if constexpr (Red == R::None) {
      kernels::copy_run(d + s0, s + s0, static_cast<size_t>(s1 - s0) * sizeof(T));
    } else {
      for (int64_t c = s0; c < s1; ++c) update_one<T, IsBool, Red>(d + c, s + c);
    }
  });
}

// The same for float16 / bfloat16 with a reduction: a float32 accumulator
// per element of the output, read from the output at its first update,
// rounded back once.
template <typename H, R Red>
void apply16(const ScatterPlan& p, const void* idx, const uint16_t* upd, uint16_t* dst) noexcept {
  std::vector<float> acc(static_cast<size_t>(p.output_volume));
  std::vector<unsigned char> touched(static_cast<size_t>(p.output_volume), 0);
  const int64_t slice = p.slice;
  float* const sums = acc.data();
  unsigned char* const seen = touched.data();
  for_positions(p, Part{}, idx, dst, 2, [=](int64_t off, int64_t u) {
    for (int64_t c = 0; c < slice; ++c) {
      const size_t w = static_cast<size_t>(off + c);
      if (!seen[w]) {
        seen[w] = 1;
        sums[w] = widen16<H>(load(dst + off + c));
      }
      sums[w] = combine<float, false, Red>(sums[w], widen16<H>(load(upd + u + c)));
    }
  });
  for (size_t w = 0; w < acc.size(); ++w) {
    if (!touched[w]) continue;
    const uint16_t v = narrow16<H>(acc[w]);
    std::memcpy(dst + static_cast<int64_t>(w), &v, 2);
  }
}

// The dim whose ranges scatterElements' positions may be split by: the
// longest with a destination stride (any dim but the axis). Positions that
// differ there write different elements, so each part walked in row-major
// order on its own thread gives the one-thread result. -1 for scatterND,
// whose tuples may name any element.
int elements_split_dim(const ScatterPlan& p) noexcept {
  int best = -1;
  for (size_t q = 0; q < p.dims.size(); ++q) {
    if (p.dst_strides[q] != 0 && (best < 0 || p.dims[q] > p.dims[static_cast<size_t>(best)])) best = static_cast<int>(q);
  }
  return best;
}

// The updates: in row-major order on the calling thread, except long
// slices (scatterND of rows), whose columns are split over the pool (each
// thread applies every update to its own columns, in the same order), and
// scatterElements, whose positions are split along a dim off the axis
// (elements_split_dim).
// Splitting the output into ranges that each thread owns was measured and
// dropped: every thread then reads every index and branches on each place
// (unpredictably, for random indices), and 4 Mi random float32 updates
// took 2x longer on two threads than on one.
template <typename T, bool IsBool, R Red>
void run_updates(const ScatterPlan& p, const void* idx, const void* updates, void* dst, ThreadPool* pool) noexcept {
  int64_t positions = 1;
  for (int64_t d : p.dims) positions *= d;
  const int64_t bytes = positions * p.slice * static_cast<int64_t>(sizeof(T)) * 2;
  const int threads = pool ? pool->threads() : 1;
  constexpr bool k16 = std::is_same_v<T, elements::Half> || std::is_same_v<T, elements::BFloat16>;
  using S = std::conditional_t<k16, uint16_t, T>;
  const S* upd = static_cast<const S*>(updates);
  S* out = static_cast<S*>(dst);
  if constexpr (k16 && Red != R::None) {
    (void)threads;
    (void)bytes;
    apply16<T, Red>(p, idx, upd, out);
  } else {
    if (threads > 1 && bytes >= parallel_min_bytes() && p.slice >= 64) {
      auto cols = [&](int64_t i) {
        apply<S, IsBool, Red>(p, idx, upd, out, p.slice * i / threads, p.slice * (i + 1) / threads);
      };
      pool->for_each(threads, cols);
      return;
    }
    const int q = threads > 1 && bytes >= parallel_min_bytes() && p.slice == 1 ? elements_split_dim(p) : -1;
    if (q >= 0) {
      const int64_t d = p.dims[static_cast<size_t>(q)];
      auto part = [&](int64_t i) {
        const Part range{q, d * i / threads, d * (i + 1) / threads};
        if (range.end > range.begin) apply<S, IsBool, Red>(p, idx, upd, out, 0, 1, range);
      };
      pool->for_each(threads, part);
      return;
    }
    apply<S, IsBool, Red>(p, idx, upd, out, 0, p.slice);
  }
}

// Without a reduction an update is a copy, which only the element's size
// tells apart: 4 instantiations instead of one per dtype.
void run_copies(const ScatterPlan& p, const void* idx, const void* updates, void* dst, ThreadPool* pool) noexcept {
  switch (dtype_bytes(p.dtype)) {
    case 1: run_updates<uint8_t, false, R::None>(p, idx, updates, dst, pool); break;
    case 2: run_updates<uint16_t, false, R::None>(p, idx, updates, dst, pool); break;
    case 4: run_updates<uint32_t, false, R::None>(p, idx, updates, dst, pool); break;
    default: run_updates<uint64_t, false, R::None>(p, idx, updates, dst, pool); break;
  }
}

template <typename T, bool IsBool>
void run_reduction(const ScatterPlan& p, const void* idx, const void* updates, void* dst, ThreadPool* pool) noexcept {
  switch (p.reduction) {
    case R::None: break;  // run_copies
    case R::Add: run_updates<T, IsBool, R::Add>(p, idx, updates, dst, pool); break;
    case R::Mul: run_updates<T, IsBool, R::Mul>(p, idx, updates, dst, pool); break;
    case R::Max: run_updates<T, IsBool, R::Max>(p, idx, updates, dst, pool); break;
    case R::Min: run_updates<T, IsBool, R::Min>(p, idx, updates, dst, pool); break;
  }
}

template <typename I>
bool check(const ScatterPlan& p, const I* idx, BadIndex* bad, ThreadPool* pool) noexcept {
  int64_t count = 1;
  for (int64_t n : p.index_shape) count *= n;
  const int64_t k = static_cast<int64_t>(p.axis_dims.size());
  if (k == 0) return true;
  std::atomic<int64_t> first{INT64_MAX};
  auto f = [&](int64_t begin, int64_t end) {
    if (first.load(std::memory_order_relaxed) < begin) return;  // an earlier piece already failed
    const int64_t at = k == 1 ? kernels::first_bad_index(idx, begin, end, static_cast<uint64_t>(p.axis_dims[0]))
                              : kernels::first_bad_index(idx, begin, end, p.axis_dims.data(), k);
    if (at < 0) return;
    int64_t seen = first.load(std::memory_order_relaxed);
    while (at < seen && !first.compare_exchange_weak(seen, at, std::memory_order_relaxed)) {
    }
  };
  split_work(count, count * static_cast<int64_t>(sizeof(I)), pool, f);
  const int64_t at = first.load(std::memory_order_relaxed);
  if (at == INT64_MAX) return true;
  bad->position = at;
  bad->component = at % k;
  bad->bits = static_cast<uint64_t>(static_cast<int64_t>(kernels::load_one(idx + at)));
  return false;
}

}  // namespace

namespace {

// Drops the dims of 1 from the positions' space (their index is always 0):
// the walk over positions keeps an index per dim in a fixed array of 64,
// and a volume within 2^53 has at most 53 dims larger than 1.
void drop_unit_dims(ScatterPlan& p) {
  size_t kept = 0;
  for (size_t k = 0; k < p.dims.size(); ++k) {
    if (p.dims[k] == 1) continue;
    p.dims[kept] = p.dims[k];
    p.dst_strides[kept] = p.dst_strides[k];
    p.update_strides[kept] = p.update_strides[k];
    p.index_strides[kept] = p.index_strides[k];
    ++kept;
  }
  for (std::vector<int64_t>* v : {&p.dims, &p.dst_strides, &p.update_strides, &p.index_strides}) v->resize(kept);
}

}  // namespace

ScatterPlan scatter_elements_plan(const Shape& x, const Shape& indices, int64_t axis, DType dtype,
                                  ScatterReduction reduction, IndexType index_type) {
  ScatterPlan p;
  p.dtype = dtype;
  p.reduction = reduction;
  p.output_volume = volume(x);
  const std::vector<int64_t> xs = row_major_strides(x);
  p.dims = indices;
  p.dst_strides = xs;
  p.dst_strides[static_cast<size_t>(axis)] = 0;
  p.update_strides = row_major_strides(indices);
  p.index_strides = p.update_strides;
  p.axis_dims = {x[static_cast<size_t>(axis)]};
  p.axis_strides = {xs[static_cast<size_t>(axis)]};
  p.axes = {axis};
  p.index_shape = indices;
  p.index_type = index_type;
  drop_unit_dims(p);
  return p;
}

ScatterPlan scatter_nd_plan(const Shape& x, const Shape& indices, DType dtype, ScatterReduction reduction,
                            IndexType index_type) {
  ScatterPlan p;
  p.dtype = dtype;
  p.reduction = reduction;
  p.output_volume = volume(x);
  const std::vector<int64_t> xs = row_major_strides(x);
  const size_t k = static_cast<size_t>(indices.back());
  p.dims.assign(indices.begin(), indices.end() - 1);
  p.slice = 1;
  for (size_t a = k; a < x.size(); ++a) p.slice *= x[a];
  p.dst_strides.assign(p.dims.size(), 0);
  p.update_strides = row_major_strides(p.dims);
  for (int64_t& s : p.update_strides) s *= p.slice;
  p.index_strides = row_major_strides(p.dims);
  for (int64_t& s : p.index_strides) s *= static_cast<int64_t>(k);
  for (size_t a = 0; a < k; ++a) {
    p.axis_dims.push_back(x[a]);
    p.axis_strides.push_back(xs[a]);
    p.axes.push_back(static_cast<int64_t>(a));
  }
  p.index_shape = indices;
  p.index_type = index_type;
  drop_unit_dims(p);
  return p;
}

bool check_scatter_indices(const ScatterPlan& plan, const void* indices, BadIndex* bad, ThreadPool* pool) noexcept {
  return visit_index(plan.index_type, [&](auto i) {
    using I = decltype(i);
    return check<I>(plan, static_cast<const I*>(indices), bad, pool);
  });
}

bool execute_scatter(const ScatterPlan& plan, const void* x, const void* indices, const void* updates, void* dst,
                     BadIndex* bad, ThreadPool* pool) noexcept {
  if (!check_scatter_indices(plan, indices, bad, pool)) return false;
  apply_scatter(plan, x, indices, updates, dst, pool);
  return true;
}

void apply_scatter(const ScatterPlan& plan, const void* x, const void* indices, const void* updates, void* dst,
                   ThreadPool* pool) noexcept {
  const size_t w = dtype_bytes(plan.dtype);
  if (x != nullptr && x != dst) {
    auto copy = [&](int64_t begin, int64_t end) {
      kernels::copy_run(static_cast<unsigned char*>(dst) + begin * static_cast<int64_t>(w),
                        static_cast<const unsigned char*>(x) + begin * static_cast<int64_t>(w),
                        static_cast<size_t>(end - begin) * w);
    };
    split_work(plan.output_volume, plan.output_volume * static_cast<int64_t>(2 * w), pool, copy);
  }
  for (int64_t d : plan.dims) {
    if (d == 0) return;
  }
  if (plan.slice == 0) return;
  if (plan.reduction == R::None) {
    run_copies(plan, indices, updates, dst, pool);
    return;
  }
  elements::visit(plan.dtype, [&](auto t, bool is_bool) {
    using T = decltype(t);
    if (is_bool) run_reduction<uint8_t, true>(plan, indices, updates, dst, pool);
    else run_reduction<T, false>(plan, indices, updates, dst, pool);
  });
}

}  // namespace tensor_ops
