#include "engine/band.hpp"

#include <algorithm>
#include <cstring>

#include "engine/kernels.hpp"
#include "engine/work_split.hpp"

namespace tensor_ops {
namespace {

// Columns [c0, c1) of one row, of which [lo, hi) are kept: copied, unless
// the row is its own source (x is the output: an update in place).
template <typename U>
void band_row(const U* s, int64_t ss, U* d, int64_t ds, int64_t c0, int64_t c1, int64_t lo, int64_t hi) noexcept {
  lo = std::clamp(lo, c0, c1);
  hi = std::clamp(hi, lo, c1);
  auto zero = [&](int64_t from, int64_t to) {
    if (from >= to) return;
    if (ds == 1) {
      std::memset(d + from, 0, static_cast<size_t>(to - from) * sizeof(U));
    } else {
      for (int64_t j = from; j < to; ++j) std::memset(d + j * ds, 0, sizeof(U));
    }
  };
  zero(c0, lo);
  if (lo < hi && !(s == d && ss == ds)) {
    if (ss == 1 && ds == 1) {
      kernels::copy_run(d + lo, s + lo, static_cast<size_t>(hi - lo) * sizeof(U));
    } else {
      for (int64_t j = lo; j < hi; ++j) kernels::move_one(d + j * ds, s + j * ss);
    }
  }
  zero(hi, c1);
}

template <typename U>
void band_pass(const BandPlan& p, const std::vector<int64_t>& bdims, const std::vector<int64_t>& bs,
              const std::vector<int64_t>& bd, const void* x, void* dst, ThreadPool* pool) noexcept {
  const size_t r = p.dims.size();
  const int64_t rows = p.dims[r - 2], cols = p.dims[r - 1];
  const int64_t srow = p.src_strides[r - 2], scol = p.src_strides[r - 1];
  const int64_t drow = p.dst_strides[r - 2], dcol = p.dst_strides[r - 1];
  int64_t batches = 1;
  for (int64_t n : bdims) batches *= n;
  // The diagonal brought into [-(rows + cols), rows + cols]: the same band,
  // and i + diagonal cannot overflow.
  const int64_t limit = rows + cols;
  const int64_t diag = std::clamp(p.diagonal, -limit, limit);
  const auto* s0 = static_cast<const U*>(x);
  auto* d0 = static_cast<U*>(dst);
  const int64_t* strides[2] = {bs.data(), bd.data()};
  const int64_t base[2] = {p.src_offset, p.dst_offset};
  const int br = static_cast<int>(bdims.size());
  const int64_t total = batches * rows * cols;
  auto piece = [&](int64_t begin, int64_t end) {
    int64_t row = begin / cols;  // of all batches
    int64_t col = begin % cols;
    Odometer<2> at(bdims.data(), strides, br, row / rows, base);
    int64_t i = row % rows;
    int64_t pos = begin;
    // Small matrices (they stay in the cache) dense on both sides, whole in
    // this piece: one copy of the matrix, then each row's zeros over it (a
    // short row's loop costs more than its elements).
    const bool dense = scol == 1 && dcol == 1 && srow == cols && drow == cols &&
                       rows * cols * static_cast<int64_t>(sizeof(U)) <= (int64_t{64} << 10);
    while (dense && i == 0 && col == 0 && pos + rows * cols <= end) {
      U* d = d0 + at.offset[1];
      if (s0 + at.offset[0] != d) kernels::copy_run(d, s0 + at.offset[0], static_cast<size_t>(rows * cols) * sizeof(U));
      for (int64_t r = 0; r < rows; ++r) {
        const int64_t keep_from = p.upper ? std::clamp(r + diag, int64_t{0}, cols) : 0;
        const int64_t keep_to = p.upper ? cols : std::clamp(r + diag + 1, int64_t{0}, cols);
        if (keep_to <= keep_from) {
          kernels::zero_run(d + r * cols, static_cast<size_t>(cols) * sizeof(U));
          continue;
        }
        kernels::zero_run(d + r * cols, static_cast<size_t>(keep_from) * sizeof(U));
        kernels::zero_run(d + r * cols + keep_to, static_cast<size_t>(cols - keep_to) * sizeof(U));
      }
      pos += rows * cols;
      at.next(br);
    }
    while (pos < end) {
      const int64_t c1 = std::min(cols, col + (end - pos));
      const int64_t lo = p.upper ? i + diag : 0;
      const int64_t hi = p.upper ? cols : i + diag + 1;
      band_row<U>(s0 + at.offset[0] + i * srow, scol, d0 + at.offset[1] + i * drow, dcol, col, c1, lo, hi);
      pos += c1 - col;
      col = 0;
      if (++i == rows) {
        i = 0;
        at.next(br);
      }
    }
  };
  split_work(total, total * static_cast<int64_t>(2 * sizeof(U)), pool, piece);
}

}  // namespace

BandPlan band_plan(const Shape& x, size_t elem_size, bool upper, int64_t diagonal) {
  BandPlan p;
  p.dims = x;
  p.src_strides = row_major_strides(x);
  p.dst_strides = p.src_strides;
  p.elem_size = elem_size;
  p.upper = upper;
  p.diagonal = diagonal;
  return p;
}

PreparedBand prepare_band(const BandPlan& plan) {
  PreparedBand p;
  p.plan = plan;
  const size_t r = plan.dims.size();
  p.empty = r < 2 || plan.dims[r - 2] == 0 || plan.dims[r - 1] == 0;
  if (p.empty) return p;
  // The batch dims (all but the last two), shortened as far as they allow.
  p.batch_dims.assign(plan.dims.begin(), plan.dims.end() - 2);
  p.batch_src.assign(plan.src_strides.begin(), plan.src_strides.end() - 2);
  p.batch_dst.assign(plan.dst_strides.begin(), plan.dst_strides.end() - 2);
  if (!normalize_dims(p.batch_dims, {&p.batch_src, &p.batch_dst})) p.empty = true;
  return p;
}

void run_band(const PreparedBand& p, const void* x, void* dst, ThreadPool* pool) noexcept {
  if (p.empty) return;
  switch (p.plan.elem_size) {
    case 1: band_pass<uint8_t>(p.plan, p.batch_dims, p.batch_src, p.batch_dst, x, dst, pool); break;
    case 2: band_pass<uint16_t>(p.plan, p.batch_dims, p.batch_src, p.batch_dst, x, dst, pool); break;
    case 4: band_pass<uint32_t>(p.plan, p.batch_dims, p.batch_src, p.batch_dst, x, dst, pool); break;
    case 8: band_pass<uint64_t>(p.plan, p.batch_dims, p.batch_src, p.batch_dst, x, dst, pool); break;
    default: break;
  }
}

void execute_band(const BandPlan& plan, const void* x, void* dst, ThreadPool* pool) noexcept {
  run_band(prepare_band(plan), x, dst, pool);
}

}  // namespace tensor_ops
