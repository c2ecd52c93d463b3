#include "engine/one_hot.hpp"

#include <algorithm>
#include <cstring>

#include "engine/kernels.hpp"
#include "engine/work_split.hpp"

namespace tensor_ops {
namespace {

// The place an index value names in [0, depth), or -1 for none.
template <typename I>
inline int64_t place(I v, int64_t depth) noexcept {
  if (!kernels::index_ok(v, static_cast<uint64_t>(depth))) return -1;
  const int64_t s = static_cast<int64_t>(v);
  return s < 0 ? s + depth : s;
}

template <typename U, typename I>
void run(const OneHotPlan& p, const void* indices, void* dst, ThreadPool* pool) noexcept {
  U off, on;
  std::memcpy(&off, p.off, sizeof(U));
  std::memcpy(&on, p.on, sizeof(U));
  const I* idx = static_cast<const I*>(indices);
  U* out = static_cast<U*>(dst);
  const int64_t inner = p.inner, depth = p.depth;
  const int64_t total = p.outer * inner;
  // Positions [begin, end) of [outer, inner]: row r's part [i0, i1) owns
  // out[r, :, i0:i1].
  auto piece = [&](int64_t begin, int64_t end) {
    // The loop's values as locals: read through the captures, each was read
    // again after every store (a byte copy may alias them), 4.3 ns a label
    // instead of 1.4 (g++, [1024] labels of depth 4).
    U* const o = out;
    const I* const ix = idx;
    const U off_value = off, on_value = on;
    const int64_t n = depth, m = inner;
    if (m == 1) {
      // The new axis last (class labels): the piece's rows are one run, one fill.
      kernels::splat_run(o + begin * n, off_value, (end - begin) * n);
      for (int64_t pos = begin; pos < end; ++pos) {
        const int64_t d = place(kernels::load_one(ix + pos), n);
        if (d >= 0) std::memcpy(o + pos * n + d, &on_value, sizeof(U));
      }
      return;
    }
    for (int64_t pos = begin; pos < end;) {
      const int64_t r = pos / m, i0 = pos % m;
      const int64_t i1 = std::min(m, i0 + (end - pos));
      U* row = o + r * n * m;
      for (int64_t d = 0; d < n; ++d) kernels::splat_run(row + d * m + i0, off_value, i1 - i0);
      for (int64_t i = i0; i < i1; ++i) {
        const int64_t d = place(kernels::load_one(ix + r * m + i), n);
        if (d >= 0) std::memcpy(row + d * m + i, &on_value, sizeof(U));
      }
      pos += i1 - i0;
    }
  };
  split_work(total, total * depth * static_cast<int64_t>(sizeof(U)), pool, piece);
}

template <typename U>
void run_width(const OneHotPlan& p, const void* indices, void* dst, ThreadPool* pool) noexcept {
  switch (p.index_type) {
    case IndexType::Int8: run<U, int8_t>(p, indices, dst, pool); break;
    case IndexType::Uint8: run<U, uint8_t>(p, indices, dst, pool); break;
    case IndexType::Int16: run<U, int16_t>(p, indices, dst, pool); break;
    case IndexType::Uint16: run<U, uint16_t>(p, indices, dst, pool); break;
    case IndexType::Int32: run<U, int32_t>(p, indices, dst, pool); break;
    case IndexType::Uint32: run<U, uint32_t>(p, indices, dst, pool); break;
    case IndexType::Int64: run<U, int64_t>(p, indices, dst, pool); break;
    case IndexType::Uint64: run<U, uint64_t>(p, indices, dst, pool); break;
  }
}

}  // namespace

OneHotPlan one_hot_plan(const Shape& indices, int64_t depth, int64_t axis, IndexType index_type, size_t elem_size,
                        uint64_t off_bits, uint64_t on_bits) {
  OneHotPlan p;
  for (size_t k = 0; k < indices.size(); ++k) (static_cast<int64_t>(k) < axis ? p.outer : p.inner) *= indices[k];
  p.depth = depth;
  p.index_type = index_type;
  p.elem_size = elem_size;
  for (size_t b = 0; b < 8; ++b) {
    p.off[b] = static_cast<unsigned char>(off_bits >> (8 * b));
    p.on[b] = static_cast<unsigned char>(on_bits >> (8 * b));
  }
  return p;
}

void execute_one_hot(const OneHotPlan& plan, const void* indices, void* dst, ThreadPool* pool) noexcept {
  if (plan.depth <= 0 || plan.outer == 0 || plan.inner == 0) return;
  switch (plan.elem_size) {
    case 1: run_width<uint8_t>(plan, indices, dst, pool); break;
    case 2: run_width<uint16_t>(plan, indices, dst, pool); break;
    case 4: run_width<uint32_t>(plan, indices, dst, pool); break;
    case 8: run_width<uint64_t>(plan, indices, dst, pool); break;
    default: break;
  }
}

}  // namespace tensor_ops
