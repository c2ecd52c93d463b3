#include "engine/engine.hpp"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstring>
#include <type_traits>

#include "engine/kernels.hpp"
#include "engine/loop_nest.hpp"
#include "engine/output_stream.hpp"
#include "engine/work_split.hpp"

namespace tensor_ops {
namespace {

using kernels::Bytes12;
using kernels::Bytes16;
using kernels::Bytes3;
using kernels::Bytes6;
using kernels::Bytes32;
using kernels::Bytes64;
using kernels::Bytes128;
using kernels::Inner;

std::atomic<int64_t> g_parallel_min_bytes{kParallelMinBytes};

// A piece of work: rows [row_begin, row_end) of the nest, and of each row
// the positions [pos_begin, pos_end) along its splittable dim.
struct Piece {
  int64_t row_begin, row_end;
  int64_t pos_begin, pos_end;
};

// A nest's loops, wherever they are kept (in the nest, or on the stack).
struct Loops {
  const LoopDim* dim;
  int rank;
};

// Regroup's patterns (regroup_supported in loop_nest.cpp lists the same),
// one code each: ((group * 8 + src_group) * 8 + lane_at) * 8 + lanes + 1.
constexpr int regroup_code(int g, int s, int q, int m) { return ((g * 8 + s) * 8 + q) * 8 + m + 1; }

template <typename T>
using RegroupFn = void (*)(const T*, T*, const Inner&, T) noexcept;

// The pattern's kernel, as a pointer: called indirectly, each pattern stays
// a small function of its own (V8 allocates registers worse in one large
// function holding all thirty: RGBA -> RGB measured 1.5-2.5x slower so).
template <typename T>
RegroupFn<T> regroup_kernel(const LoopNest& nest) noexcept {
#define TENSOR_OPS_REGROUP(g, s_, q, m) \
  case regroup_code(g, s_, q, m): return &kernels::regroup_rows<T, g, s_, q, m>;
#define TENSOR_OPS_PAD_LANES(g, m)                                       \
  TENSOR_OPS_REGROUP(g, m, 0, m) TENSOR_OPS_REGROUP(g, g, 0, m)          \
  TENSOR_OPS_REGROUP(g, m, g - m, m) TENSOR_OPS_REGROUP(g, g, g - m, m)
  switch (regroup_code(nest.group, nest.src_group, nest.lane_at, nest.lanes)) {
    // Channels sliced away.
    TENSOR_OPS_REGROUP(2, 3, 0, 2)
    TENSOR_OPS_REGROUP(2, 4, 0, 2)
    TENSOR_OPS_REGROUP(3, 4, 0, 3)
    // One element splatted over the group.
    TENSOR_OPS_REGROUP(2, 1, 0, -1)
    TENSOR_OPS_REGROUP(3, 1, 0, -1)
    TENSOR_OPS_REGROUP(4, 1, 0, -1)
    // A copy of m lanes and the constant beside it (before or after).
    TENSOR_OPS_PAD_LANES(2, 1)
    TENSOR_OPS_PAD_LANES(3, 1)
    TENSOR_OPS_PAD_LANES(3, 2)
    TENSOR_OPS_PAD_LANES(4, 1)
    TENSOR_OPS_PAD_LANES(4, 2)
    TENSOR_OPS_PAD_LANES(4, 3)
    default: return nullptr;
  }
#undef TENSOR_OPS_PAD_LANES
#undef TENSOR_OPS_REGROUP
}

template <typename T>
inline void regroup(const LoopNest& nest, const T* s, T* d, const Inner& in) noexcept {
  T value;
  std::memcpy(&value, nest.fill, sizeof(T));
  if (const RegroupFn<T> f = regroup_kernel<T>(nest)) f(s, d, in, value);
}

template <typename T, int K>
inline void deinterleave(const T* s, T* d, const Inner& in) noexcept {
  switch (in.n1) {
    case 1: kernels::deinterleave_rows<T, K, 1>(s, d, in); break;
    case 2: if constexpr (K >= 2) kernels::deinterleave_rows<T, K, (K >= 2 ? 2 : 1)>(s, d, in); break;
    case 3: if constexpr (K >= 3) kernels::deinterleave_rows<T, K, (K >= 3 ? 3 : 1)>(s, d, in); break;
    default: if constexpr (K >= 4) kernels::deinterleave_rows<T, K, (K >= 4 ? 4 : 1)>(s, d, in); break;
  }
}

template <typename T>
inline void deinterleave_by(int factor, const T* s, T* d, const Inner& in) noexcept {
  if (factor == 2) deinterleave<T, 2>(s, d, in);
  else if (factor == 3) deinterleave<T, 3>(s, d, in);
  else deinterleave<T, 4>(s, d, in);
}

// One row: the inner two dims, by the nest's kernel (a template argument, so
// the choice is made once per piece, not once per row). RotateRows writes
// positions [p0, p1) of its rows (all of them unless one row is split).
// `src` is the source buffer (Weave: its k buffers), s_pos the row's
// position there.
template <typename T, Kernel K>
inline void run_row(const LoopNest& nest, const void* src, int64_t s_pos, T* d, const Inner& in, int64_t p0,
                    int64_t p1) noexcept {
  if constexpr (K == Kernel::Weave) {
    const void* const* buffers = static_cast<const void* const*>(src);
    const T* bases[4] = {};
    for (int p = 0; p < nest.factor; ++p) bases[p] = static_cast<const T*>(buffers[p]);
    if (nest.factor == 2) kernels::weave_rows<T, 2>(bases, s_pos, d, in);
    else if (nest.factor == 3) kernels::weave_rows<T, 3>(bases, s_pos, d, in);
    else kernels::weave_rows<T, 4>(bases, s_pos, d, in);
    return;
  } else {
    const T* s = static_cast<const T*>(src) + s_pos;
    if constexpr (K == Kernel::CopyRows) kernels::copy_rows(s, d, in);
    if constexpr (K == Kernel::SplatRows) kernels::splat_rows(s, d, in);
    if constexpr (K == Kernel::RotateRows) kernels::rotate_rows(s, d, in, nest.rotate, p0, p1);
    if constexpr (K == Kernel::ReverseRows) kernels::reverse_rows(s, d, in);
    if constexpr (K == Kernel::Transpose) kernels::transpose_rows(s, d, in);
    if constexpr (K == Kernel::Strided) kernels::strided_rows(s, d, in);
    if constexpr (K == Kernel::Fill && sizeof(T) <= sizeof(nest.fill)) {
      T value;
      std::memcpy(&value, nest.fill, sizeof(T));
      kernels::fill_rows(d, in, value);
    }
    if constexpr (K == Kernel::Regroup && sizeof(T) <= sizeof(nest.fill)) regroup(nest, s, d, in);
    if constexpr (K == Kernel::Deinterleave) {
      if (nest.rotate == 0) {
        deinterleave_by(nest.factor, s, d, in);
      } else {
        // A rotated row (roll along it): destination [r, n) reads source
        // [0, n - r), destination [0, r) reads [n - r, n); of it only
        // positions [p0, p1), a piece of the row.
        const int64_t n = in.n0, r = nest.rotate;
        Inner part = in;
        const int64_t a = p0 > r ? p0 : r;
        if (a < p1) {
          part.n0 = p1 - a;
          deinterleave_by(nest.factor, s + (a - r) * in.ss0, d + a * in.ds0, part);
        }
        const int64_t b = p1 < r ? p1 : r;
        if (p0 < b) {
          part.n0 = b - p0;
          deinterleave_by(nest.factor, s + (p0 + n - r) * in.ss0, d + p0 * in.ds0, part);
        }
      }
    }
    if constexpr (K == Kernel::Interleave) {
      if (nest.factor == 2) kernels::interleave_rows<T, 2>(s, d, in);
      else if (nest.factor == 3) kernels::interleave_rows<T, 3>(s, d, in);
      else kernels::interleave_rows<T, 4>(s, d, in);
    }
  }
}

// Pieces split positions along the second dim where it holds whole rows,
// so that each thread streams through rows of its own; along the inner dim
// only where the second dim is Deinterleave's k phases, a transpose's
// contiguous source dim, or a single row.
// Interleave's inner dim (its k sources) always stays whole.
bool splits_second(const LoopNest& nest, Loops loops) {
  switch (nest.kernel) {
    case Kernel::Interleave:
    case Kernel::Regroup: return true;  // whole groups (a group's lanes stay together)
    // A transpose's second dim reads the source contiguously: split it and
    // every piece reads the whole source for a few bytes per cache line.
    case Kernel::Deinterleave:
    case Kernel::Transpose: return false;
    default: return loops.dim[loops.rank - 2].n > 1;
  }
}

int64_t positions(const LoopNest& nest, Loops loops) {
  return loops.dim[loops.rank - (splits_second(nest, loops) ? 2 : 1)].n;
}

// One function per kernel and element type (called through a table below):
// V8 allocates registers worse in a very large wasm function, and one
// run_piece<T> holding every kernel's loops spilled in the reversed-rows
// loop, 30-50% slower (a reversed view made contiguous: 25 -> 37 us at
// 1 MiB) once the lane kernels were added to it.
template <typename T, Kernel K>
void run_piece(const LoopNest& nest, Loops loops, const void* src, void* dst,
                                         const Piece& piece) noexcept {
  const int outer = loops.rank - 2;
  const LoopDim* dim = loops.dim;
  const LoopDim& second = dim[outer];
  const LoopDim& inner = dim[outer + 1];
  Inner in{inner.n,  inner.src_stride,  inner.dst_stride,
           second.n, second.src_stride, second.dst_stride};
  int64_t s_pos = nest.src_offset;
  int64_t d_pos = nest.dst_offset;
  const int64_t first = piece.pos_begin;
  int64_t p0 = 0, p1 = inner.n;
  if (splits_second(nest, loops)) {
    in.n1 = piece.pos_end - first;
    s_pos += first * in.ss1;
    d_pos += first * in.ds1;
  } else if (K == Kernel::RotateRows || (K == Kernel::Deinterleave && nest.rotate != 0)) {
    p0 = first;  // a rotated row keeps its extent: the kernel takes the span
    p1 = piece.pos_end;
  } else {
    in.n0 = piece.pos_end - first;
    s_pos += first * in.ss0;
    d_pos += first * in.ds0;
  }
  // The index of the first row: one division per outer dim per piece, each
  // index mapped through its dim's wrap.
  int64_t index[kMaxLoopRank];
  int64_t rest = piece.row_begin;
  for (int k = outer - 1; k >= 0; --k) {
    index[k] = rest % dim[k].n;
    rest /= dim[k].n;
    s_pos += index[k] * dim[k].src_stride;
    if (index[k] >= dim[k].wrap_at) s_pos -= dim[k].n * dim[k].src_stride;
    d_pos += index[k] * dim[k].dst_stride;
  }
  // A wrapped second dim (rows_may_wrap): its rows from wrap_at on read
  // n strides back, so each call runs in two parts (`in`, then `late`).
  const int64_t row0 = splits_second(nest, loops) ? first : 0;
  const int64_t early = std::clamp<int64_t>(second.wrap_at - row0, 0, in.n1);
  Inner late = in;
  late.n1 = in.n1 - early;
  in.n1 = early;
  const int64_t late_s = (early - second.n) * in.ss1;  // (used only where late.n1 > 0: the dim wraps)
  const int64_t late_d = early * in.ds1;
  T* d = static_cast<T*>(dst);
  for (int64_t row = piece.row_begin; row < piece.row_end; ++row) {
    if (!rows_may_wrap(K) || in.n1 > 0) run_row<T, K>(nest, src, s_pos, d + d_pos, in, p0, p1);
    if constexpr (rows_may_wrap(K)) {
      if (late.n1 > 0) run_row<T, K>(nest, src, s_pos + late_s, d + d_pos + late_d, late, p0, p1);
    }
    // Odometer over the outer dims. The source steps back a whole dim where
    // it wraps: at the end of a plain dim, inside a wrapped one (which is
    // then back at its start when the dim ends).
    for (int k = outer - 1; k >= 0; --k) {
      s_pos += dim[k].src_stride;
      d_pos += dim[k].dst_stride;
      if (++index[k] == dim[k].wrap_at) s_pos -= dim[k].src_stride * dim[k].n;
      if (index[k] < dim[k].n) break;
      d_pos -= dim[k].dst_stride * dim[k].n;
      index[k] = 0;
    }
  }
}

using PieceFn = void (*)(const LoopNest&, Loops, const void*, void*, const Piece&) noexcept;

// The kernel's piece function, called through a table: an indirect call
// keeps each kernel's loops a function of their own through wasm-opt too
// (which inlines a function with one direct caller whatever its size).
template <typename T>
void run_piece(const LoopNest& nest, Loops loops, const void* src, void* dst,
               const Piece& piece) noexcept {
  static constexpr PieceFn kPieces[] = {
      nullptr,  // Empty
      run_piece<T, Kernel::CopyRows>,   run_piece<T, Kernel::SplatRows>, run_piece<T, Kernel::Deinterleave>,
      run_piece<T, Kernel::Interleave>, run_piece<T, Kernel::Regroup>,   run_piece<T, Kernel::Weave>,
      run_piece<T, Kernel::RotateRows>, run_piece<T, Kernel::ReverseRows>, run_piece<T, Kernel::Transpose>,
      run_piece<T, Kernel::Fill>,       run_piece<T, Kernel::Strided>,
  };
  static_assert(static_cast<int>(Kernel::Empty) == 0 && static_cast<int>(Kernel::Strided) == 11,
                "kPieces follows the order of Kernel");
  const PieceFn f = kPieces[static_cast<int>(nest.kernel)];
  if (f) f(nest, loops, src, dst, piece);
}

template <typename T>
void run_nest(const LoopNest& nest, Loops loops, const void* src, void* dst,
              ThreadPool* pool) noexcept {
  const int64_t rows = LoopNest::loop_rows(loops.dim, loops.rank);
  const int64_t pos = positions(nest, loops);
  int64_t bytes = static_cast<int64_t>(nest.elem_size) * (nest.kernel == Kernel::Weave ? nest.factor : 1);
  for (int k = 0; k < loops.rank; ++k) bytes *= loops.dim[k].n;
  const int threads = pool ? pool->threads() : 1;
  if (threads == 1 || bytes < g_parallel_min_bytes.load(std::memory_order_relaxed)) {
    run_piece<T>(nest, loops, src, dst, {0, rows, 0, pos});
    return;
  }
  // About four pieces per thread (so faster threads take more), none tiny.
  constexpr int64_t kMinPieceBytes = 64 * 1024;
  const int64_t wanted = std::max<int64_t>(1, std::min<int64_t>(4 * threads, bytes / kMinPieceBytes));
  if (rows >= wanted) {
    auto piece = [&](int64_t i) {
      run_piece<T>(nest, loops, src, dst, {rows * i / wanted, rows * (i + 1) / wanted, 0, pos});
    };
    pool->for_each(wanted, piece);
  } else {
    // Few long rows: split each row's positions too.
    const int64_t splits = std::min<int64_t>(pos, (wanted + rows - 1) / rows);
    auto piece = [&](int64_t i) {
      const int64_t row = i / splits;
      const int64_t part = i % splits;
      run_piece<T>(nest, loops, src, dst, {row, row + 1, pos * part / splits, pos * (part + 1) / splits});
    };
    pool->for_each(rows * splits, piece);
  }
}

// Repeats smaller than this are left to the nest's kernel.
constexpr int64_t kMinRepeatedBlockBytes = 4096;

// Whether the outermost loop reads the same source at every step (source
// stride 0: a broadcast's new dim, a tile's repeats, merged) while the
// loops inside it write one dense block, exactly its destination stride
// long: then the block is made once and copied for the other steps.
bool repeats_dense_block(const LoopNest& nest, Loops loops) noexcept {
  if (loops.rank < 3 || nest.kernel == Kernel::Weave || nest.kernel == Kernel::Fill) return false;
  const LoopDim& top = loops.dim[0];
  if (top.n < 2 || top.src_stride != 0 || top.dst_stride <= 0 ||
      top.dst_stride * static_cast<int64_t>(nest.elem_size) < kMinRepeatedBlockBytes) {
    return false;
  }
  // The inner loops' destination strides, ascending, must be 1, n, n * n'...
  LoopDim inner[kMaxLoopRank + 2];
  int m = 0;
  for (int k = 1; k < loops.rank; ++k) {
    const LoopDim& d = loops.dim[k];
    if (d.n == 0 || d.dst_stride <= 0) return false;
    if (d.n == 1) continue;
    int at = m++;
    for (; at > 0 && inner[at - 1].dst_stride > d.dst_stride; --at) inner[at] = inner[at - 1];
    inner[at] = d;
  }
  int64_t dense = 1;
  for (int k = 0; k < m; ++k) {
    if (inner[k].dst_stride != dense) return false;
    dense *= inner[k].n;
  }
  return dense == top.dst_stride;
}

void run(const LoopNest& nest, Loops loops, const void* src, void* dst, ThreadPool* pool) noexcept {
  if (loops.rank == 0) return;  // Kernel::Empty
  if (repeats_dense_block(nest, loops)) {
    // The first block by the kernel (a reversed or transposed view's, say),
    // the others copies of it, where the kernel would read and rearrange
    // the source again for each: bench/views.mjs's reverse -> broadcast ->
    // tile at 64 MiB went from 1.37x the tile of a dense input to 0.93-1.09x.
    run(nest, {loops.dim + 1, loops.rank - 1}, src, dst, pool);
    const int64_t block = loops.dim[0].dst_stride * static_cast<int64_t>(nest.elem_size);
    auto* first = static_cast<unsigned char*>(dst) + nest.dst_offset * static_cast<int64_t>(nest.elem_size);
    const int64_t span = (loops.dim[0].n - 1) * block;
    split_work(span, 2 * span, pool, [&](int64_t a, int64_t b) {
      while (a < b) {
        const int64_t at = a % block;
        const int64_t len = std::min(b - a, block - at);
        kernels::copy_run(first + block + a, first + at, static_cast<size_t>(len));
        a += len;
      }
    });
    return;
  }
  switch (nest.elem_size) {
    case 1: run_nest<uint8_t>(nest, loops, src, dst, pool); break;
    case 2: run_nest<uint16_t>(nest, loops, src, dst, pool); break;
    case 4: run_nest<uint32_t>(nest, loops, src, dst, pool); break;
    case 8: run_nest<uint64_t>(nest, loops, src, dst, pool); break;
    case 16: run_nest<Bytes16>(nest, loops, src, dst, pool); break;
    case 32: run_nest<Bytes32>(nest, loops, src, dst, pool); break;
    case 64: run_nest<Bytes64>(nest, loops, src, dst, pool); break;
    case 128: run_nest<Bytes128>(nest, loops, src, dst, pool); break;
    default: break;
  }
}

// ---- Indexed copies (gather*) ----

// Dims of 1 dropped, neighbours contiguous in all three buffers merged (an
// empty space becomes one dim of 0, a single point one dim of 1).
IndexedCopy normalize_indexed(const IndexedCopy& c) {
  IndexedCopy n = c;
  n.dims.clear();
  n.src_strides.clear();
  n.dst_strides.clear();
  n.index_strides.clear();
  bool empty = false;
  for (size_t k = 0; k < c.dims.size(); ++k) {
    if (c.dims[k] == 0) empty = true;
    if (c.dims[k] == 1) continue;
    if (!n.dims.empty()) {
      const int64_t m = c.dims[k];
      if (n.src_strides.back() == c.src_strides[k] * m && n.dst_strides.back() == c.dst_strides[k] * m &&
          n.index_strides.back() == c.index_strides[k] * m) {
        n.dims.back() *= m;
        n.src_strides.back() = c.src_strides[k];
        n.dst_strides.back() = c.dst_strides[k];
        n.index_strides.back() = c.index_strides[k];
        continue;
      }
    }
    n.dims.push_back(c.dims[k]);
    n.src_strides.push_back(c.src_strides[k]);
    n.dst_strides.push_back(c.dst_strides[k]);
    n.index_strides.push_back(c.index_strides[k]);
  }
  empty = empty || c.slice == 0;  // nothing to move (the indices are still checked)
  if (empty || n.dims.empty()) {
    n.dims.assign(1, empty ? 0 : 1);
    n.src_strides.assign(1, 0);
    n.dst_strides.assign(1, 0);
    n.index_strides.assign(1, 0);
  }
  return n;
}

template <typename T>
inline void move_slice(unsigned char* to, const unsigned char* from, size_t bytes) noexcept {
  if constexpr (std::is_void_v<T>) {
    kernels::copy_run(to, from, bytes);
  } else {
    (void)bytes;
    kernels::copy_fixed<sizeof(T)>(to, from);
  }
}

// Positions [begin, end) of the (normalised) iteration space, in row-major
// order: one division per dim per piece, then an odometer; the inner dim in
// runs (gather_run for one component, each component's value added for k).
template <typename T, typename I>
void run_indexed_piece(const IndexedCopy& c, int64_t elem, const unsigned char* src, const I* idx,
                       unsigned char* dst, int64_t begin, int64_t end) noexcept {
  const int r = static_cast<int>(c.dims.size());
  const int64_t* dims = c.dims.data();
  const int64_t n = dims[r - 1];
  const int64_t ss = c.src_strides[r - 1] * elem;
  const int64_t ds = c.dst_strides[r - 1] * elem;
  const int64_t is = c.index_strides[r - 1];
  const size_t k = c.axis_dims.size();
  const size_t slice_bytes = static_cast<size_t>(c.slice * elem);
  int64_t index[kMaxLoopRank + 2];
  int64_t rest = begin;
  int64_t s = c.src_offset * elem, d = c.dst_offset * elem, p = c.index_offset;
  for (int q = r - 1; q >= 0; --q) {
    index[q] = rest % dims[q];
    rest /= dims[q];
    s += index[q] * c.src_strides[q] * elem;
    d += index[q] * c.dst_strides[q] * elem;
    p += index[q] * c.index_strides[q];
  }
  int64_t left = end - begin;
  while (left > 0) {
    const int64_t run = std::min(n - index[r - 1], left);
    if (k == 1) {
      kernels::gather_run<T, I>(src, dst, idx + p, run, s, ss, d, ds, is, c.axis_strides[0] * elem,
                                c.axis_dims[0], slice_bytes);
    } else {
      for (int64_t i = 0; i < run; ++i) {
        int64_t from = s + i * ss;
        const I* ip = idx + p + i * is;
        for (size_t j = 0; j < k; ++j) {
          int64_t v = kernels::index_value(ip + j);
          if (v < 0) v += c.axis_dims[j];
          from += v * c.axis_strides[j] * elem;
        }
        move_slice<T>(dst + d + i * ds, src + from, slice_bytes);
      }
    }
    left -= run;
    index[r - 1] += run;
    s += run * ss;
    d += run * ds;
    p += run * is;
    if (index[r - 1] == n && left > 0) {
      s -= n * ss;
      d -= n * ds;
      p -= n * is;
      index[r - 1] = 0;
      for (int q = r - 2; q >= 0; --q) {
        s += c.src_strides[q] * elem;
        d += c.dst_strides[q] * elem;
        p += c.index_strides[q];
        if (++index[q] < dims[q]) break;
        s -= dims[q] * c.src_strides[q] * elem;
        d -= dims[q] * c.dst_strides[q] * elem;
        p -= dims[q] * c.index_strides[q];
        index[q] = 0;
      }
    }
  }
}

// Splits [0, total) of `bytes` in all into pieces over the pool (as run_nest
// does), or runs it at once when small.
template <typename F>
void for_pieces(int64_t total, int64_t bytes, ThreadPool* pool, F& f) noexcept {
  const int threads = pool ? pool->threads() : 1;
  if (total == 0) return;
  if (threads == 1 || bytes < g_parallel_min_bytes.load(std::memory_order_relaxed)) {
    f(int64_t{0}, total);
    return;
  }
  constexpr int64_t kMinPieceBytes = 64 * 1024;
  const int64_t wanted =
      std::max<int64_t>(1, std::min<int64_t>({4 * threads, bytes / kMinPieceBytes, total}));
  auto piece = [&](int64_t i) { f(total * i / wanted, total * (i + 1) / wanted); };
  pool->for_each(wanted, piece);
}

template <typename T, typename I>
void run_indexed(const IndexedCopy& c, int64_t elem, const void* src, const void* idx, void* dst,
                 ThreadPool* pool) noexcept {
  int64_t total = 1;
  for (int64_t n : c.dims) total *= n;
  const int64_t bytes = total * c.slice * elem;
  auto f = [&](int64_t begin, int64_t end) {
    run_indexed_piece<T, I>(c, elem, static_cast<const unsigned char*>(src), static_cast<const I*>(idx),
                            static_cast<unsigned char*>(dst), begin, end);
  };
  // A plain result (a gather's) is copied out by the caller while the pool makes the rest.
  if (bytes >= g_parallel_min_bytes.load(std::memory_order_relaxed) &&
      dense_positions(c.dims.data(), c.dst_strides.data(), static_cast<int>(c.dims.size()), c.slice) &&
      stream_positions(pool, total, c.slice * elem, static_cast<unsigned char*>(dst) + c.dst_offset * elem, f)) {
    return;
  }
  for_pieces(total, bytes, pool, f);
}

template <typename I>
void run_indexed(const IndexedCopy& c, int64_t elem, const void* src, const void* idx, void* dst,
                 ThreadPool* pool) noexcept {
  switch (c.slice * elem) {
    case 1: run_indexed<uint8_t, I>(c, elem, src, idx, dst, pool); break;
    case 2: run_indexed<uint16_t, I>(c, elem, src, idx, dst, pool); break;
    case 3: run_indexed<Bytes3, I>(c, elem, src, idx, dst, pool); break;
    case 4: run_indexed<uint32_t, I>(c, elem, src, idx, dst, pool); break;
    case 6: run_indexed<Bytes6, I>(c, elem, src, idx, dst, pool); break;
    case 8: run_indexed<uint64_t, I>(c, elem, src, idx, dst, pool); break;
    case 12: run_indexed<Bytes12, I>(c, elem, src, idx, dst, pool); break;
    case 16: run_indexed<Bytes16, I>(c, elem, src, idx, dst, pool); break;
    case 32: run_indexed<Bytes32, I>(c, elem, src, idx, dst, pool); break;
    case 64: run_indexed<Bytes64, I>(c, elem, src, idx, dst, pool); break;
    case 128: run_indexed<Bytes128, I>(c, elem, src, idx, dst, pool); break;
    default: run_indexed<void, I>(c, elem, src, idx, dst, pool); break;
  }
}

void run_indexed(const IndexedCopy& c, int64_t elem, const void* src, const void* idx, void* dst,
                 ThreadPool* pool) noexcept {
  switch (c.index_type) {
    case IndexType::Int32: run_indexed<int32_t>(c, elem, src, idx, dst, pool); break;
    case IndexType::Uint32: run_indexed<uint32_t>(c, elem, src, idx, dst, pool); break;
    case IndexType::Int64: run_indexed<int64_t>(c, elem, src, idx, dst, pool); break;
    case IndexType::Uint64: run_indexed<uint64_t>(c, elem, src, idx, dst, pool); break;
    case IndexType::Int8: run_indexed<int8_t>(c, elem, src, idx, dst, pool); break;
    case IndexType::Uint8: run_indexed<uint8_t>(c, elem, src, idx, dst, pool); break;
    case IndexType::Int16: run_indexed<int16_t>(c, elem, src, idx, dst, pool); break;
    case IndexType::Uint16: run_indexed<uint16_t>(c, elem, src, idx, dst, pool); break;
  }
}

template <typename I>
bool check_indices(const IndexedCopy& c, const void* buffer, BadIndex* bad, ThreadPool* pool) noexcept {
  const I* idx = static_cast<const I*>(buffer);
  int64_t count = 1;
  for (int64_t n : c.index_shape) count *= n;
  const int64_t k = static_cast<int64_t>(c.axis_dims.size());
  std::atomic<int64_t> first{INT64_MAX};
  auto f = [&](int64_t begin, int64_t end) {
    if (first.load(std::memory_order_relaxed) < begin) return;  // an earlier piece already failed
    const int64_t at = k == 1 ? kernels::first_bad_index(idx, begin, end, static_cast<uint64_t>(c.axis_dims[0]))
                              : kernels::first_bad_index(idx, begin, end, c.axis_dims.data(), k);
    if (at < 0) return;
    int64_t seen = first.load(std::memory_order_relaxed);
    while (at < seen && !first.compare_exchange_weak(seen, at, std::memory_order_relaxed)) {
    }
  };
  for_pieces(count, count * static_cast<int64_t>(sizeof(I)), pool, f);
  const int64_t at = first.load(std::memory_order_relaxed);
  if (at == INT64_MAX) return true;
  bad->position = at;
  bad->component = at % k;
  bad->bits = static_cast<uint64_t>(static_cast<int64_t>(kernels::load_one(idx + at)));
  return false;
}

// ---- Runs (concat's and split's many parts) ----

// `rows` rows of `bytes` bytes: a fixed-size move for the small sizes (a
// part of one element per row), else a copy of the run.
template <size_t N>
void move_rows(unsigned char* d, const unsigned char* s, int64_t rows, int64_t ds, int64_t ss) noexcept {
  for (int64_t r = 0; r < rows; ++r) std::memcpy(d + r * ds, s + r * ss, N);
}

void copy_rows_of(unsigned char* d, const unsigned char* s, int64_t rows, int64_t ds, int64_t ss,
                  size_t bytes) noexcept {
  switch (bytes) {
    case 1: move_rows<1>(d, s, rows, ds, ss); return;
    case 2: move_rows<2>(d, s, rows, ds, ss); return;
    case 4: move_rows<4>(d, s, rows, ds, ss); return;
    case 8: move_rows<8>(d, s, rows, ds, ss); return;
    case 16: move_rows<16>(d, s, rows, ds, ss); return;
    default:
      for (int64_t r = 0; r < rows; ++r) kernels::copy_run(d + r * ds, s + r * ss, bytes);
  }
}

// Bytes [b0, b1) of one run, counted row by row: a part of a row, whole
// rows, a part of a row.
void copy_run_bytes(const Run& run, int64_t elem, const unsigned char* src, unsigned char* dst, int64_t b0,
                    int64_t b1) noexcept {
  const int64_t row_bytes = run.length * elem;
  const int64_t ss = run.src_row_stride * elem;
  const int64_t ds = run.dst_row_stride * elem;
  const unsigned char* s = src + run.src_offset * elem;
  unsigned char* d = dst + run.dst_offset * elem;
  int64_t row = b0 / row_bytes;
  int64_t col = b0 % row_bytes;
  if (col != 0 || b1 - b0 < row_bytes) {
    const int64_t n = std::min(row_bytes - col, b1 - b0);
    kernels::copy_run(d + row * ds + col, s + row * ss + col, static_cast<size_t>(n));
    b0 += n;
    ++row;
  }
  const int64_t whole = (b1 - b0) / row_bytes;
  copy_rows_of(d + row * ds, s + row * ss, whole, ds, ss, static_cast<size_t>(row_bytes));
  b0 += whole * row_bytes;
  row += whole;
  if (b1 > b0) kernels::copy_run(d + row * ds, s + row * ss, static_cast<size_t>(b1 - b0));
}

// Each run in turn, a large one split over the pool (as run_nest splits a
// nest; runs below the threshold, the usual case of many parts, run on the
// calling thread). `source_of(run)` is the buffer a run reads.
template <typename SourceOf>
void run_runs(const RunCopy& rc, int64_t elem, SourceOf source_of, void* dst, ThreadPool* pool) noexcept {
  const int threads = pool ? pool->threads() : 1;
  const int64_t min_bytes = g_parallel_min_bytes.load(std::memory_order_relaxed);
  unsigned char* d = static_cast<unsigned char*>(dst);
  for (const Run& run : rc.runs) {
    const unsigned char* s = source_of(run);
    if (s == nullptr || run.length == 0 || rc.rows == 0) continue;
    const int64_t bytes = rc.rows * run.length * elem;
    if (threads == 1 || bytes < min_bytes) {
      copy_rows_of(d + run.dst_offset * elem, s + run.src_offset * elem, rc.rows, run.dst_row_stride * elem,
                   run.src_row_stride * elem, static_cast<size_t>(run.length * elem));
      continue;
    }
    constexpr int64_t kMinPieceBytes = 64 * 1024;
    const int64_t wanted = std::max<int64_t>(1, std::min<int64_t>(4 * threads, bytes / kMinPieceBytes));
    auto piece = [&](int64_t i) { copy_run_bytes(run, elem, s, d, bytes * i / wanted, bytes * (i + 1) / wanted); };
    pool->for_each(wanted, piece);
  }
}

}  // namespace

void set_parallel_min_bytes(int64_t bytes) noexcept {
  g_parallel_min_bytes.store(bytes, std::memory_order_relaxed);
}

int64_t parallel_min_bytes() noexcept { return g_parallel_min_bytes.load(std::memory_order_relaxed); }

// One nest at a time, its loops on the stack: the one-source path
// allocates nothing.
void execute(const CopyPlan& plan, const void* src, void* dst, ThreadPool* pool) noexcept {
  LoopNest nest;
  LoopDim loops[kMaxLoopRank + 2];
  for (const StridedCopy& copy : plan.copies) {
    if (copy.source != 0 && copy.source != kOutputSource) continue;
    const int rank = build_loop_nest(copy, plan.elem_size, &nest, loops);
    run(nest, {loops, rank}, copy.source == kOutputSource ? dst : src, dst, pool);
  }
  for (const Fill& fill : plan.fills) {
    const int rank = build_fill_nest(fill, plan.elem_size, &nest, loops);
    run(nest, {loops, rank}, nullptr, dst, pool);
  }
  const auto* one = static_cast<const unsigned char*>(src);
  run_runs(plan.runs, static_cast<int64_t>(plan.elem_size),
           [one](const Run& r) { return r.source == 0 ? one : nullptr; }, dst, pool);
}

PreparedPlan prepare_plan(const CopyPlan& plan) {
  PreparedPlan prepared;
  prepared.elem_size = plan.elem_size;
  prepared.nests.reserve(plan.copies.size() + plan.fills.size());
  // A fill that writes the lanes beside a copy's in every group (pad's new
  // channel) runs in the copy's pass: one nest for both.
  std::vector<bool> fused_fill(plan.fills.size(), false);
  for (const StridedCopy& copy : plan.copies) {
    LoopNest lanes;
    bool fused = false;
    for (size_t f = 0; f < plan.fills.size() && !fused; ++f) {
      if (!fused_fill[f] && make_lanes_nest(copy, plan.fills[f], plan.elem_size, &lanes)) {
        fused_fill[f] = fused = true;
        prepared.nests.push_back(lanes);
      }
    }
    if (!fused) prepared.nests.push_back(make_loop_nest(copy, plan.elem_size));
  }
  // Consecutive copies of k planes into the lanes of groups of k (concat
  // into the last axis): one pass reading the k buffers.
  for (size_t i = 0; i < prepared.nests.size(); ++i) {
    for (int k = 4; k >= 2; --k) {
      LoopNest woven;
      if (i + static_cast<size_t>(k) <= prepared.nests.size() && weave_nests(&prepared.nests[i], k, &woven)) {
        prepared.nests[i] = woven;
        prepared.nests.erase(prepared.nests.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                             prepared.nests.begin() + static_cast<std::ptrdiff_t>(i) + k);
        break;
      }
    }
  }
  for (size_t f = 0; f < plan.fills.size(); ++f) {
    if (!fused_fill[f]) prepared.nests.push_back(make_fill_nest(plan.fills[f], plan.elem_size));
  }
  if (!plan.indexed.empty()) {
    prepared.has_indexed = true;
    prepared.indexed = normalize_indexed(plan.indexed.front());
  }
  prepared.runs = plan.runs;
  return prepared;
}

PreparedPlan prepare_plan(CopyPlan&& plan) {
  RunCopy runs = std::move(plan.runs);
  plan.runs = RunCopy();
  PreparedPlan prepared = prepare_plan(static_cast<const CopyPlan&>(plan));
  prepared.runs = std::move(runs);
  return prepared;
}

void execute(const PreparedPlan& plan, const void* const* sources, void* dst,
             ThreadPool* pool) noexcept {
  for (const LoopNest& nest : plan.nests) {
    const Loops loops{nest.dims.data(), static_cast<int>(nest.dims.size())};
    if (nest.kernel == Kernel::Weave) {
      // Its k buffers, each at its copy's offset.
      const void* bases[4] = {};
      for (int p = 0; p < nest.factor; ++p) {
        bases[p] = static_cast<const unsigned char*>(sources[nest.sources[p]]) +
                   nest.source_offsets[p] * static_cast<int64_t>(nest.elem_size);
      }
      run(nest, loops, bases, dst, pool);
      continue;
    }
    const void* src = nest.kernel == Kernel::Fill        ? nullptr
                      : nest.source == kOutputSource ? dst
                                                      : sources[nest.source];
    run(nest, loops, src, dst, pool);
  }
  if (plan.has_indexed) {
    const IndexedCopy& c = plan.indexed;
    run_indexed(c, static_cast<int64_t>(plan.elem_size), sources[c.source], sources[c.index_source], dst, pool);
  }
  run_runs(plan.runs, static_cast<int64_t>(plan.elem_size),
           [sources](const Run& r) { return static_cast<const unsigned char*>(sources[r.source]); }, dst, pool);
}

bool check_indices(const PreparedPlan& plan, const void* const* sources, BadIndex* bad,
                   ThreadPool* pool) noexcept {
  if (!plan.has_indexed) return true;
  const IndexedCopy& c = plan.indexed;
  const void* idx = sources[c.index_source];
  switch (c.index_type) {
    case IndexType::Int32: return check_indices<int32_t>(c, idx, bad, pool);
    case IndexType::Uint32: return check_indices<uint32_t>(c, idx, bad, pool);
    case IndexType::Int64: return check_indices<int64_t>(c, idx, bad, pool);
    case IndexType::Uint64: return check_indices<uint64_t>(c, idx, bad, pool);
    case IndexType::Int8: return check_indices<int8_t>(c, idx, bad, pool);
    case IndexType::Uint8: return check_indices<uint8_t>(c, idx, bad, pool);
    case IndexType::Int16: return check_indices<int16_t>(c, idx, bad, pool);
    case IndexType::Uint16: return check_indices<uint16_t>(c, idx, bad, pool);
  }
  return true;
}

}  // namespace tensor_ops
