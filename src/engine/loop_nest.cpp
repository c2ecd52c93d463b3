#include "engine/loop_nest.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace tensor_ops {
namespace {

// A dim while the nest is being shaped: its source wraps `wrap` positions
// in (destination index i reads source index (i - wrap) mod n; 0: never).
struct Dim {
  int64_t n;
  int64_t ss;
  int64_t ds;
  int64_t wrap;
};

int64_t mod(int64_t a, int64_t n) { return ((a % n) + n) % n; }

// Removes dim i, keeping the order of the rest.
void erase(Dim* dims, int* rank, int i) {
  std::copy(dims + i + 1, dims + *rank, dims + i);
  --*rank;
}

// Merges neighbours (outer a, inner b) that walk both buffers as one dim.
// A wrapped outer dim stays wrapped (the merged index wraps b.n times as
// far in) where a kernel takes a wrapped inner dim: b contiguous on both
// sides (RotateRows), or writing contiguously from a source stride of 2 to
// 4 (Deinterleave, a row in two pieces). Into any other inner dim it does
// not merge: apart, the outer dim wraps in the odometer and the inner one
// keeps its kernel. Nothing merges into a wrapped inner dim, whose wrap
// would split.
void merge_contiguous(Dim* dims, int* rank) {
  for (int i = *rank - 1; i > 0; --i) {
    Dim& a = dims[i - 1];
    const Dim& b = dims[i];
    const bool wrap_ok = a.wrap == 0 || (b.ds == 1 && b.ss >= 1 && b.ss <= 4);
    if (a.ss == b.ss * b.n && a.ds == b.ds * b.n && b.wrap == 0 && wrap_ok) {
      a = {a.n * b.n, b.ss, b.ds, a.wrap * b.n};
      erase(dims, rank, i);
    }
  }
}

// Treats k contiguous elements as one wider element (up to 128 bytes) when
// every stride and offset allows it: fewer, wider moves, and short runs
// (NHWC's b*C channels) become elements that (de)interleave whole rows.
void widen(Dim* dims, int* rank, size_t* elem, int64_t* src_off, int64_t* dst_off) {
  if (*rank == 0) return;
  Dim& inner = dims[*rank - 1];
  if (inner.ss != 1 || inner.ds != 1) return;
  for (size_t width = 128; width > *elem; width /= 2) {
    const int64_t k = static_cast<int64_t>(width / *elem);
    if (inner.n % k != 0 || *src_off % k != 0 || *dst_off % k != 0 || inner.wrap % k != 0) continue;
    bool fits = true;
    for (int i = 0; i < *rank - 1; ++i) fits = fits && dims[i].ss % k == 0 && dims[i].ds % k == 0;
    if (!fits) continue;
    for (int i = 0; i < *rank - 1; ++i) {
      dims[i].ss /= k;
      dims[i].ds /= k;
    }
    inner.n /= k;
    inner.wrap /= k;
    *src_off /= k;
    *dst_off /= k;
    *elem = width;
    if (inner.n == 1) erase(dims, rank, *rank - 1);
    return;
  }
}

// Moves dim `from` to just outside the inner dim.
void make_second(Dim* dims, int rank, int from) {
  const Dim moved = dims[from];
  std::copy(dims + from + 1, dims + rank - 1, dims + from);
  dims[rank - 2] = moved;
}

// Inserts a dim of 1 at `at`.
void insert_unit(Dim* dims, int* rank, int at) {
  std::copy_backward(dims + at, dims + *rank, dims + *rank + 1);
  dims[at] = {1, 0, 0, 0};
  ++*rank;
}

// The innermost outer dim that reads the source contiguously (stride 1),
// never wraps, and has the given extent (n > 0) or destination stride
// (ds > 0); -1 if none.
int find_unit_source_dim(const Dim* dims, int rank, int64_t n, int64_t ds) {
  for (int i = rank - 2; i >= 0; --i) {
    if (dims[i].ss == 1 && dims[i].wrap == 0 && (n == 0 || dims[i].n == n) &&
        (ds == 0 || dims[i].ds == ds)) {
      return i;
    }
  }
  return -1;
}

// The innermost outer dim that reads the source contiguously, never wraps
// and has 2 <= n < k: fewer phases than a deinterleave by k has (channels
// sliced away); -1 if none.
int find_phase_dim(const Dim* dims, int rank, int64_t k) {
  for (int i = rank - 2; i >= 0; --i) {
    if (dims[i].ss == 1 && dims[i].wrap == 0 && dims[i].n >= 2 && dims[i].n < k) return i;
  }
  return -1;
}

// What choose_kernel picked, with Regroup's pattern.
struct Choice {
  int factor = 0;
  int group = 0, src_group = 0, lane_at = 0, lanes = 0;
};

// The kernel for the inner two dims (moving a dim to second where it needs
// one, or adding a dim of 1 as second); Strided when none fits.
Kernel choose_kernel(Dim* dims, int* rank_io, size_t elem_size, Choice* choice) {
  const int rank = *rank_io;
  const Dim inner = dims[rank - 1];
  const Dim& second = dims[rank - 2];
  if (inner.wrap != 0) {
    if (inner.ss == 1 && inner.ds == 1) return Kernel::RotateRows;
    // Deinterleaving a rotated row: two pieces, each a plain deinterleave.
    if (inner.ds != 1 || inner.ss < 2 || inner.ss > 4) return Kernel::Strided;
  }
  if (inner.ds != 1) return Kernel::Strided;
  // Groups of a few lanes, the destination contiguous, the source groups
  // further apart (channels sliced away: RGBA -> RGB) or one element
  // repeated over the group (broadcast of [..., 1] to [..., 3]).
  const bool groups = elem_size <= 8 && second.wrap == 0 && second.ds == inner.n;
  if (inner.ss == 1) {
    if (groups && second.ss > inner.n && regroup_supported(static_cast<int>(inner.n), static_cast<int>(second.ss), 0,
                                                           static_cast<int>(inner.n))) {
      *choice = {0, static_cast<int>(inner.n), static_cast<int>(second.ss), 0, static_cast<int>(inner.n)};
      return Kernel::Regroup;
    }
    return Kernel::CopyRows;
  }
  if (inner.ss == 0) {
    if (groups && second.ss == 1 && regroup_supported(static_cast<int>(inner.n), 1, 0, -1)) {
      *choice = {0, static_cast<int>(inner.n), 1, 0, -1};
      return Kernel::Regroup;
    }
    return Kernel::SplatRows;
  }
  if (inner.ss == -1) return Kernel::ReverseRows;
  if (inner.ss >= 2 && inner.ss <= 4) {
    // A source row read once, its k phases (or fewer) written to as many rows.
    int j = find_unit_source_dim(dims, rank, inner.ss, 0);
    if (j < 0) j = find_phase_dim(dims, rank, inner.ss);
    if (j >= 0) {
      make_second(dims, rank, j);
      choice->factor = static_cast<int>(inner.ss);
      return Kernel::Deinterleave;
    }
  }
  if (inner.wrap == 0 && inner.n >= 2 && inner.n <= 4) {
    // k source rows read once each, interleaved into one destination row.
    const int j = find_unit_source_dim(dims, rank, 0, inner.n);
    if (j >= 0) {
      make_second(dims, rank, j);
      choice->factor = static_cast<int>(inner.n);
      return Kernel::Interleave;
    }
  }
  // A 2-D transpose inside the nest: the inner dim reads the source far
  // apart, another dim reads it contiguously. Worth tiles only when both
  // hold a whole vector of elements (wide elements: blocks, from 2 each).
  const int64_t lanes = elem_size <= 8 ? static_cast<int64_t>(16 / elem_size) : 2;
  const int j = find_unit_source_dim(dims, rank, 0, 0);
  if (inner.wrap == 0 && inner.n >= lanes && std::abs(inner.ss) >= lanes && j >= 0 && dims[j].n >= lanes) {
    make_second(dims, rank, j);
    return Kernel::Transpose;
  }
  if (inner.ss >= 2 && inner.ss <= 4) {
    // One phase of k (a strided slice): a deinterleave writing one row,
    // under a second dim of 1.
    insert_unit(dims, rank_io, rank - 1);
    choice->factor = static_cast<int>(inner.ss);
    return Kernel::Deinterleave;
  }
  return Kernel::Strided;
}

}  // namespace

