// The seeds of fuzz_arg_max, argMax: the examples both arg reductions share
// (seeds::arg_reduce_examples, seeds.hpp).
#include "seeds.hpp"

namespace {

const seeds::Register registered("arg_max", seeds::arg_reduce_examples);

}  // namespace
