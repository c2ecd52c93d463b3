// libFuzzer harness: argMax through the table against the scalar rule
// (arg_reduce_fuzz.hpp describes the checks and the input's format).
#include "arg_reduce_fuzz.hpp"
#include "operations/arg_max.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::arg_reduce_one(data, size, tensor_ops::arg_max_op(), /*max=*/true);
}
