#include "engine.hpp"

#include <algorithm>
#include <atomic>

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

// One row: the inner two dims, by the nest's kernel (a template argument, so
// the choice is made once per piece, not once per row).
template <typename T, Kernel K>
inline void run_row(const LoopNest& nest, const T* s, T* d, const Inner& in) noexcept {
  if constexpr (K == Kernel::CopyRows) kernels::copy_rows(s, d, in);
  if constexpr (K == Kernel::SplatRows) kernels::splat_rows(s, d, in);
  if constexpr (K == Kernel::RotateRows) kernels::rotate_rows(s, d, in, nest.rotate);
  if constexpr (K == Kernel::ReverseRows) kernels::reverse_rows(s, d, in);
  if constexpr (K == Kernel::Transpose) kernels::transpose_rows(s, d, in);
  if constexpr (K == Kernel::Strided) kernels::strided_rows(s, d, in);
  if constexpr (K == Kernel::Deinterleave) {
    if (nest.factor == 2) kernels::deinterleave_rows<T, 2>(s, d, in);
    else kernels::deinterleave_rows<T, 4>(s, d, in);
  }
  if constexpr (K == Kernel::Interleave) {
    if (nest.factor == 2) kernels::interleave_rows<T, 2>(s, d, in);
    else kernels::interleave_rows<T, 4>(s, d, in);
  }
}

// Pieces split positions along the second dim where it holds whole rows,
// so that each thread streams through rows of its own; along the inner dim
// only where the second dim is Deinterleave's k phases or a single row.
// Interleave's inner dim (its k sources) and RotateRows' rotated rows always
// stay whole.
bool splits_second(const LoopNest& nest) {
  switch (nest.kernel) {
    case Kernel::Interleave:
    case Kernel::RotateRows: return true;
    case Kernel::Deinterleave: return false;
    default: return nest.dims[nest.rank - 2] > 1;
  }
}

int64_t positions(const LoopNest& nest) {
  return splits_second(nest) ? nest.dims[nest.rank - 2] : nest.dims[nest.rank - 1];
}

template <typename T, Kernel K>
void run_piece(const LoopNest& nest, const void* src, void* dst, const Piece& piece) noexcept {
  const int outer = nest.rank - 2;
  Inner in{nest.dims[outer + 1], nest.src_strides[outer + 1], nest.dst_strides[outer + 1],
           nest.dims[outer],     nest.src_strides[outer],     nest.dst_strides[outer]};
  int64_t s_pos = nest.src_offset;
  int64_t d_pos = nest.dst_offset;
  const int64_t first = piece.pos_begin;
  if (splits_second(nest)) {
    in.n1 = piece.pos_end - first;
    s_pos += first * in.ss1;
    d_pos += first * in.ds1;
  } else {
    in.n0 = piece.pos_end - first;
    s_pos += first * in.ss0;
    d_pos += first * in.ds0;
  }
  // The index of the first row: one division per outer dim per piece.
  int64_t index[kMaxLoopRank];
  int64_t rest = piece.row_begin;
  for (int k = outer - 1; k >= 0; --k) {
    index[k] = rest % nest.dims[k];
    rest /= nest.dims[k];
    s_pos += index[k] * nest.src_strides[k];
    d_pos += index[k] * nest.dst_strides[k];
  }
  const T* s = static_cast<const T*>(src);
  T* d = static_cast<T*>(dst);
  for (int64_t row = piece.row_begin; row < piece.row_end; ++row) {
    run_row<T, K>(nest, s + s_pos, d + d_pos, in);
    // Odometer over the outer dims.
    for (int k = outer - 1; k >= 0; --k) {
      s_pos += nest.src_strides[k];
      d_pos += nest.dst_strides[k];
      if (++index[k] < nest.dims[k]) break;
      s_pos -= nest.src_strides[k] * nest.dims[k];
      d_pos -= nest.dst_strides[k] * nest.dims[k];
      index[k] = 0;
    }
  }
}

