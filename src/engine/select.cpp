#include "engine/select.hpp"

#include <cstring>
#include <utility>

#include "base/simd.hpp"
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif
#include "engine/kernels.hpp"
#include "engine/work_split.hpp"

namespace tensor_ops {
namespace {

using kernels::load_one;

// Broadcast strides of a contiguous `shape` aligned at the last dim of a
// space of rank r: 0 where its dim is 1 (or missing).
std::vector<int64_t> broadcast_strides(const Shape& shape, size_t r) {
  std::vector<int64_t> s(r, 0);
  int64_t step = 1;
  for (size_t k = shape.size(); k-- > 0;) {
    const size_t at = r - (shape.size() - k);
    s[at] = shape[k] == 1 ? 0 : step;
    step *= shape[k];
  }
  return s;
}

// Expands a mask of 16 bytes (each 0 or all ones) to the mask of the
// 16 / sizeof(U) elements of part `p` of the same 16 positions in lanes of U.
template <typename U>
inline simd::Vec<U> widen_mask(simd::Vec<int8_t> m8, int p) noexcept {
  if constexpr (sizeof(U) == 1) {
    (void)p;
    return reinterpret_cast<simd::Vec<U>>(m8);
  } else {
    using H = std::conditional_t<sizeof(U) == 2, int8_t, std::conditional_t<sizeof(U) == 4, int16_t, int32_t>>;
    const simd::Vec<H> half = widen_mask<H>(m8, p / 2);
    return reinterpret_cast<simd::Vec<U>>(p % 2 ? simd::zip_high<H>(half, half) : simd::zip_low<H>(half, half));
  }
}

#if defined(__wasm_simd128__)
// The masks of 16 condition bytes in lanes of U, parts 0 .. 16 / sizeof(U)
// - 1: one load and one compare, then sign-extending widenings (one
// instruction each; a mask byte 0xFF widens to all ones).
template <typename U>
inline void wasm_masks(const uint8_t* c, v128_t* m) noexcept {
  const v128_t m8 = wasm_i8x16_ne(wasm_v128_load(c), wasm_i32x4_splat(0));
  if constexpr (sizeof(U) == 1) {
    m[0] = m8;
  } else {
    const v128_t lo = wasm_i16x8_extend_low_i8x16(m8), hi = wasm_i16x8_extend_high_i8x16(m8);
    if constexpr (sizeof(U) == 2) {
      m[0] = lo;
      m[1] = hi;
    } else {
      const v128_t q[4] = {wasm_i32x4_extend_low_i16x8(lo), wasm_i32x4_extend_high_i16x8(lo),
                           wasm_i32x4_extend_low_i16x8(hi), wasm_i32x4_extend_high_i16x8(hi)};
      for (int k = 0; k < 4; ++k) {
        if constexpr (sizeof(U) == 4) {
          m[k] = q[k];
        } else {
          m[2 * k] = wasm_i64x2_extend_low_i32x4(q[k]);
          m[2 * k + 1] = wasm_i64x2_extend_high_i32x4(q[k]);
        }
      }
    }
  }
}
#endif

// 16 positions from i on: contiguous cond and dst, a and b contiguous (or
// splatted when A / B is false). Zero: the splatted side is all zero bits
// (where(mask, x, 0)), so a select is one and (or andnot).
template <typename U, bool A, bool B, bool Zero = false>
inline void select16(const uint8_t* c, const U* a, const U* b, U* d, simd::Vec<U> as, simd::Vec<U> bs) noexcept {
  constexpr int L = static_cast<int>(simd::kLanes<U>);
  static_assert(!Zero || A != B, "Zero: one side splatted");
#if defined(__wasm_simd128__)
  // The masks widened with wasm's extend instructions: the generic widening
  // below (zips) compiles to lane extracts and inserts here (20x slower for
  // float32).
  v128_t m[16 / L];
  wasm_masks<U>(c, m);
  for (int p = 0; p < 16 / L; ++p) {
    const v128_t av = reinterpret_cast<v128_t>(A ? simd::load(a + p * L) : as);
    const v128_t bv = reinterpret_cast<v128_t>(B ? simd::load(b + p * L) : bs);
    v128_t v;
    if constexpr (Zero && A) v = wasm_v128_and(av, m[p]);
    else if constexpr (Zero) v = wasm_v128_andnot(bv, m[p]);
    else v = wasm_v128_bitselect(av, bv, m[p]);
    simd::store(d + p * L, reinterpret_cast<simd::Vec<U>>(v));
  }
  return;
#endif
  const simd::Vec<uint8_t> cv = simd::load(c);
  const simd::Vec<int8_t> m8 = reinterpret_cast<simd::Vec<int8_t>>(cv != simd::splat<uint8_t>(0));
  for (int p = 0; p < 16 / L; ++p) {
    const simd::Vec<U> m = widen_mask<U>(m8, p);
    const simd::Vec<U> av = A ? simd::load(a + p * L) : as;
    const simd::Vec<U> bv = B ? simd::load(b + p * L) : bs;
    simd::store(d + p * L, (av & m) | (bv & ~m));
  }
}

template <typename U, bool A, bool B, bool Zero>
void select_rows16(const uint8_t* c, const U* a, const U* b, U* d, int64_t n, simd::Vec<U> as,
                   simd::Vec<U> bs) noexcept {
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) select16<U, A, B, Zero>(c + i, a + (A ? i : 0), b + (B ? i : 0), d + i, as, bs);
  if (i < n) {
    // The last 16 overlap the ones before: the same values again.
    i = n - 16;
    select16<U, A, B, Zero>(c + i, a + (A ? i : 0), b + (B ? i : 0), d + i, as, bs);
  }
}

template <typename U, bool A, bool B>
void select_row_simd(const uint8_t* c, const U* a, const U* b, U* d, int64_t n) noexcept {
  const simd::Vec<U> as = simd::splat(load_one(a));
  const simd::Vec<U> bs = simd::splat(load_one(b));
  if (n >= 16) {
    if constexpr (A != B) {
      if (load_one(A ? b : a) == 0) return select_rows16<U, A, B, true>(c, a, b, d, n, as, bs);
    }
    select_rows16<U, A, B, false>(c, a, b, d, n, as, bs);
    return;
  }
  for (int64_t i = 0; i < n; ++i) {
    const U v = c[i] ? load_one(a + (A ? i : 0)) : load_one(b + (B ? i : 0));
    std::memcpy(d + i, &v, sizeof(U));
  }
}

// One row of n positions, strides in elements (bytes for cond).
template <typename U>
void select_row(const uint8_t* c, int64_t cs, const U* a, int64_t as, const U* b, int64_t bs, U* d, int64_t ds,
                int64_t n) noexcept {
  if (ds == 1 && cs == 1 && (as == 0 || as == 1) && (bs == 0 || bs == 1)) {
    if (as == 1 && bs == 1) select_row_simd<U, true, true>(c, a, b, d, n);
    else if (as == 1) select_row_simd<U, true, false>(c, a, b, d, n);
    else if (bs == 1) select_row_simd<U, false, true>(c, a, b, d, n);
    else select_row_simd<U, false, false>(c, a, b, d, n);
    return;
  }
  if (cs == 0) {
    // One condition for the whole row: the row of a or of b.
    const U* s = *c ? a : b;
    const int64_t ss = *c ? as : bs;
    if (ds == 1 && ss == 1) {
      kernels::copy_run(d, s, static_cast<size_t>(n) * sizeof(U));
    } else if (ds == 1 && ss == 0) {
      kernels::splat_run(d, load_one(s), n);
    } else {
      for (int64_t i = 0; i < n; ++i) kernels::move_one(d + i * ds, s + i * ss);
    }
    return;
  }
  for (int64_t i = 0; i < n; ++i) {
    const U* s = c[i * cs] ? a + i * as : b + i * bs;
    kernels::move_one(d + i * ds, s);
  }
}

template <typename U>
void select_rows(const SelectPlan& p, const void* cond, const void* a, const void* b, void* dst,
                ThreadPool* pool) noexcept {
  const int r = static_cast<int>(p.dims.size());
  const int64_t n = p.dims[static_cast<size_t>(r - 1)];
  int64_t total = 1;
  for (int64_t d : p.dims) total *= d;
  const int64_t* strides[4] = {p.cond_strides.data(), p.a_strides.data(), p.b_strides.data(),
                               p.dst_strides.data()};
  const int64_t base[4] = {p.cond_offset, p.a_offset, p.b_offset, p.dst_offset};
  const int64_t cs = p.cond_strides.back(), as = p.a_strides.back(), bs = p.b_strides.back(),
                ds = p.dst_strides.back();
  const auto* c0 = static_cast<const uint8_t*>(cond);
  const auto* a0 = static_cast<const U*>(a);
  const auto* b0 = static_cast<const U*>(b);
  auto* d0 = static_cast<U*>(dst);
  auto piece = [&](int64_t begin, int64_t end) {
    Odometer<4> at(p.dims.data(), strides, r, begin, base);
    int64_t pos = begin;
    while (pos < end) {
      const int64_t col = at.index[r - 1];
      const int64_t run = std::min(n - col, end - pos);
      select_row<U>(c0 + at.offset[0], cs, a0 + at.offset[1], as, b0 + at.offset[2], bs, d0 + at.offset[3], ds,
                    run);
      pos += run;
      // To the start of the next row (this row is done).
      for (int k = 0; k < 4; ++k) at.offset[k] -= col * strides[k][r - 1];
      at.index[r - 1] = 0;
      at.next(r - 1);
    }
  };
  split_work(total, total * static_cast<int64_t>(2 * sizeof(U) + 1), pool, piece);
}

}  // namespace

