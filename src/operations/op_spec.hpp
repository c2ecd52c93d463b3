// How an operation describes itself to the runtime: its name, its
// parameters (in the order the JavaScript API takes them), and the adapters
// that read a call's arguments by parameter name and call its shape and plan
// functions. Each operation's file defines its entry (`<op_snake>_op()`),
// and src/runtime/op_list.hpp lists them, one line each.
//
// What every call shares is checked once, by the runtime (runtime/op_call.hpp),
// before an adapter runs: the element size (1, 2, 4 or 8), and each input's
// shape (dims in [0, 2^53], a volume within int64). The output's size is
// checked there too, after `shape` and before `plan`. So no operation repeats
// these checks, and its functions may assume them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "base/dtype.hpp"
#include "base/error.hpp"
#include "engine/copy_plan.hpp"
#include "operations/typed_kernel.hpp"

namespace tensor_ops {

enum class ParamKind {
  Ints,  // integers: a number, an array of numbers or bigints, an Int32Array or a BigInt64Array
  Int,   // one integer
  Bool,  // true or false
  Name,  // one of `names`, passed as its index
  // Tensor elements (pad's fill value; an output's [off, on]): their raw bits,
  // one word each (ParamSpec::value_count), converted in JavaScript for x's
  // dtype or for the dtype a Name option names (ParamSpec::value_dtype).
  Value,
  // One integer or a list of integers, told apart: the count word is -2 for
  // a single integer (split's splits: 3 is three parts, [3] one part of 3).
  IntOrInts,
  // An index tensor (gather*): its words are [dtype code (IndexType),
  // indices.data's length (-1: not checked), dims...]; its data is the
  // call's second source, read when the plan runs.
  Indices,
  // Real numbers (a scale and a bias): a number or a list of them, each
  // crossing the boundary as the bits of its float64.
  Floats,
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
  // Name: other spellings of the same values, one per name ("" for none),
  // accepted by the package (ONNX's 'DCR' for 'blocks_first').
  const char* const* aliases = nullptr;
  // Value: how many elements ([off, on]: 2).
  int value_count = 1;
  // Value: the Name option, its names dtype names, whose dtype the elements
  // are for (the operation's own output dtype); nullptr: x's dtype.
  const char* value_dtype = nullptr;
};

// The parameters' forms, for the entries' lists.
inline ParamSpec positional(const char* name, ParamKind kind) { return {name, kind, false}; }
inline ParamSpec optional_positional(const char* name, ParamKind kind) { return {name, kind, false, true}; }
inline ParamSpec option(const char* name, ParamKind kind) { return {name, kind, true}; }
// An option naming one of `names` (default: the first).
template <size_t N>
ParamSpec name_option(const char* name, const char* const (&names)[N]) {
  return {name, ParamKind::Name, true, false, names, static_cast<int>(N)};
}
// The same, with an alias per name (see ParamSpec::aliases).
template <size_t N>
ParamSpec name_option(const char* name, const char* const (&names)[N], const char* const (&aliases)[N]) {
  return {name, ParamKind::Name, true, false, names, static_cast<int>(N), aliases};
}

// An option of `count` elements converted for the dtype that option
// `dtype_option` names (values of an output of the operation's own dtype).
inline ParamSpec value_option(const char* name, int count, const char* dtype_option) {
  ParamSpec p{name, ParamKind::Value, true};
  p.value_count = count;
  p.value_dtype = dtype_option;
  return p;
}

struct OpSpec;

// What a named tensor input may hold (OpSpec::inputs). The runtime checks
// each input's dtype against its kind, once, before the operation's own
// checks; the data inputs' one dtype is the call's (OpArgs::dtype).
enum class InputKind {
  Data,       // the call's elements: every data input has one dtype
  Condition,  // bool or uint8, true where nonzero (where's condition)
  Index,      // an integer dtype, int8 to uint64 (scatter's indices)
};

struct InputSpec {
  const char* name;  // as the JavaScript API spells it
  InputKind kind;
  // A plain number (or bigint, or boolean) is accepted for this input and
  // becomes a one-element tensor of the data inputs' dtype (where's a or b).
  bool number = false;
};

// What a call passes: the input's shape (or the shapes of a list of input
// tensors) and one value per parameter, read by the parameter's name.
struct OpArgs {
  struct Value {
    bool given = false;
    bool single = false;        // IntOrInts: given as one integer, not a list
    std::vector<int64_t> ints;  // Int, Bool, Name and Value: one value
  };
  const OpSpec* spec = nullptr;  // whose parameters `params` are, in its order
  Shape input;       // x.shape; for a list of tensors, tensors[0].shape (or [])
  ShapeList inputs;  // every input's shape: x.shape alone, or one per tensor of the list
  std::vector<Value> params;
  // x's dtype (for a list of tensors, their one dtype). Operations that move
  // elements read only its width (elem_size); typed ones (OpSpec::kernel)
  // what it means. ops.shapes.* without a dtype: uint8.
  DType dtype = DType::Uint8;
  // Named inputs (OpSpec::inputs): each one's dtype, in the spec's order;
  // `dtype` is then their data inputs' one dtype. Empty otherwise.
  std::vector<DType> input_dtypes;
  // Per input, the strides (in elements) of the view it is read from; empty:
  // contiguous, row-major. Empty altogether when no input is a view.
  std::vector<std::vector<int64_t>> input_strides;

