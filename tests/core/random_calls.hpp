// Random valid calls of every operation of op_table(), as the call path
// makes them (OpArgs: the input shapes and one value per parameter), with
// the index tensor of gather* and its values. For tests that run every
// operation through one loop (test_rebase.cpp): each operation's generator
// (registered by tests/core/ops/<op_snake>/calls.cpp, see registry.hpp) aims
// at valid arguments, and random_call retries until the plan succeeds.
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

// The plan of a call made in C++, through every check a call makes
// (check_call, then call_plan: runtime/op_call.hpp).
tensor_ops::Result<tensor_ops::CopyPlan> plan_of(const tensor_ops::OpArgs& args, size_t elem_size);

// Gives the Indices parameter the words of `idx`.
void set_indices(tensor_ops::OpArgs& args, const gt::IndexData& idx);

std::string describe(const tensor_ops::OpSpec& spec, const tensor_ops::OpArgs& args);

// The shapes of a list, one vector each.
std::vector<tensor_ops::Shape> shapes_of(const tensor_ops::ShapeList& list);

// ---- For the generators ----

int64_t pick_index(th::Rng& rng, size_t n);  // in [0, n)
// A random permutation of 0 .. n-1.
std::vector<size_t> permutation(th::Rng& rng, size_t n);
// `vol` as `rank` random factors (vol 0: random dims, one of them 0).
tensor_ops::Shape factors(th::Rng& rng, int64_t vol, size_t rank);
// A random shape of rank in [min_rank, max_rank], dims up to max_dim, volume up to maxv.
tensor_ops::Shape random_rank_shape(th::Rng& rng, size_t min_rank, size_t max_rank, int64_t max_dim, int64_t maxv);
// Any spelling of an axis in [0, rank): sometimes negative.
int64_t axis_arg(th::Rng& rng, size_t rank);
tensor_ops::IndexType index_type(th::Rng& rng);

}  // namespace rc