int64_t LoopNest::loop_rows(const LoopDim* loops, int rank) noexcept {
  int64_t r = 1;
  for (int i = 0; i < rank - 2; ++i) r *= loops[i].n;
  return r;
}

int64_t LoopNest::bytes() const noexcept {
  int64_t n = static_cast<int64_t>(elem_size);
  for (const LoopDim& d : dims) n *= d.n;
  return n;
}

namespace {

// What build() shapes: a copy's fields, or a fill's (no source strides:
// one repeated element).
struct Spec {
  size_t rank;
  const int64_t* dims;
  const int64_t* src_strides;  // null: all 0
  const int64_t* dst_strides;
  const std::vector<int64_t>* src_wrap;  // null: none
  int64_t rotate;
  int64_t src_offset;
  int64_t dst_offset;
};

int build(const Spec& spec, size_t elem_size, LoopNest* nest, LoopDim* loops) noexcept {
  Dim dims[kMaxLoopRank + 2];
  int rank = 0;
  int64_t src_off = spec.src_offset;
  int64_t dst_off = spec.dst_offset;
  for (size_t i = 0; i < spec.rank; ++i) {
    if (spec.dims[i] == 0) return 0;  // Kernel::Empty
    if (spec.dims[i] == 1) continue;
    Dim dim{spec.dims[i], spec.src_strides ? spec.src_strides[i] : 0, spec.dst_strides[i], 0};
    // `rotate` is the last dim's wrap, kept for plans that predate src_wrap.
    int64_t wrap = spec.src_wrap && i < spec.src_wrap->size() ? (*spec.src_wrap)[i] : 0;
    if (i + 1 == spec.rank) wrap += spec.rotate;
    dim.wrap = mod(wrap, dim.n);
    if (dim.ds < 0) {
      // Walked backwards, the destination ascends: the same pairs of
      // elements (the wrap mirrored), in an order the sort below can stream.
      src_off += (dim.n - 1) * dim.ss;
      dst_off += (dim.n - 1) * dim.ds;
      dim = {dim.n, -dim.ss, -dim.ds, mod(-dim.wrap, dim.n)};
    }
    dims[rank++] = dim;
  }
  // Writes in destination order: outer dims have the larger destination strides.
  std::stable_sort(dims, dims + rank, [](const Dim& a, const Dim& b) { return a.ds > b.ds; });
  merge_contiguous(dims, &rank);
  widen(dims, &rank, &elem_size, &src_off, &dst_off);
  merge_contiguous(dims, &rank);

  // Pad to two dims so every kernel sees an inner and a second dim.
  while (rank < 2) insert_unit(dims, &rank, 0);
  Choice choice;
  const Kernel kernel = choose_kernel(dims, &rank, elem_size, &choice);
  // Only the odometer wraps, RotateRows its rows, and the engine a second
  // dim of plain rows (split in two at the wrap): any other wrapped dim
  // among the kernel's two becomes an outer dim. (A wrapped second dim made
  // outer runs the kernel once per row: a roll of [1,4,32,32] along its
  // last two axes took 3-4 us, a row at a time.)
  if (kernel == Kernel::Strided && dims[rank - 1].wrap != 0) {
    insert_unit(dims, &rank, rank);
    insert_unit(dims, &rank, rank);
  } else if (dims[rank - 2].wrap != 0 && !rows_may_wrap(kernel)) {
    insert_unit(dims, &rank, rank - 1);
  }

  if (kernel == Kernel::Deinterleave) {
    // Its source rows are read whole: visit them in source order too, so
    // reads stream while the k*k destination rows advance together.
    // (By magnitude: a reversed dim walks its rows backwards, as far apart.)
    std::stable_sort(dims, dims + rank - 2,
                     [](const Dim& a, const Dim& b) { return std::abs(a.ss) > std::abs(b.ss); });
  }

  nest->kernel = kernel;
  nest->factor = choice.factor;
  nest->group = choice.group;
  nest->src_group = choice.src_group;
  nest->lane_at = choice.lane_at;
  nest->lanes = choice.lanes;
  nest->elem_size = elem_size;
  if (kernel == Kernel::RotateRows || kernel == Kernel::Deinterleave) nest->rotate = dims[rank - 1].wrap;
  for (int i = 0; i < rank; ++i) {
    const Dim& d = dims[i];
    const bool wraps = i < rank - 1 && d.wrap != 0;  // the odometer's, or the second dim's rows
    // Index 0 of a wrapped dim reads source index n - wrap.
    if (wraps) src_off += (d.n - d.wrap) * d.ss;
    loops[i] = {d.n, d.ss, d.ds, wraps ? d.wrap : d.n};
  }
  nest->src_offset = src_off;
  nest->dst_offset = dst_off;
  return rank;
}

}  // namespace

