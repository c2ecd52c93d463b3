#include "engine/footprint.hpp"

#include <algorithm>

namespace tensor_ops {
namespace {

// Widens [first, end) of source `k` by [lo, hi).
void cover(std::vector<int64_t>* out, size_t k, int64_t lo, int64_t hi) {
  int64_t& first = (*out)[2 * k];
  int64_t& end = (*out)[2 * k + 1];
  if (first == end) {
    first = lo;
    end = hi;
  } else {
    first = std::min(first, lo);
    end = std::max(end, hi);
  }
}

// The range a strided walk of `dims` from `offset` by `strides` reads (a
// wrapped source visits the same places in another order).
void cover_strided(std::vector<int64_t>* out, size_t k, const std::vector<int64_t>& dims,
                   const std::vector<int64_t>& strides, int64_t offset) {
  int64_t lo = offset;
  int64_t hi = offset;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] == 0) return;  // reads nothing
    const int64_t reach = (dims[i] - 1) * strides[i];
    (reach < 0 ? lo : hi) += reach;
  }
  cover(out, k, lo, hi + 1);
}

}  // namespace

void source_footprints(const CopyPlan& plan, const std::vector<int64_t>& volumes, std::vector<int64_t>* out) {
  const size_t sources = volumes.size();
  out->assign(2 * sources, 0);
  for (const StridedCopy& copy : plan.copies) {
    if (copy.source < 0 || static_cast<size_t>(copy.source) >= sources) continue;  // the output itself
    cover_strided(out, static_cast<size_t>(copy.source), copy.dims, copy.src_strides, copy.src_offset);
  }
  for (const IndexedCopy& copy : plan.indexed) {
    if (copy.source >= 0 && static_cast<size_t>(copy.source) < sources) {
      const size_t k = static_cast<size_t>(copy.source);
      cover(out, k, 0, volumes[k]);
    }
  }
  for (const Run& run : plan.runs.runs) {
    if (run.source < 0 || static_cast<uint64_t>(run.source) >= sources || run.length == 0 || plan.runs.rows == 0) continue;
    const int64_t last_row = (plan.runs.rows - 1) * run.src_row_stride;
    const int64_t lo = run.src_offset + std::min<int64_t>(0, last_row);
    const int64_t hi = run.src_offset + std::max<int64_t>(0, last_row) + run.length;
    cover(out, static_cast<size_t>(run.source), lo, hi);
  }
}

}  // namespace tensor_ops
