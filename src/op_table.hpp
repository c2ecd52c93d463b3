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

#include "copy_plan.hpp"
#include "error.hpp"

namespace tensor_ops {

enum class ParamKind {
  Ints,  // integers: a number, an array of numbers or bigints, an Int32Array or a BigInt64Array
  Int,   // one integer
  Bool,  // true or false
  Name,  // one of `names`, passed as its index
  Value,  // a tensor element (pad's fill value): its raw bits as one word, converted for x's dtype
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

// What a call passes: the input's shape and one value per parameter.
struct OpArgs {
  struct Value {
    bool given = false;
    std::vector<int64_t> ints;  // Int, Bool, Name and Value: one value
  };
  Shape input;
  std::vector<Value> params;

  const std::vector<int64_t>& ints(size_t i) const noexcept { return params[i].ints; }
  int64_t scalar(size_t i) const noexcept { return params[i].ints[0]; }
  bool given(size_t i) const noexcept { return params[i].given; }
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
};

const std::vector<OpSpec>& op_table();

// The table as JSON, for the JavaScript package:
// [{"name":"roll","result":"copy","params":[{"name":"shift","kind":"ints","option":false}, ...]}, ...]
std::string describe_ops();

// Reads a call's arguments from int64 words: the input's rank and dims, then
// per parameter its count (-1: not given) and values. Names not given become
// their default (index 0).
Result<OpArgs> decode_args(const OpSpec& spec, const int64_t* words, size_t count);

}  // namespace tensor_ops
