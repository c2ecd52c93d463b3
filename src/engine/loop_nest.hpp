// A strided copy brought into the form the kernels run fastest: unit dims
// dropped, contiguous dims merged, elements widened to the longest
// contiguous unit (up to 128 bytes), loops ordered so that writes stream, and
// the innermost two dims matched to a kernel.
#pragma once

#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/copy_plan.hpp"

namespace tensor_ops {

constexpr int kMaxLoopRank = 64;  // dims of 1 are dropped, so 2^64 bounds the rank

enum class Kernel {
  Empty,         // nothing to copy
  CopyRows,      // inner: contiguous on both sides
  SplatRows,     // inner: one source element repeated (broadcast)
  Deinterleave,  // inner: source stride k in {2, 3, 4}; second: up to k phases (source stride 1)
  Interleave,    // inner: k in {2, 3, 4} sources; second: source stride 1, destination stride k
  Regroup,       // inner: a group's lanes; second: groups, destination stride = group (see regroup)
  Weave,         // k in {2, 3, 4} copies from k buffers fused: inner source stride 1, destination stride k
  RotateRows,    // inner: contiguous rows rotated by `rotate` (roll's last axis)
  ReverseRows,   // inner: source stride -1 (a reversed axis)
  Transpose,     // inner: destination stride 1; second: source stride 1 (a 2-D transpose)
  Fill,          // no source: the nest's `fill` element written everywhere
  Strided,       // anything else, element by element
};

// One loop: extent and strides (in elements of the nest's elem_size). An
// outer loop's source (or the second dim's, for rows_may_wrap kernels)
// wraps at index wrap_at < n: from there on it reads n strides back
// (roll); wrap_at == n for a loop that never wraps.
struct LoopDim {
  int64_t n;
  int64_t src_stride;
  int64_t dst_stride;
  int64_t wrap_at;
};

// The loops of a nest: up to kInline of them held in place, more on the
// heap. Nests nearly always fit in place (dims merge), so a prepared plan
// copies into the operator cache's reserved room without allocating.
class LoopDims {
 public:
  static constexpr size_t kInline = 8;

  LoopDims() = default;
  LoopDims(const LoopDims& other) { assign(other.begin(), other.end()); }
  LoopDims& operator=(const LoopDims& other) {
    if (this != &other) assign(other.begin(), other.end());
    return *this;
  }

  void assign(const LoopDim* first, const LoopDim* last) {
    size_ = static_cast<size_t>(last - first);
    if (size_ <= kInline) {
      std::copy(first, last, inline_);
      heap_.clear();
    } else {
      heap_.assign(first, last);
    }
  }

  bool on_heap() const noexcept { return size_ > kInline; }
  size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  const LoopDim* data() const noexcept { return on_heap() ? heap_.data() : inline_; }
  const LoopDim* begin() const noexcept { return data(); }
  const LoopDim* end() const noexcept { return data() + size_; }
  const LoopDim& operator[](size_t i) const noexcept { return data()[i]; }
  const LoopDim& front() const noexcept { return data()[0]; }
  const LoopDim& back() const noexcept { return data()[size_ - 1]; }

 private:
  LoopDim inline_[kInline] = {};
  size_t size_ = 0;
  std::vector<LoopDim> heap_;
};

struct LoopNest {
  Kernel kernel = Kernel::Empty;
  size_t elem_size = 0;  // bytes, after widening: 1, 2, 4, ... 128
  int source = 0;        // of StridedCopy
  int factor = 0;        // k of Deinterleave / Interleave / Weave: 2, 3 or 4
  // Regroup: groups of `group` destination lanes from groups of `src_group`
  // source elements; lanes [lane_at, lane_at + lanes) are source lanes
  // 0.. lanes-1 and the others `fill` (lanes < 0: all are source lane 0).
  int group = 0;
  int src_group = 0;
  int lane_at = 0;
  int lanes = 0;
  // Weave: the buffer and the source offset of each of its k copies
  // (src_offset is then 0: the loops' source positions are relative).
  int sources[4] = {};
  int64_t source_offsets[4] = {};
  int64_t rotate = 0;    // of RotateRows, in elements of elem_size
  int64_t src_offset = 0;
  int64_t dst_offset = 0;
  unsigned char fill[8] = {};  // of Fill: the element's bytes
  // Outer first, >= 2 unless Empty: back() is the inner dim, the one before
  // it the second. Empty when built by build_loop_nest (loops kept apart).
  LoopDims dims;

  // Rows: one kernel call covers the inner two dims; rows are the rest.
  int64_t rows() const noexcept { return loop_rows(dims.data(), static_cast<int>(dims.size())); }
  int64_t bytes() const noexcept;

  static int64_t loop_rows(const LoopDim* loops, int rank) noexcept;
};

// Builds the nest of `copy` without allocating (plans are valid by
// construction, so nothing can fail): its loops go to `loops`, which has
// room for kMaxLoopRank + 2, and their count is returned (0 when Empty).
int build_loop_nest(const StridedCopy& copy, size_t elem_size, LoopNest* nest,
                    LoopDim* loops) noexcept;

// The same nest holding its own loops (allocates: for prepared plans).
LoopNest make_loop_nest(const StridedCopy& copy, size_t elem_size);

// Whether Regroup has a kernel for this pattern (the engine's list).
bool regroup_supported(int group, int src_group, int lane_at, int lanes) noexcept;

// Whether the kernel's second dim is plain rows, each read at its own
// source stride: such a dim may wrap (roll), and the engine then runs its
// rows in two parts, before and after the wrap.
constexpr bool rows_may_wrap(Kernel kernel) noexcept {
  return kernel == Kernel::CopyRows || kernel == Kernel::SplatRows || kernel == Kernel::RotateRows ||
         kernel == Kernel::ReverseRows || kernel == Kernel::Strided;
}

// The one-pass nest of a copy and the constant fill beside it in every group
// of the destination's last axis (pad's new channel: RGB -> RGBA with 255),
// when `fill` writes exactly the lanes of each group of K = copy's + fill's
// last dims that `copy` does not, and a Regroup kernel fits; else false.
bool make_lanes_nest(const StridedCopy& copy, const Fill& fill, size_t elem_size, LoopNest* nest);

// Whether k consecutive copy nests from k buffers (k in {2, 3, 4}), alike
// but for their source and offsets and writing lanes d, d + 1, ... of every
// group of k, fuse into one Weave nest (concat of planes into their last
// axis); if so *fused is it.
bool weave_nests(const LoopNest* nests, int k, LoopNest* fused);

// The nests of a fill, the same two ways (elem_size <= 8).
int build_fill_nest(const Fill& fill, size_t elem_size, LoopNest* nest, LoopDim* loops) noexcept;
LoopNest make_fill_nest(const Fill& fill, size_t elem_size);

}  // namespace tensor_ops
