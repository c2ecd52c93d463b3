// The seeds of fuzz_arg_min, argMin: the examples both arg reductions share
// (seeds::arg_reduce_examples, arg_reduce_seeds.hpp).
#include "arg_reduce_seeds.hpp"

namespace {

const seeds::Register registered("arg_min", seeds::arg_reduce_examples);

}  // namespace
