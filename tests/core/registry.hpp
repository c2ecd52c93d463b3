// What each operation adds to the suites that run every operation of the
// table: tests/core/ops/<op_snake>/calls.cpp registers its OpCalls with a
// static Register object, and the suites iterate over registered() (and
// fail for a table entry with no registration or a piece missing).
#pragma once

#include <functional>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "gather_common.hpp"
#include "random_calls.hpp"

namespace reg {

using tensor_ops::Shape;
using th::Ints;

// A call as the bindings receive it (the words of decode_args), with the
// reference's answer: test_op_table.cpp runs it through make_operator at
// every width, planned and shape only, and through the operator cache.
struct TableCase {
  Shape input;  // for a list of tensors: the inputs laid end to end, [total]
  std::vector<int64_t> words;
  std::function<std::optional<ref::Gather>()> reference;
  std::vector<Shape> inputs = {};   // a list of tensors: each one's shape
  std::vector<Shape> outputs = {};  // several outputs: each one's shape (the gather: back to back)
  std::vector<unsigned char> index_data = {};  // gather*: the index tensor's bytes, the second source
};

// A call on a one-element tensor of rank 100,000 (or a list of them), whose
// output is `output`: test_large_calls.cpp checks that it takes
// milliseconds (no step quadratic in the rank) and copies the element.
struct RankCase {
  std::vector<int64_t> words;
  Shape output;
  std::vector<Shape> inputs = {};  // a list of tensors
  size_t index_count = 0;          // gather*: int32 zeros of this count, the second source
};

// A random valid call of `spec` with inputs of at most `max_volume` elements
// each, into `call` (args and, for gather*, indices); false to try again.
// random_calls.cpp retries it until the plan succeeds (the view tests).
using RandomCall = bool (*)(const tensor_ops::OpSpec& spec, th::Rng& rng, int64_t max_volume, rc::Call& call);

struct OpCalls {
  const char* op = nullptr;  // its name in the table ("spaceToDepth")
  std::vector<TableCase> (*table_cases)() = nullptr;
  std::vector<RankCase> (*rank_cases)(size_t rank) = nullptr;
  RandomCall random_call = nullptr;
};

// Whether `spec` moves elements (a copy plan the suites compare with a
// gather reference); a typed operation (OpSpec::kernel) computes its
// values and has suites of its own (tests/core/test_<op_snake>.cpp).
inline bool moves_elements(const tensor_ops::OpSpec& spec) { return spec.kernel == nullptr; }

// `static const reg::Register registered{{"roll", table_cases, rank_cases, random_call}};`
struct Register {
  explicit Register(const OpCalls& calls);
};

const std::vector<OpCalls>& registered();
// The registration of table entry `op`, or nullptr.
const OpCalls* find(const std::string& op);

// ---- Words of a call (see decode_args) ----

constexpr int64_t kAbsent = std::numeric_limits<int64_t>::min();      // {kAbsent}: a parameter not given
constexpr int64_t kSingle = std::numeric_limits<int64_t>::min() + 1;  // {kSingle, n}: IntOrInts as one integer

// [rank, dims..., then per parameter its count and values].
std::vector<int64_t> words_of(const Shape& input, std::initializer_list<Ints> params);
// A list of tensors: [count, then each rank and dims, then the parameters].
std::vector<int64_t> list_words(const std::vector<Shape>& inputs, std::initializer_list<Ints> params);
// An Indices parameter's values: [dtype code, data length, dims...].
Ints index_words(const gt::IndexData& idx);
Ints index_words(tensor_ops::IndexType type, int64_t length, const Shape& shape);

}  // namespace reg
