// The seeds of fuzz_arg_max, argMax: the examples both arg reductions share
// (seeds::arg_reduce_examples, arg_reduce_seeds.hpp).
#include "arg_reduce_seeds.hpp"

namespace {

const seeds::Register registered("arg_max", seeds::arg_reduce_examples);

}  // namespace
