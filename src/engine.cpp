#include "engine.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "kernels.hpp"
#include "loop_nest.hpp"

namespace tensor_ops {
namespace {

using kernels::Bytes16;
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

// One row: the inner two dims, by the nest's kernel (a template argument, so
// the choice is made once per piece, not once per row). RotateRows writes
// positions [p0, p1) of its rows (all of them unless one row is split).
template <typename T, Kernel K>
inline void run_row(const LoopNest& nest, const T* s, T* d, const Inner& in, int64_t p0,
                    int64_t p1) noexcept {
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
  if constexpr (K == Kernel::Deinterleave) {
    if (nest.factor == 2) kernels::deinterleave_rows<T, 2>(s, d, in);
    else if (nest.factor == 3) kernels::deinterleave_rows<T, 3>(s, d, in);
    else kernels::deinterleave_rows<T, 4>(s, d, in);
  }
  if constexpr (K == Kernel::Interleave) {
    if (nest.factor == 2) kernels::interleave_rows<T, 2>(s, d, in);
    else if (nest.factor == 3) kernels::interleave_rows<T, 3>(s, d, in);
    else kernels::interleave_rows<T, 4>(s, d, in);
  }
}

// Pieces split positions along the second dim where it holds whole rows,
// so that each thread streams through rows of its own; along the inner dim
// only where the second dim is Deinterleave's k phases, a transpose's
// contiguous source dim, or a single row.
// Interleave's inner dim (its k sources) always stays whole.
bool splits_second(const LoopNest& nest, Loops loops) {
  switch (nest.kernel) {
    case Kernel::Interleave: return true;
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
  } else if (K == Kernel::RotateRows) {
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
  const T* s = static_cast<const T*>(src);
  T* d = static_cast<T*>(dst);
  for (int64_t row = piece.row_begin; row < piece.row_end; ++row) {
    run_row<T, K>(nest, s + s_pos, d + d_pos, in, p0, p1);
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

template <typename T>
void run_piece(const LoopNest& nest, Loops loops, const void* src, void* dst,
               const Piece& piece) noexcept {
  switch (nest.kernel) {
    case Kernel::CopyRows: run_piece<T, Kernel::CopyRows>(nest, loops, src, dst, piece); break;
    case Kernel::SplatRows: run_piece<T, Kernel::SplatRows>(nest, loops, src, dst, piece); break;
    case Kernel::Deinterleave: run_piece<T, Kernel::Deinterleave>(nest, loops, src, dst, piece); break;
    case Kernel::Interleave: run_piece<T, Kernel::Interleave>(nest, loops, src, dst, piece); break;
    case Kernel::RotateRows: run_piece<T, Kernel::RotateRows>(nest, loops, src, dst, piece); break;
    case Kernel::ReverseRows: run_piece<T, Kernel::ReverseRows>(nest, loops, src, dst, piece); break;
    case Kernel::Transpose: run_piece<T, Kernel::Transpose>(nest, loops, src, dst, piece); break;
    case Kernel::Strided: run_piece<T, Kernel::Strided>(nest, loops, src, dst, piece); break;
    case Kernel::Fill: run_piece<T, Kernel::Fill>(nest, loops, src, dst, piece); break;
    case Kernel::Empty: break;
  }
}

template <typename T>
void run_nest(const LoopNest& nest, Loops loops, const void* src, void* dst,
              ThreadPool* pool) noexcept {
  const int64_t rows = LoopNest::loop_rows(loops.dim, loops.rank);
  const int64_t pos = positions(nest, loops);
  int64_t bytes = static_cast<int64_t>(nest.elem_size);
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

void run(const LoopNest& nest, Loops loops, const void* src, void* dst, ThreadPool* pool) noexcept {
  if (loops.rank == 0) return;  // Kernel::Empty
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

}  // namespace

void set_parallel_min_bytes(int64_t bytes) noexcept {
  g_parallel_min_bytes.store(bytes, std::memory_order_relaxed);
}

// One nest at a time, its loops on the stack: the one-source path
// allocates nothing.
void execute(const CopyPlan& plan, const void* src, void* dst, ThreadPool* pool) noexcept {
  LoopNest nest;
  LoopDim loops[kMaxLoopRank + 2];
  for (const StridedCopy& copy : plan.copies) {
    if (copy.source != 0) continue;
    const int rank = build_loop_nest(copy, plan.elem_size, &nest, loops);
    run(nest, {loops, rank}, src, dst, pool);
  }
  for (const Fill& fill : plan.fills) {
    const int rank = build_fill_nest(fill, plan.elem_size, &nest, loops);
    run(nest, {loops, rank}, nullptr, dst, pool);
  }
}

PreparedPlan prepare_plan(const CopyPlan& plan) {
  PreparedPlan prepared;
  prepared.elem_size = plan.elem_size;
  prepared.nests.reserve(plan.copies.size() + plan.fills.size());
  for (const StridedCopy& copy : plan.copies) {
    prepared.nests.push_back(make_loop_nest(copy, plan.elem_size));
  }
  for (const Fill& fill : plan.fills) prepared.nests.push_back(make_fill_nest(fill, plan.elem_size));
  return prepared;
}

void execute(const PreparedPlan& plan, const void* const* sources, void* dst,
             ThreadPool* pool) noexcept {
  for (const LoopNest& nest : plan.nests) {
    const Loops loops{nest.dims.data(), static_cast<int>(nest.dims.size())};
    run(nest, loops, nest.kernel == Kernel::Fill ? nullptr : sources[nest.source], dst, pool);
  }
}

}  // namespace tensor_ops
