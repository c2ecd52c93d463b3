// What the tests of the selection primitives share (test_select.cpp,
// test_band.cpp, test_arg_reduce.cpp, test_top_k_engine.cpp, test_one_hot.cpp,
// test_scatter.cpp): the numpy fixture (tests/fixtures/selection.json) and
// its tensors, random strided views, float16 / bfloat16 values for the
// references (written here, apart from the engine's), and running a
// primitive alone and on a pool with a tiny threshold.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "mini_json.hpp"
#include "base/dtype.hpp"
#include "runtime/tensor_ops.hpp"

namespace sel {

using tensor_ops::DType;
using tensor_ops::IndexType;
using tensor_ops::Shape;
using Bytes = std::vector<unsigned char>;

// The fixture's cases of one kind ("select", "band", ...).
std::vector<const mj::Value*> cases(const char* kind);

DType dtype_named(const std::string& name);
IndexType index_type_named(const std::string& name);

// A tensor of the fixture: its dtype name, shape and bytes (with 8 spare
// bytes at the end, so data() is valid for empty tensors).
struct Tensor {
  std::string dtype;
  Shape shape;
  Bytes bytes;
  size_t count() const;
};
Tensor tensor(const mj::Value& v);

// "" when `got` holds the first `n` bytes of `want`, else where they differ.
std::string same_bytes(const Bytes& got, const Bytes& want, size_t n, size_t width);

// A strided view of `shape` over a larger buffer: strides of a permuted,
// padded layout, some dims reversed (negative strides), at an offset.
struct View {
  std::vector<int64_t> strides;
  int64_t offset = 0;
  int64_t span = 1;  // elements the buffer needs
  int64_t at(const std::vector<int64_t>& index) const;
};
View random_view(th::Rng& rng, const Shape& shape);
// The row-major multi-index of flat position `pos` of `shape`.
std::vector<int64_t> unflatten(int64_t pos, const Shape& shape);

// Random bytes of `count` elements of `width`, for floats (dtype given)
// values with ties, ±0, ±inf and NaN.
Bytes random_elements(th::Rng& rng, DType dtype, int64_t count);

// Reference values (independent of src/engine/elements.hpp).
double value_of(DType dtype, const unsigned char* p);  // as a double (NaN for NaN)
bool is_nan(DType dtype, const unsigned char* p);

// Calls run(pool) twice into fresh outputs, alone and on a 3-thread pool
// with a parallel threshold of 1 byte; returns "" when both outputs agree.
std::string same_with_threads(const std::function<void(tensor_ops::ThreadPool*, Bytes&)>& run, size_t bytes);

}  // namespace sel
