// What the tests of operations with named inputs share: a call's words as
// decode_args reads them, made from each input's shape, dtype and view
// strides, and the kernel's run.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/operator.hpp"

namespace named {

struct Input {
  tensor_ops::Shape shape;
  tensor_ops::DType dtype;
  std::vector<int64_t> strides = {};  // empty: contiguous
};

// [count, each rank and dims, each dtype code, params..., views?]: `params`
// are the parameters' words as they follow the inputs.
inline std::vector<int64_t> words(const std::vector<Input>& inputs, const std::vector<int64_t>& params = {}) {
  std::vector<int64_t> w{static_cast<int64_t>(inputs.size())};
  for (const Input& in : inputs) {
    w.push_back(static_cast<int64_t>(in.shape.size()));
    w.insert(w.end(), in.shape.begin(), in.shape.end());
  }
  for (const Input& in : inputs) w.push_back(static_cast<int64_t>(in.dtype));
  w.insert(w.end(), params.begin(), params.end());
  bool viewed = false;
  for (const Input& in : inputs) viewed = viewed || !in.strides.empty();
  for (const Input& in : inputs) {
    if (!viewed) break;
    if (in.strides.empty()) {
      w.push_back(-1);
    } else {
      w.push_back(static_cast<int64_t>(in.strides.size()));
      w.insert(w.end(), in.strides.begin(), in.strides.end());
    }
  }
  return w;
}

// The output bytes of a one-output kernel on `sources` (prefilled with 0xEE).
inline std::vector<unsigned char> run(const tensor_ops::Operator& op, std::vector<const void*> sources) {
  std::vector<unsigned char> out(static_cast<size_t>(op.output_bytes), 0xEE);
  void* outputs[] = {out.data()};
  op.kernel->run(sources.data(), outputs, nullptr);
  return out;
}

}  // namespace named
