// What every operation lowers to: strided copies between two flat buffers.
// The engine (engine.hpp) is the one place that runs them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/dtype.hpp"
#include "base/shape.hpp"

namespace tensor_ops {

// Copies, for every index i of the iteration space `dims` (row-major),
// the element at src_offset + sum(i[k] * src_strides[k]) to
// dst_offset + sum(i[k] * dst_strides[k]). Offsets and strides count
// elements; a source stride of 0 repeats an element (broadcast).
//
// With src_wrap (empty, or one value per dim), the source wraps around
// along dim k: destination index i reads source index
// (i - src_wrap[k]) mod dims[k] (roll, any number of axes in one copy).
// `rotate` = r is the same as a wrap of r on the last dim (roll's innermost
// axis, two block copies per contiguous row).
struct StridedCopy {
  std::vector<int64_t> dims;
  std::vector<int64_t> src_strides;
  std::vector<int64_t> dst_strides;
  int64_t src_offset = 0;
  int64_t dst_offset = 0;
  int64_t rotate = 0;
  std::vector<int64_t> src_wrap;
  int source = 0;  // which of the buffers passed to execute() it reads (kOutputSource: the output)
};

// The source of a copy that reads the output itself: elements that copies
// before it in the plan wrote, never those it writes (pad's borders, copied
// from the interior).
constexpr int kOutputSource = -1;

// Writes one constant element (its elem_size bytes, from value[0]) to
// every dst_offset + sum(i[k] * dst_strides[k]) for the indices i of `dims`
// (pad's constant borders).
struct Fill {
  std::vector<int64_t> dims;
  std::vector<int64_t> dst_strides;
  int64_t dst_offset = 0;
  unsigned char value[8] = {};
};

// The dtypes an index tensor may have (every integer dtype, for every
// operation that takes indices), in the order of their codes in a call's
// words. Codes cross the boundary: the first four
// keep their codes, later types are appended.
enum class IndexType {
  Int32 = 0,
  Uint32 = 1,
  Int64 = 2,
  Uint64 = 3,
  Int8 = 4,
  Uint8 = 5,
  Int16 = 6,
  Uint16 = 7,
};
constexpr int kIndexTypeCount = 8;
size_t index_type_bytes(IndexType type) noexcept;
const char* index_type_name(IndexType type) noexcept;
// Int8, Int16, Int32, Int64 (whose values are read sign-extended).
bool index_type_is_signed(IndexType type) noexcept;
// The index type of an integer dtype (int8 to uint64; others: Int64, never asked).
IndexType index_type_of(DType type) noexcept;

// A copy whose source offsets come from index values read at run time from a
// second buffer (the plan says how values map to offsets; the values are
// data). For every index i of the iteration space `dims` (row-major), with
// p = index_offset + sum(i[k] * index_strides[k]) a position in the index
// buffer, it copies `slice` contiguous elements from
//   src_offset + sum(i[k] * src_strides[k]) + sum_j v_j * axis_strides[j]
// to dst_offset + sum(i[k] * dst_strides[k]), where v_j is the value at
// p + j (j < axis_dims.size(), the components of one index: 1 for gather,
// k for gatherND), mapped from [-d, d) to [0, d) with d = axis_dims[j].
//
// Values are checked before anything is written (find_bad_index in
// engine.hpp): the index buffer is a contiguous tensor of `index_shape`
// whose last `axis_dims.size()` elements per position are the components
// (index_shape's last dim when there are several). `axes` (per component,
// x's axis it indexes) and index_shape only word the error.
struct IndexedCopy {
  std::vector<int64_t> dims;
  std::vector<int64_t> src_strides;
  std::vector<int64_t> dst_strides;
  std::vector<int64_t> index_strides;
  int64_t src_offset = 0;
  int64_t dst_offset = 0;
  int64_t index_offset = 0;
  int64_t slice = 1;  // elements moved per index, contiguous on both sides
  std::vector<int64_t> axis_dims;
  std::vector<int64_t> axis_strides;
  std::vector<int64_t> axes;
  Shape index_shape;
  IndexType index_type = IndexType::Int32;
  int source = 0;        // the buffer the slices come from
  int index_source = 1;  // the buffer of index values
};

// One contiguous run per row of a RunCopy: for each row r, `length`
// elements from src_offset + r * src_row_stride of sources[source] to
// dst_offset + r * dst_row_stride.
struct Run {
  int64_t source = 0;
  int64_t src_offset = 0;
  int64_t dst_offset = 0;
  int64_t length = 0;
  int64_t src_row_stride = 0;
  int64_t dst_row_stride = 0;
};

// Many parts of the same number of rows, each a run per row: concat's
// inputs and split's parts when there are many of them. One entry of six
// words per part, and no loop nest to build or run: a call of 100,000 tiny
// tensors plans in one pass and copies with one short move per row.
struct RunCopy {
  int64_t rows = 0;
  std::vector<Run> runs;
};

// Concat and split plan one strided copy per part for up to this many
// parts (the fastest kernels for each), and one RunCopy beyond: a loop nest
// per part would cost far more than the part's bytes.
constexpr size_t kMaxPartCopies = 16;

// An operation ready to run: its output shape, the copies and the fills
// that make the output. Together they write disjoint elements and cover it.
struct CopyPlan {
  Shape output_shape;
  size_t elem_size = 0;
  std::vector<StridedCopy> copies;
  std::vector<Fill> fills;
  std::vector<IndexedCopy> indexed;  // at most one (gather*)
  RunCopy runs;                      // none when runs.runs is empty
};

// INVALID_ARGUMENT unless elem_size is 1, 2, 4 or 8.
Status check_elem_size(const char* op, size_t elem_size);

// The copy of a whole contiguous tensor of `elements` elements.
StridedCopy contiguous_copy(int64_t elements);

}  // namespace tensor_ops
