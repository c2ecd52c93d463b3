// A prepared operation, as XNNPACK's operators are created once and run many
// times: one call of an operation table entry with its arguments validated,
// its output shape inferred and its plan's loop nests built. Nothing in it
// depends on the buffers, so it runs again on any data of the same shape.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine.hpp"
#include "op_table.hpp"

namespace tensor_ops {

struct Operator {
  const OpSpec* spec = nullptr;
  size_t elem_size = 0;
  int64_t input_volume = 0;
  Shape output_shape;
  int64_t output_volume = 0;
  bool shape_only = false;  // ops.shapes.* and views: no plan
  PreparedPlan plan;
};

// Makes the operator for a call of `spec` whose arguments are the int64
// `words` of decode_args(). `data_length` (< 0: not checked) is x.data's
// length, checked against x.shape before anything else. With `shape_only`,
// only the output shape is inferred, never the copies, whose number may grow
// with the dims (shape inference of a huge shape must stay cheap).
Result<Operator> make_operator(const OpSpec& spec, size_t elem_size, const int64_t* words,
                               size_t count, double data_length, bool shape_only);

// The length checks every call makes: x.data's against x.shape (the input's
// dims are `words`' first list), `out`'s against the output. < 0: not given.
Status check_data_length(const Operator& op, const int64_t* words, double data_length);
Status check_out_length(const Operator& op, double out_length);

}  // namespace tensor_ops
