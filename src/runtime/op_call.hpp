// One call of an operation of the table, from its decoded arguments. Every
// call of every operation runs the same steps, in this order:
//   1. check_call: the element size, then each input's shape (and, when
//      known, its data's length): what all operations share, checked here
//      once rather than in each one;
//   2. the operation's shape function: its own rules, the output's shape;
//   3. the output's size: OUT_OF_MEMORY when its bytes cannot be addressed
//      (unless OpSpec::output_within_input);
//   4. for a call that runs, the operation's plan function (or, for a typed
//      operation, its kernel function).
// make_operator (the bindings' path) runs them; so do tests and fuzzers
// calling with arguments made in C++ (blank_args).
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/op_table.hpp"

namespace tensor_ops {

// Step 1. `data_length` (< 0: not checked) is x.data's length; for a list of
// tensors, `list_lengths` holds one length per tensor instead (< 0: not
// checked; nullptr: none checked). A length that does not match its shape is
// the caller's error, reported as such rather than as an output too large
// for memory ([2^53] with 4 elements).
Status check_call(const OpSpec& spec, const OpArgs& args, size_t elem_size, double data_length = -1,
                  const int64_t* list_lengths = nullptr);

// The error of input k's data holding `length` elements where its `shape`
// needs another number ("x.data has 11 elements, but x.shape [4, 3] needs 12").
Status data_length_error(const OpSpec& spec, size_t k, const Shape& shape, double length);

// Steps 2 and 3, after check_call: the output's shape (ops.shapes.*).
Result<Shape> call_shape(const OpSpec& spec, const OpArgs& args, size_t elem_size);
// The same for an operation of several outputs (OpSpec::output_shapes).
Result<ShapeList> call_shapes(const OpSpec& spec, const OpArgs& args, size_t elem_size);
// Steps 2 to 4, after check_call: the plan. (Its output's size is checked
// before the plan is made: a plan function may rely on it.)
Result<CopyPlan> call_plan(const OpSpec& spec, const OpArgs& args, size_t elem_size);
// The same for a typed operation (OpSpec::kernel): its kernel.
Result<std::shared_ptr<const TypedKernel>> call_kernel(const OpSpec& spec, const OpArgs& args);

}  // namespace tensor_ops