int build_loop_nest(const StridedCopy& copy, size_t elem_size, LoopNest* nest,
                    LoopDim* loops) noexcept {
  *nest = LoopNest();
  nest->source = copy.source;
  const Spec spec{copy.dims.size(), copy.dims.data(), copy.src_strides.data(),
                  copy.dst_strides.data(), &copy.src_wrap, copy.rotate,
                  copy.src_offset, copy.dst_offset};
  return build(spec, elem_size, nest, loops);
}

int build_fill_nest(const Fill& fill, size_t elem_size, LoopNest* nest, LoopDim* loops) noexcept {
  // Shaped as a copy of one repeated element; the element is the nest's.
  *nest = LoopNest();
  const Spec spec{fill.dims.size(), fill.dims.data(), nullptr, fill.dst_strides.data(),
                  nullptr, 0, 0, fill.dst_offset};
  const int rank = build(spec, elem_size, nest, loops);
  if (rank > 0) nest->kernel = Kernel::Fill;
  std::memcpy(nest->fill, fill.value, sizeof fill.value);
  return rank;
}

LoopNest make_fill_nest(const Fill& fill, size_t elem_size) {
  LoopNest nest;
  LoopDim loops[kMaxLoopRank + 2];
  const int rank = build_fill_nest(fill, elem_size, &nest, loops);
  nest.dims.assign(loops, loops + rank);
  return nest;
}

