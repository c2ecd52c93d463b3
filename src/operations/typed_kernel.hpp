// The executor of an operation whose output is not x's elements moved but
// computed from what they mean (a typed operation): a kernel of its own
// over the engine's typed primitives, prepared once per call (and cached with
// the operator), then run on any buffers of that call's shapes.
#pragma once

#include "base/error.hpp"
#include "engine/thread_pool.hpp"

namespace tensor_ops {

class TypedKernel {
 public:
  virtual ~TypedKernel() = default;
  // `sources`: one address per input, that of its element 0 (a view's
  // strides are the kernel's, from OpArgs::input_strides); `outputs`: one
  // address per output, each contiguous in row-major order.
  virtual void run(const void* const* sources, void* const* outputs, ThreadPool* pool) const noexcept = 0;
  // What the inputs' values must satisfy (the scatters' index values), checked
  // before run(), so that an error leaves every output unwritten.
  virtual Status check(const void* const* sources, ThreadPool* pool) const {
    (void)sources;
    (void)pool;
    return Status();
  }
};

}  // namespace tensor_ops