SelectPlan select_plan(const Shape& output, const Shape& cond, const Shape& a, const Shape& b, size_t elem_size) {
  SelectPlan p;
  const size_t r = output.size();
  p.dims = output;
  p.cond_strides = broadcast_strides(cond, r);
  p.a_strides = broadcast_strides(a, r);
  p.b_strides = broadcast_strides(b, r);
  p.dst_strides = row_major_strides(output);
  p.elem_size = elem_size;
  return p;
}

PreparedSelect prepare_select(SelectPlan plan) {
  PreparedSelect prepared;
  prepared.empty = !normalize_dims(plan.dims, {&plan.cond_strides, &plan.a_strides, &plan.b_strides, &plan.dst_strides});
  prepared.plan = std::move(plan);
  return prepared;
}

void run_select(const PreparedSelect& prepared, const void* cond, const void* a, const void* b, void* dst,
                ThreadPool* pool) noexcept {
  if (prepared.empty) return;
  const SelectPlan& p = prepared.plan;
  switch (p.elem_size) {
    case 1: select_rows<uint8_t>(p, cond, a, b, dst, pool); break;
    case 2: select_rows<uint16_t>(p, cond, a, b, dst, pool); break;
    case 4: select_rows<uint32_t>(p, cond, a, b, dst, pool); break;
    case 8: select_rows<uint64_t>(p, cond, a, b, dst, pool); break;
    default: break;
  }
}

void execute_select(const SelectPlan& plan, const void* cond, const void* a, const void* b, void* dst,
                    ThreadPool* pool) noexcept {
  run_select(prepare_select(plan), cond, a, b, dst, pool);
}

}  // namespace tensor_ops