LoopNest make_loop_nest(const StridedCopy& copy, size_t elem_size) {
  LoopNest nest;
  LoopDim loops[kMaxLoopRank + 2];
  const int rank = build_loop_nest(copy, elem_size, &nest, loops);
  nest.dims.assign(loops, loops + rank);
  return nest;
}

}  // namespace tensor_ops

namespace tensor_ops {

bool regroup_supported(int group, int src_group, int lane_at, int lanes) noexcept {
  const int g = group, s = src_group, q = lane_at, m = lanes;
  if (g < 2 || g > 4) return false;
  if (m < 0) return s == 1 && q == 0;                       // one element splatted to the group
  if (m == g) return q == 0 && s > g && s <= 4;              // channels sliced away
  return m >= 1 && m < g && (q == 0 || q == g - m) && (s == m || s == g);  // a copy and a constant
}

bool make_lanes_nest(const StridedCopy& copy, const Fill& fill, size_t elem_size, LoopNest* nest) {
  const size_t r = copy.dims.size();
  if (elem_size > 8 || r == 0 || fill.dims.size() != r || copy.source == kOutputSource || copy.rotate != 0) return false;
  for (int64_t w : copy.src_wrap) {
    if (w != 0) return false;
  }
  if (copy.dst_strides != fill.dst_strides || copy.dst_strides[r - 1] != 1 || copy.src_strides[r - 1] != 1) return false;
  for (size_t k = 0; k + 1 < r; ++k) {
    if (copy.dims[k] != fill.dims[k]) return false;
  }
  const int64_t m = copy.dims[r - 1], f = fill.dims[r - 1], g = m + f;
  if (m < 1 || f < 1 || g > 4) return false;
  int64_t q = -1;
  if (fill.dst_offset == copy.dst_offset + m) q = 0;
  if (fill.dst_offset == copy.dst_offset - f) q = f;
  if (q < 0) return false;
  // The groups: every dim but the last, walked as build() walks a copy's
  // (dims of 1 dropped, destination ascending, sorted, merged; no widening:
  // the lanes keep their element).
  Dim dims[kMaxLoopRank + 2];
  int rank = 0;
  int64_t src_off = copy.src_offset;
  int64_t dst_off = copy.dst_offset - q;
  for (size_t i = 0; i + 1 < r; ++i) {
    if (copy.dims[i] == 0) return false;  // nothing to move: the plain nests do it
    if (copy.dims[i] == 1) continue;
    Dim d{copy.dims[i], copy.src_strides[i], copy.dst_strides[i], 0};
    if (d.ds < 0) {
      src_off += (d.n - 1) * d.ss;
      dst_off += (d.n - 1) * d.ds;
      d = {d.n, -d.ss, -d.ds, 0};
    }
    dims[rank++] = d;
  }
  std::stable_sort(dims, dims + rank, [](const Dim& a, const Dim& b) { return a.ds > b.ds; });
  merge_contiguous(dims, &rank);
  if (rank == 0 || dims[rank - 1].ds != g) return false;
  const int64_t s = dims[rank - 1].ss;
  if (!regroup_supported(static_cast<int>(g), static_cast<int>(s), static_cast<int>(q), static_cast<int>(m))) {
    return false;
  }
  dims[rank++] = {g, 1, 1, 0};  // the lanes (the kernel maps them)
  while (rank < 2) insert_unit(dims, &rank, 0);
  *nest = LoopNest();
  nest->kernel = Kernel::Regroup;
  nest->source = copy.source;
  nest->elem_size = elem_size;
  nest->group = static_cast<int>(g);
  nest->src_group = static_cast<int>(s);
  nest->lane_at = static_cast<int>(q);
  nest->lanes = static_cast<int>(m);
  std::memcpy(nest->fill, fill.value, sizeof fill.value);
  nest->src_offset = src_off;
  nest->dst_offset = dst_off;
  LoopDim loops[kMaxLoopRank + 2];
  for (int i = 0; i < rank; ++i) loops[i] = {dims[i].n, dims[i].ss, dims[i].ds, dims[i].n};
  nest->dims.assign(loops, loops + rank);
  return true;
}

bool weave_nests(const LoopNest* nests, int k, LoopNest* fused) {
  if (k < 2 || k > 4) return false;
  const LoopNest& a = nests[0];
  if (a.kernel != Kernel::Strided || a.elem_size > 8 || a.dims.size() < 2 || a.source == kOutputSource) return false;
  const LoopDim& inner = a.dims.back();
  if (inner.src_stride != 1 || inner.dst_stride != k) return false;
  for (int p = 1; p < k; ++p) {
    const LoopNest& b = nests[p];
    if (b.kernel != Kernel::Strided || b.elem_size != a.elem_size || b.source == kOutputSource ||
        b.dst_offset != a.dst_offset + p || b.dims.size() != a.dims.size()) {
      return false;
    }
    for (size_t i = 0; i < a.dims.size(); ++i) {
      const LoopDim& x = a.dims[i];
      const LoopDim& y = b.dims[i];
      if (x.n != y.n || x.src_stride != y.src_stride || x.dst_stride != y.dst_stride || x.wrap_at != y.wrap_at) {
        return false;
      }
    }
  }
  *fused = a;
  fused->kernel = Kernel::Weave;
  fused->factor = k;
  fused->src_offset = 0;
  for (int p = 0; p < k; ++p) {
    fused->sources[p] = nests[p].source;
    fused->source_offsets[p] = nests[p].src_offset;
  }
  return true;
}

}  // namespace tensor_ops