template <typename T>
void run_piece(const LoopNest& nest, const void* src, void* dst, const Piece& piece) noexcept {
  switch (nest.kernel) {
    case Kernel::CopyRows: run_piece<T, Kernel::CopyRows>(nest, src, dst, piece); break;
    case Kernel::SplatRows: run_piece<T, Kernel::SplatRows>(nest, src, dst, piece); break;
    case Kernel::Deinterleave: run_piece<T, Kernel::Deinterleave>(nest, src, dst, piece); break;
    case Kernel::Interleave: run_piece<T, Kernel::Interleave>(nest, src, dst, piece); break;
    case Kernel::RotateRows: run_piece<T, Kernel::RotateRows>(nest, src, dst, piece); break;
    case Kernel::ReverseRows: run_piece<T, Kernel::ReverseRows>(nest, src, dst, piece); break;
    case Kernel::Transpose: run_piece<T, Kernel::Transpose>(nest, src, dst, piece); break;
    case Kernel::Strided: run_piece<T, Kernel::Strided>(nest, src, dst, piece); break;
    case Kernel::Empty: break;
  }
}

template <typename T>
void run_nest(const LoopNest& nest, const void* src, void* dst, ThreadPool* pool) noexcept {
  const int64_t rows = nest.rows();
  const int64_t pos = positions(nest);
  const int64_t bytes = nest.bytes();
  const int threads = pool ? pool->threads() : 1;
  if (threads == 1 || bytes < g_parallel_min_bytes.load(std::memory_order_relaxed)) {
    run_piece<T>(nest, src, dst, {0, rows, 0, pos});
    return;
  }
  // About four pieces per thread (so faster threads take more), none tiny.
  constexpr int64_t kMinPieceBytes = 64 * 1024;
  const int64_t wanted = std::max<int64_t>(1, std::min<int64_t>(4 * threads, bytes / kMinPieceBytes));
  if (rows >= wanted) {
    auto piece = [&](int64_t i) {
      run_piece<T>(nest, src, dst, {rows * i / wanted, rows * (i + 1) / wanted, 0, pos});
    };
    pool->for_each(wanted, piece);
  } else {
    // Few long rows: split each row's positions too.
    const int64_t splits = std::min<int64_t>(pos, (wanted + rows - 1) / rows);
    auto piece = [&](int64_t i) {
      const int64_t row = i / splits;
      const int64_t part = i % splits;
      run_piece<T>(nest, src, dst, {row, row + 1, pos * part / splits, pos * (part + 1) / splits});
    };
    pool->for_each(rows * splits, piece);
  }
}

void run(const LoopNest& nest, const void* src, void* dst, ThreadPool* pool) noexcept {
  switch (nest.elem_size) {
    case 1: run_nest<uint8_t>(nest, src, dst, pool); break;
    case 2: run_nest<uint16_t>(nest, src, dst, pool); break;
    case 4: run_nest<uint32_t>(nest, src, dst, pool); break;
    case 8: run_nest<uint64_t>(nest, src, dst, pool); break;
    case 16: run_nest<Bytes16>(nest, src, dst, pool); break;
    case 32: run_nest<Bytes32>(nest, src, dst, pool); break;
    case 64: run_nest<Bytes64>(nest, src, dst, pool); break;
    case 128: run_nest<Bytes128>(nest, src, dst, pool); break;
    default: break;  // Kernel::Empty
  }
}

}  // namespace

void set_parallel_min_bytes(int64_t bytes) noexcept {
  g_parallel_min_bytes.store(bytes, std::memory_order_relaxed);
}

// One nest at a time on the stack: the one-source path allocates nothing.
void execute(const CopyPlan& plan, const void* src, void* dst, ThreadPool* pool) noexcept {
  for (const StridedCopy& copy : plan.copies) {
    if (copy.source == 0) run(make_loop_nest(copy, plan.elem_size), src, dst, pool);
  }
}

PreparedPlan prepare_plan(const CopyPlan& plan) {
  PreparedPlan prepared;
  prepared.elem_size = plan.elem_size;
  prepared.nests.reserve(plan.copies.size());
  for (const StridedCopy& copy : plan.copies) {
    prepared.nests.push_back(make_loop_nest(copy, plan.elem_size));
  }
  return prepared;
}

void execute(const PreparedPlan& plan, const void* const* sources, void* dst,
             ThreadPool* pool) noexcept {
  for (const LoopNest& nest : plan.nests) run(nest, sources[nest.source], dst, pool);
}

}  // namespace tensor_ops
