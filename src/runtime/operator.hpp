// A prepared operation, as XNNPACK's operators are created once and run many
// times: one call of an operation table entry with its arguments validated,
// its output shape inferred and its plan's loop nests built. Nothing in it
// depends on the buffers, so it runs again on any data of the same shape.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/engine.hpp"
#include "engine/rebase.hpp"
#include "runtime/op_call.hpp"

namespace tensor_ops {

struct Operator {
  const OpSpec* spec = nullptr;
  DType dtype = DType::Uint8;  // x's
  size_t elem_size = 0;        // x's
  int64_t input_volume = 0;             // all inputs together
  std::vector<int64_t> input_volumes;   // one per input (x alone: one)
  std::vector<size_t> input_elem_sizes;  // named inputs (OpSpec::inputs): each one's; else elem_size for all
  // The output's dims; with several outputs, all their dims back to back,
  // each output's rank in output_ranks (empty for one output).
  Shape output_shape;
  std::vector<int64_t> output_ranks;
  int64_t output_volume = 0;  // all outputs together: the output block
  bool shape_only = false;  // ops.shapes.* and views: no plan
  // An operation with an index tensor (gather*): its data's bytes, the
  // call's second source; -1 for none.
  int64_t index_bytes = -1;
  // An input read from a view that the plan cannot read in place (see
  // rebase_source): the caller makes it contiguous and calls again; -1: none.
  int needs_contiguous = -1;
  // The outputs as views of input 0, when the plan is one strided copy per
  // output (transpose, slice, reverse, broadcast, reshape, split, ...): per
  // output its offset, then its strides (elements), back to back. Empty when not.
  std::vector<int64_t> views;
  // Per input, the elements its plan reads: [first, end) (source_footprints):
  // a plain input is copied into wasm memory only that far.
  std::vector<int64_t> footprints;
  // The plan as long runs that JavaScript may copy itself between plain
  // arrays (describe_long_runs); empty when it is not one.
  std::vector<int64_t> long_runs;
  PreparedPlan plan;
  // A typed operation's kernel (OpSpec::kernel), run instead of `plan`.
  std::shared_ptr<const TypedKernel> kernel;
  // Each output's dtype, and where it starts in the output block (bytes):
  // back to back for operations that move elements, at 16-byte boundaries
  // for typed ones (whose outputs' dtypes differ). output_bytes: the block's.
  std::vector<DType> output_dtypes;
  std::vector<int64_t> output_offsets;
  int64_t output_bytes = 0;
};

// Makes the operator for a call of `spec` whose arguments are the int64
// `words` of decode_args(). `data_length` (< 0: not checked) is x.data's
// length, checked against x.shape before anything else; for a list of
// tensors, `list_lengths` holds one length per tensor instead (< 0: not
// checked; nullptr: none checked). With `shape_only`, only the output shape
// is inferred, never the copies, whose number may grow with the dims (shape
// inference of a huge shape must stay cheap).
Result<Operator> make_operator(const OpSpec& spec, DType dtype, const int64_t* words,
                               size_t count, double data_length, bool shape_only,
                               const int64_t* list_lengths = nullptr);
// The same for elements of `elem_size` bytes whose meaning does not matter
// (tests of the operations that move elements): x is an unsigned integer of
// that width. An invalid size is the call's error.
Result<Operator> make_operator(const OpSpec& spec, size_t elem_size, const int64_t* words,
                               size_t count, double data_length, bool shape_only,
                               const int64_t* list_lengths = nullptr);

// The length checks every call makes: x.data's against x.shape (the input's
// dims are `words`' first list; for a list of tensors, each one's in
// `list_lengths`), `out`'s against the output. < 0: not given.
Status check_data_length(const Operator& op, const int64_t* words, double data_length,
                         const int64_t* list_lengths = nullptr);
Status check_out_length(const Operator& op, double out_length);
// With several outputs, `out` is one array per output: `count` of them, of
// `lengths`.
Status check_out_lengths(const Operator& op, int64_t count, const int64_t* lengths);

// The error of an index out of range found by check_indices (engine.hpp):
// "<op>: indices[i, j] value v is out of range [-d, d) of x.shape[a] = d".
Status index_error(const Operator& op, const BadIndex& bad);

// The number of outputs: 1, or output_ranks.size().
size_t output_count(const Operator& op) noexcept;

}  // namespace tensor_ops
