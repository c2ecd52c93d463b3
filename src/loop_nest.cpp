#include "loop_nest.hpp"

#include <algorithm>
#include <cstdlib>

namespace tensor_ops {
namespace {

struct Dim {
  int64_t n;
  int64_t ss;
  int64_t ds;
};

// Removes dim i, keeping the order of the rest.
void erase(Dim* dims, int* rank, int i) {
  std::copy(dims + i + 1, dims + *rank, dims + i);
  --*rank;
}

// Merges neighbours (outer a, inner b) that walk both buffers as one dim;
// a rotated inner dim keeps its extent, so nothing merges into it.
void merge_contiguous(Dim* dims, int* rank, bool keep_inner) {
  for (int i = *rank - (keep_inner ? 2 : 1); i > 0; --i) {
    Dim& a = dims[i - 1];
    const Dim& b = dims[i];
    if (a.ss == b.ss * b.n && a.ds == b.ds * b.n) {
      a = {a.n * b.n, b.ss, b.ds};
      erase(dims, rank, i);
    }
  }
}

// Treats k contiguous elements as one wider element (up to 128 bytes) when
// every stride and offset allows it: fewer, wider moves, and short runs
// (NHWC's b*C channels) become elements that (de)interleave whole rows.
void widen(Dim* dims, int* rank, size_t* elem, int64_t* src_off, int64_t* dst_off,
           int64_t* rotate) {
  if (*rank == 0) return;
  Dim& inner = dims[*rank - 1];
  if (inner.ss != 1 || inner.ds != 1) return;
  for (size_t width = 128; width > *elem; width /= 2) {
    const int64_t k = static_cast<int64_t>(width / *elem);
    if (inner.n % k != 0 || *src_off % k != 0 || *dst_off % k != 0 || *rotate % k != 0) continue;
    bool fits = true;
    for (int i = 0; i < *rank - 1; ++i) fits = fits && dims[i].ss % k == 0 && dims[i].ds % k == 0;
    if (!fits) continue;
    for (int i = 0; i < *rank - 1; ++i) {
      dims[i].ss /= k;
      dims[i].ds /= k;
    }
    inner.n /= k;
    *rotate /= k;
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

// The innermost outer dim that reads the source contiguously (stride 1) and
// has the given extent (n > 0) or destination stride (ds > 0); -1 if none.
int find_unit_source_dim(const Dim* dims, int rank, int64_t n, int64_t ds) {
  for (int i = rank - 2; i >= 0; --i) {
    if (dims[i].ss == 1 && (n == 0 || dims[i].n == n) && (ds == 0 || dims[i].ds == ds)) return i;
  }
  return -1;
}

}  // namespace

int64_t LoopNest::rows() const noexcept {
  int64_t r = 1;
  for (int i = 0; i < rank - 2; ++i) r *= dims[i];
  return r;
}

int64_t LoopNest::bytes() const noexcept {
  int64_t n = static_cast<int64_t>(elem_size);
  for (int i = 0; i < rank; ++i) n *= dims[i];
  return n;
}

LoopNest make_loop_nest(const StridedCopy& copy, size_t elem_size) noexcept {
  LoopNest nest;
  nest.source = copy.source;
  Dim dims[kMaxLoopRank + 2];
  int rank = 0;
  int64_t rotate = copy.rotate;
  int64_t src_off = copy.src_offset;
  int64_t dst_off = copy.dst_offset;
  for (size_t i = 0; i < copy.dims.size(); ++i) {
    if (copy.dims[i] == 0) return nest;  // Kernel::Empty
    const bool rotated = rotate != 0 && i + 1 == copy.dims.size();
    if (copy.dims[i] == 1 && !rotated) continue;
    Dim dim{copy.dims[i], copy.src_strides[i], copy.dst_strides[i]};
    if (dim.ds < 0 && !rotated) {
      // Walked backwards, the destination ascends: the same pairs of
      // elements, in an order the sort below can stream.
      src_off += (dim.n - 1) * dim.ss;
      dst_off += (dim.n - 1) * dim.ds;
      dim.ss = -dim.ss;
      dim.ds = -dim.ds;
    }
    dims[rank++] = dim;
  }
  // Writes in destination order: outer dims have the larger destination
  // strides (a rotated inner dim has stride 1, so it stays innermost).
  std::stable_sort(dims, dims + rank, [](const Dim& a, const Dim& b) { return a.ds > b.ds; });
  merge_contiguous(dims, &rank, rotate != 0);
  widen(dims, &rank, &elem_size, &src_off, &dst_off, &rotate);
  merge_contiguous(dims, &rank, rotate != 0);

  // Pad to two dims so every kernel sees an inner and a second dim.
  while (rank < 2) {
    std::copy_backward(dims, dims + rank, dims + rank + 1);
    dims[0] = {1, 0, 0};
    ++rank;
  }
  const Dim inner = dims[rank - 1];
  Kernel kernel = Kernel::Strided;
  int factor = 0;
  if (rotate != 0) {
    kernel = Kernel::RotateRows;
  } else if (inner.ds == 1 && inner.ss == 1) {
    kernel = Kernel::CopyRows;
  } else if (inner.ds == 1 && inner.ss == 0) {
    kernel = Kernel::SplatRows;
  } else if (inner.ds == 1 && inner.ss == -1) {
    kernel = Kernel::ReverseRows;
  } else if (inner.ds == 1 && (inner.ss == 2 || inner.ss == 4)) {
    // A source row read once, its k phases written to k rows.
    const int j = find_unit_source_dim(dims, rank, inner.ss, 0);
    if (j >= 0) {
      make_second(dims, rank, j);
      kernel = Kernel::Deinterleave;
      factor = static_cast<int>(inner.ss);
    }
  } else if (inner.ds == 1 && (inner.n == 2 || inner.n == 4)) {
    // k source rows read once each, interleaved into one destination row.
    const int j = find_unit_source_dim(dims, rank, 0, inner.n);
    if (j >= 0) {
      make_second(dims, rank, j);
      kernel = Kernel::Interleave;
      factor = static_cast<int>(inner.n);
    }
  }

  if (kernel == Kernel::Strided && inner.ds == 1 && elem_size <= 8) {
    // A 2-D transpose inside the nest: the inner dim reads the source far
    // apart, another dim reads it contiguously. Worth tiles only when both
    // hold a whole vector of elements.
    const int64_t lanes = static_cast<int64_t>(16 / elem_size);
    const int j = find_unit_source_dim(dims, rank, 0, 0);
    if (inner.n >= lanes && std::abs(inner.ss) >= lanes && j >= 0 && dims[j].n >= lanes) {
      make_second(dims, rank, j);
      kernel = Kernel::Transpose;
    }
  }

  if (kernel == Kernel::Deinterleave) {
    // Its source rows are read whole: visit them in source order too, so
    // reads stream while the k*k destination rows advance together.
    // (By magnitude: a reversed dim walks its rows backwards, as far apart.)
    std::stable_sort(dims, dims + rank - 2,
                     [](const Dim& a, const Dim& b) { return std::abs(a.ss) > std::abs(b.ss); });
  }

  nest.kernel = kernel;
  nest.factor = factor;
  nest.rotate = rotate;
  nest.elem_size = elem_size;
  nest.rank = rank;
  nest.src_offset = src_off;
  nest.dst_offset = dst_off;
  for (int i = 0; i < rank; ++i) {
    nest.dims[i] = dims[i].n;
    nest.src_strides[i] = dims[i].ss;
    nest.dst_strides[i] = dims[i].ds;
  }
  return nest;
}

}  // namespace tensor_ops
