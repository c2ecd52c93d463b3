// The one table of operations: every entry of src/runtime/op_list.hpp, each
// defined in its operation's file (operations/op_spec.hpp says what an entry
// holds). The bindings serve every entry through one entry point, and the
// JavaScript package generates ops.* and ops.shapes.* from describe_ops(), so
// adding an operation adds one line to that list (see docs/architecture.md,
// "Adding an operation").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "operations/op_spec.hpp"

namespace tensor_ops {

// How the inputs of a call are named in messages: "x", "tensors[k]", or
// a named input's name (OpSpec::inputs).
std::string input_name(const OpSpec& spec, size_t k);

const std::vector<OpSpec>& op_table();

// The table as JSON, for the JavaScript package:
// [{"name":"roll","result":"copy","input":"tensor","output":"tensor",
//   "params":[{"name":"shift","kind":"ints","option":false}, ...]}, ...]
// ("input":"tensors" for a list of tensors, "input":"named" with "inputs":
// [{"name","kind","number"}] for named tensors, "output":"tensors" for several;
// "typed":true for an operation with a kernel of its own, whose outputs'
// dtypes the call's report gives; "inPlace":true when its output may be its
// first input's own elements).
std::string describe_ops();

// Reads a call's arguments from int64 words: the input's rank and dims (for
// a list of tensors: their number, then each one's rank and dims; for named
// inputs then each one's dtype code), then per
// parameter its count (-1: not given; -2: IntOrInts given as one integer)
// and values, then optionally per input -1 (contiguous) or its rank followed
// by its view's strides. Names not given become their default (index 0).
Result<OpArgs> decode_args(const OpSpec& spec, const int64_t* words, size_t count);

// The position of spec's Indices parameter, or -1.
int indices_param(const OpSpec& spec) noexcept;

}  // namespace tensor_ops
