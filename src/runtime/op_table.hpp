// The one table of operations. Each entry says how the operation is called
// (its parameters, in the order the JavaScript API takes them) and which
// functions infer its output shape and plan it. The bindings serve every
// entry through one entry point, and the JavaScript package generates
// ops.* and ops.shapes.* from describe_ops(), so adding an operation means
// adding an entry here (see docs/architecture.md, "Adding an operation").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/copy_plan.hpp"
#include "base/error.hpp"

namespace tensor_ops {

enum class ParamKind {
  Ints,  // integers: a number, an array of numbers or bigints, an Int32Array or a BigInt64Array
  Int,   // one integer
  Bool,  // true or false
  Name,  // one of `names`, passed as its index
  Value,  // a tensor element (pad's fill value): its raw bits as one word, converted for x's dtype
  // One integer or a list of integers, told apart: the count word is -2 for
  // a single integer (split's splits: 3 is three parts, [3] one part of 3).
  IntOrInts,
  // An index tensor (gather*): its words are [dtype code (IndexType),
  // indices.data's length (-1: not checked), dims...]; its data is the
  // call's second source, read when the plan runs.
  Indices,
};

struct ParamSpec {
  const char* name;  // as the JavaScript API spells it
  ParamKind kind;
  bool option;  // an entry of the options object; else positional, after x
  bool optional = false;  // a positional parameter that may be left out
  // Name: the allowed values, the default first. Their index is what crosses
  // the boundary, so it is the same list that defines the C++ enum's order.
  const char* const* names = nullptr;
  int name_count = 0;
};

// What a call passes: the input's shape (or the shapes of a list of input
// tensors) and one value per parameter.
struct OpArgs {
  struct Value {
    bool given = false;
    bool single = false;        // IntOrInts: given as one integer, not a list
    std::vector<int64_t> ints;  // Int, Bool, Name and Value: one value
  };
  Shape input;       // x.shape; for a list of tensors, tensors[0].shape (or [])
  ShapeList inputs;  // every input's shape: x.shape alone, or one per tensor of the list
  std::vector<Value> params;
  // Per input, the strides (in elements) of the view it is read from; empty:
  // contiguous, row-major. Empty altogether when no input is a view.
  std::vector<std::vector<int64_t>> input_strides;

  const std::vector<int64_t>& ints(size_t i) const noexcept { return params[i].ints; }
  int64_t scalar(size_t i) const noexcept { return params[i].ints[0]; }
  bool given(size_t i) const noexcept { return params[i].given; }
  bool single(size_t i) const noexcept { return params[i].single; }
};

// How the result relates to the input.
enum class ResultKind {
  Copy,  // a new tensor written by the plan
  View,  // the input's elements under a new shape (reshape): nothing to copy
};

struct OpSpec {
  const char* name;
  std::vector<ParamSpec> params;
  ResultKind result = ResultKind::Copy;
  // The output shape with every check the operation makes for it, for
  // ops.shapes.* (elem_size sizes the memory check); never the copies.
  Result<Shape> (*shape)(const OpArgs& args, size_t elem_size);
  Result<CopyPlan> (*plan)(const OpArgs& args, size_t elem_size);
  // The input: one tensor x (false), or a list of tensors, the first
  // positional argument (concat): the plan's copies read source k for
  // tensors[k].
  bool tensor_list = false;
  // Several outputs (split): their shapes, with every check the operation
  // makes (then `shape` is unused). The plan writes them back to back, each
  // contiguous, into one block whose shape is the plan's output_shape.
  Result<ShapeList> (*output_shapes)(const OpArgs& args, size_t elem_size) = nullptr;
};

// How the inputs of a call are named in messages: "x", or "tensors[k]".
std::string input_name(const OpSpec& spec, size_t k);

const std::vector<OpSpec>& op_table();

// The table as JSON, for the JavaScript package:
// [{"name":"roll","result":"copy","input":"tensor","output":"tensor",
//   "params":[{"name":"shift","kind":"ints","option":false}, ...]}, ...]
// ("input":"tensors" for a list of tensors, "output":"tensors" for several).
std::string describe_ops();

// Reads a call's arguments from int64 words: the input's rank and dims (for
// a list of tensors: their number, then each one's rank and dims), then per
// parameter its count (-1: not given; -2: IntOrInts given as one integer)
// and values, then optionally per input -1 (contiguous) or its rank followed
// by its view's strides. Names not given become their default (index 0).
Result<OpArgs> decode_args(const OpSpec& spec, const int64_t* words, size_t count);

// The position of spec's Indices parameter, or -1.
int indices_param(const OpSpec& spec) noexcept;

}  // namespace tensor_ops
