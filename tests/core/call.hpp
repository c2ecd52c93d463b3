// A call of an operation of the table with arguments made in C++ rather than
// decoded from a call's words, through every check a call makes
// (runtime/op_call.hpp), as ops.shapes.* and ops.* make them. For the Catch2
// tests and the fuzzers alike (no Catch2 here):
//   th::Call("roll", {{4, 3}}).with("shift", {1}).with("axes", {5}).shape()
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "runtime/op_call.hpp"

namespace th {

struct Call {
  tensor_ops::OpArgs args;  // every parameter left out until with() gives it

  Call(const char* op, const std::vector<tensor_ops::Shape>& inputs) {
    for (const tensor_ops::OpSpec& spec : tensor_ops::op_table()) {
      if (std::strcmp(spec.name, op) == 0) args = tensor_ops::blank_args(spec, inputs);
    }
    if (args.spec == nullptr) {
      std::fprintf(stderr, "th::Call: no operation %s in the table\n", op);
      std::abort();
    }
  }

  Call& with(const char* name, std::vector<int64_t> values, bool single = false) {
    args.set(name, std::move(values), single);
    return *this;
  }

  tensor_ops::Result<tensor_ops::Shape> shape(size_t elem_size = 1) const {
    TENSOR_OPS_TRY(tensor_ops::check_call(*args.spec, args, elem_size));
    return tensor_ops::call_shape(*args.spec, args, elem_size);
  }

  // Several outputs (split): their shapes.
  tensor_ops::Result<tensor_ops::ShapeList> shapes(size_t elem_size = 1) const {
    TENSOR_OPS_TRY(tensor_ops::check_call(*args.spec, args, elem_size));
    return tensor_ops::call_shapes(*args.spec, args, elem_size);
  }

  tensor_ops::Result<tensor_ops::CopyPlan> plan(size_t elem_size) const {
    TENSOR_OPS_TRY(tensor_ops::check_call(*args.spec, args, elem_size));
    return tensor_ops::call_plan(*args.spec, args, elem_size);
  }
};

}  // namespace th
