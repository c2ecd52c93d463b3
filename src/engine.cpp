#include "engine.hpp"

#include <cstring>

namespace tensor_ops {
namespace {

// Drops dims of size 1 and merges neighbours that are contiguous in both
// source and destination, so the innermost run is as long as possible.
StridedCopy simplify(const StridedCopy& copy) {
  StridedCopy out;
  out.src_offset = copy.src_offset;
  out.dst_offset = copy.dst_offset;
  for (size_t k = 0; k < copy.dims.size(); ++k) {
    if (copy.dims[k] == 1) continue;
    if (!out.dims.empty() && out.src_strides.back() == copy.src_strides[k] * copy.dims[k] &&
        out.dst_strides.back() == copy.dst_strides[k] * copy.dims[k]) {
      out.dims.back() *= copy.dims[k];
      out.src_strides.back() = copy.src_strides[k];
      out.dst_strides.back() = copy.dst_strides[k];
      continue;
    }
    out.dims.push_back(copy.dims[k]);
    out.src_strides.push_back(copy.src_strides[k]);
    out.dst_strides.push_back(copy.dst_strides[k]);
  }
  return out;
}

template <typename T>
void copy_run(const T* src, T* dst, int64_t n, int64_t src_stride, int64_t dst_stride) noexcept {
  if (src_stride == 1 && dst_stride == 1) {
    std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(T));
    return;
  }
  for (int64_t i = 0; i < n; ++i) dst[i * dst_stride] = src[i * src_stride];
}

template <typename T>
void run_copy(const StridedCopy& copy, const void* src_base, void* dst_base) noexcept {
  const T* src = static_cast<const T*>(src_base) + copy.src_offset;
  T* dst = static_cast<T*>(dst_base) + copy.dst_offset;
  const size_t rank = copy.dims.size();
  if (rank == 0) {
    *dst = *src;
    return;
  }
  for (int64_t dim : copy.dims) {
    if (dim == 0) return;
  }
  const size_t inner = rank - 1;
  std::vector<int64_t> index(rank, 0);
  int64_t src_pos = 0;
  int64_t dst_pos = 0;
  for (;;) {
    copy_run(src + src_pos, dst + dst_pos, copy.dims[inner], copy.src_strides[inner],
             copy.dst_strides[inner]);
    // Odometer over the outer dims, keeping positions incrementally.
    size_t k = inner;
    for (;;) {
      if (k == 0) return;
      --k;
      src_pos += copy.src_strides[k];
      dst_pos += copy.dst_strides[k];
      if (++index[k] < copy.dims[k]) break;
      src_pos -= copy.src_strides[k] * copy.dims[k];
      dst_pos -= copy.dst_strides[k] * copy.dims[k];
      index[k] = 0;
    }
  }
}

}  // namespace

void execute(const CopyPlan& plan, const void* src, void* dst) noexcept {
  for (const StridedCopy& copy : plan.copies) {
    const StridedCopy simple = simplify(copy);
    switch (plan.elem_size) {
      case 1: run_copy<uint8_t>(simple, src, dst); break;
      case 2: run_copy<uint16_t>(simple, src, dst); break;
      case 4: run_copy<uint32_t>(simple, src, dst); break;
      case 8: run_copy<uint64_t>(simple, src, dst); break;
      default: break;
    }
  }
}

}  // namespace tensor_ops
