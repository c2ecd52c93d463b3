// What the tests of typed operations share to check a kernel on a view
// against the same call on the view's elements copied out: the view, its
// elements in row-major order, the call's words with the view's strides, and
// the kernel's output bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/operator.hpp"

namespace typed_views {

// A view of rank 3 over some data: shape, strides and element 0's offset (in elements).
// A one-input operator's output for x, its elements of type T.
template <class T>
std::vector<T> run(const tensor_ops::Operator& op, const std::vector<T>& x) {
  std::vector<T> y(static_cast<size_t>(op.output_volume));
  const void* sources[] = {x.data()};
  void* outputs[] = {y.data()};
  op.kernel->run(sources, outputs, nullptr);
  return y;
}

struct ViewCase {
  tensor_ops::Shape shape;
  std::vector<int64_t> strides;
  int64_t offset;
};

// The view's elements of `elem` bytes each, in row-major order.
inline std::vector<uint8_t> dense_of(const std::vector<uint8_t>& data, const ViewCase& v, size_t elem) {
  std::vector<uint8_t> dense;
  for (int64_t i = 0; i < v.shape[0]; ++i)
    for (int64_t j = 0; j < v.shape[1]; ++j)
      for (int64_t k = 0; k < v.shape[2]; ++k) {
        const size_t at = static_cast<size_t>(v.offset + i * v.strides[0] + j * v.strides[1] + k * v.strides[2]) * elem;
        dense.insert(dense.end(), data.begin() + static_cast<std::ptrdiff_t>(at),
                     data.begin() + static_cast<std::ptrdiff_t>(at + elem));
      }
  return dense;
}

// A call's words (decode_args) for x read from a view of rank 3 with `strides`.
inline std::vector<int64_t> viewed(std::vector<int64_t> words, const std::vector<int64_t>& strides) {
  words.push_back(static_cast<int64_t>(strides.size()));
  words.insert(words.end(), strides.begin(), strides.end());
  return words;
}

// The bytes of a kernel's output block for x at `x` (element 0), each
// output at its offset (an operation may have several), the block prefilled with `fill` (a byte
// the kernel must overwrite; the gaps between outputs keep it).
inline std::vector<unsigned char> output_of(const tensor_ops::Operator& op, const void* x, unsigned char fill = 0) {
  std::vector<unsigned char> out(static_cast<size_t>(op.output_bytes), fill);
  const void* sources[] = {x};
  std::vector<void*> outputs;
  for (int64_t at : op.output_offsets) outputs.push_back(out.data() + at);
  op.kernel->run(sources, outputs.data(), nullptr);
  return out;
}

}  // namespace typed_views