  // Parameter `name` of spec. A name spec does not have is a bug in the
  // caller (a typo in an adapter): reported on stderr, then abort().
  const Value& param(const char* name) const;
  Value& param(const char* name);

  // Input k's shape (of `inputs`).
  Shape input_shape(size_t k) const;

  const std::vector<int64_t>& ints(const char* name) const { return param(name).ints; }
  // A Floats parameter's values (none when left out).
  std::vector<double> floats(const char* name) const;
  int64_t scalar(const char* name) const { return param(name).ints[0]; }
  bool given(const char* name) const { return param(name).given; }
  bool single(const char* name) const { return param(name).single; }
  // An integer list that may be left out.
  std::optional<std::vector<int64_t>> maybe_ints(const char* name) const;
  // Gives parameter `name` its values (for arguments made in C++: tests, fuzzers).
  void set(const char* name, std::vector<int64_t> values, bool single = false);
};

// The arguments of a call of `spec` on inputs of `shapes`, every parameter
// left out (Int, Bool, Name and Value: 0, the default). decode_args starts
// from these; tests and fuzzers fill them in with set().
OpArgs blank_args(const OpSpec& spec, const std::vector<Shape>& shapes);

// How the result relates to the input.
enum class ResultKind {
  Copy,  // a new tensor written by the plan
  View,  // the input's elements under a new shape (reshape): nothing to copy
};

struct OpSpec {
  const char* name = nullptr;
  std::vector<ParamSpec> params;
  // The output shape with every check the operation makes for it, for
  // ops.shapes.* (elem_size: pad's fill value); never the copies.
  Result<Shape> (*shape)(const OpArgs& args, size_t elem_size) = nullptr;
  Result<CopyPlan> (*plan)(const OpArgs& args, size_t elem_size) = nullptr;
  ResultKind result = ResultKind::Copy;
  // The input: one tensor x (false), or a list of tensors, the first
  // positional argument (concat): the plan's copies read source k for
  // tensors[k].
  bool tensor_list = false;
  // Named tensors of their own dtypes (where: condition, a, b), the first
  // positional arguments, in this order. Such a call goes the way of a list
  // (tensor_list is set too): source k is inputs[k].
  std::vector<InputSpec> inputs = {};
  // A typed operation whose kernel reads its inputs only densely: a strided
  // view is made contiguous by the caller first (Operator::needs_contiguous),
  // once the call's checks have passed.
  bool contiguous_inputs = false;
  // Whether the kernel may write its output over its first input's own
  // elements (the scatters and triangular: x's elements are then already in
  // place and only the updates, or the zeros, are written). The package then
  // lets `out` be x's memory.
  bool in_place = false;
  // What the API and the errors call a single input not called x ("indices", say); nullptr: "x".
  const char* input_name = nullptr;
  // Several outputs (split): their shapes, with every check the operation
  // makes (then `shape` is unused). The plan writes them back to back, each
  // contiguous, into one block whose shape is the plan's output_shape.
  Result<ShapeList> (*output_shapes)(const OpArgs& args, size_t elem_size) = nullptr;
  // True when the output holds only elements of the input, moved or a part of
  // them (reshape, transpose, slice, ...): then it fits in memory wherever the
  // input does, no call checks its size, and ops.shapes.* takes shapes of any
  // size. Otherwise every call checks that the output's bytes fit in memory
  // (OUT_OF_MEMORY), ops.shapes.* too.
  bool output_within_input = false;
  // A typed operation (computing values, not moving them): instead of `plan`, a kernel
  // of its own (typed_kernel.hpp), made after `shape` (or `output_shapes`).
  Result<std::shared_ptr<const TypedKernel>> (*kernel)(const OpArgs& args) = nullptr;
  // The dtype of each output (one, or one per output of output_shapes);
  // nullptr: x's dtype. Their sizes are what the output-size check counts.
  std::vector<DType> (*output_dtypes)(const OpArgs& args) = nullptr;
};

// The dtype of each of a call's outputs (`count` of them): spec's
// output_dtypes, or args.dtype for every one.
std::vector<DType> output_dtypes_of(const OpSpec& spec, const OpArgs& args, size_t count);

}  // namespace tensor_ops
