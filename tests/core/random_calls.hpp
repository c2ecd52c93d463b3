// Random valid calls of every operation of op_table(), as the call path
// makes them (OpArgs: the input shapes and one value per parameter), with
// the index tensor of gather* and its values. For tests that run every
// operation through one loop (test_rebase.cpp): each operation's generator
// aims at valid arguments, and random_call retries until the plan succeeds.
#pragma once

#include <optional>
#include <string>

#include "gather_common.hpp"
#include "helpers.hpp"

namespace rc {

struct Call {
  const tensor_ops::OpSpec* spec = nullptr;
  tensor_ops::OpArgs args;
  std::optional<gt::IndexData> indices;  // gather*: values in range (unless an indexed dim is 0)
  std::string text;                      // the arguments, for INFO()
};

// The table entry named `name` (REQUIREd to exist).
const tensor_ops::OpSpec& op(const std::string& name);

// A random call of `spec` whose plan for `elem_size` succeeds, with inputs
// of at most `max_volume` elements each; nullopt when 50 tries all failed.
std::optional<Call> random_call(const tensor_ops::OpSpec& spec, th::Rng& rng, size_t elem_size,
                                int64_t max_volume = 256);

// The args of `spec` for input shapes `inputs` with every parameter left out
// (single values 0), to fill in with set().
tensor_ops::OpArgs blank_args(const tensor_ops::OpSpec& spec, const std::vector<tensor_ops::Shape>& inputs);
// Gives parameter `name` of `spec` the values `values` (single: IntOrInts as one integer).
void set(const tensor_ops::OpSpec& spec, tensor_ops::OpArgs& args, const char* name, const th::Ints& values,
         bool single = false);
// Makes the Indices parameter's words for `idx` and sets them.
void set_indices(const tensor_ops::OpSpec& spec, tensor_ops::OpArgs& args, const gt::IndexData& idx);

std::string describe(const tensor_ops::OpSpec& spec, const tensor_ops::OpArgs& args);

// The shapes of a list, one vector each.
std::vector<tensor_ops::Shape> shapes_of(const tensor_ops::ShapeList& list);

}  // namespace rc
