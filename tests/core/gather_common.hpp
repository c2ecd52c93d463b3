// What the gather tests share (test_gather.cpp, test_gather_elements.cpp,
// test_gather_nd.cpp): index tensors of every index dtype, and running a
// plan with its index buffer as the bindings do (check the values, then copy).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "operations/gather.hpp"

namespace gt {

using tensor_ops::IndexType;
using tensor_ops::Shape;
using Values = std::vector<__int128>;

constexpr IndexType kIndexTypes[] = {IndexType::Int32, IndexType::Uint32, IndexType::Int64, IndexType::Uint64};

// An index tensor: its values as exact integers and as the bytes of its dtype.
struct IndexData {
  IndexType type = IndexType::Int32;
  Shape shape;
  Values values;
  std::vector<unsigned char> bytes;

  tensor_ops::Indices arg() const {
    return {type, static_cast<int64_t>(values.size()), shape};
  }
  // The words of the "indices" parameter: [dtype code, data length, dims...].
  std::vector<int64_t> words() const {
    std::vector<int64_t> w{static_cast<int64_t>(type), static_cast<int64_t>(values.size())};
    w.insert(w.end(), shape.begin(), shape.end());
    return w;
  }
};

// `values` stored as `type` (each must fit it: the caller's business).
IndexData make_indices(IndexType type, const Shape& shape, const Values& values);

// Random values for dims `dims` (component j of each index: dims[j % size]),
// in [-d, d) for signed types, [0, d) for unsigned ones.
Values random_values(th::Rng& rng, IndexType type, int64_t count, const std::vector<int64_t>& dims);

// Runs `plan` on random input of `input` shape with the index buffer of
// `idx` (plain and on a 3-thread pool with a tiny parallel threshold):
// "" when the output matches `gather`, else the first difference; also
// fails when the index check rejects the values.
std::string run_and_compare(const tensor_ops::CopyPlan& plan, const IndexData& idx, const Shape& input,
                            const ref::Gather& gather, uint64_t seed);

// The index check's verdict: "" when every value is in range, else the error
// message of the operator made from `plan` for table entry `op`; nothing
// written to the output in either case when it fails.
std::string check_values(const char* op, const tensor_ops::CopyPlan& plan, const IndexData& idx);

// What an operation's shape and plan functions gave for `input` and `idx`,
// checked against the reference `gather` (its shape, then run_and_compare).
void check_against(const tensor_ops::Result<Shape>& shape, const tensor_ops::Result<tensor_ops::CopyPlan>& plan,
                   const IndexData& idx, const Shape& input, const std::optional<ref::Gather>& gather,
                   uint64_t seed);

// The output of `plan` on x = 1, 2, ... (int32) of `input` shape, after its
// index check passed.
std::vector<int32_t> values_of(const tensor_ops::Result<tensor_ops::CopyPlan>& plan, const IndexData& idx,
                               const Shape& input);

}  // namespace gt
