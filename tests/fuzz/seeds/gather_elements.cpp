// The seeds of fuzz_gather_elements, gatherElements: both axes of a matrix, the last axis longer, out
// of range.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using tensor_ops::IndexType;

void write(seeds::Corpus& c) {
  seeds::gathers(c, IndexType::Int32, {2, 2}, {2, 2}, 1, 0, {0, 0, 1, 0});
  seeds::gathers(c, IndexType::Int64, {3, 3}, {2, 3}, 0, 0, {1, 2, 0, 2, 0, -3});
  seeds::gathers(c, IndexType::Uint32, {2, 3}, {2, 5}, -1, 0, {2, 0, 1, 1, 2, 0, 0, 1, 2, 2});
  seeds::gathers(c, IndexType::Uint64, {2, 3}, {1, 2}, 1, 0, {0, -1});
}

const seeds::Register registered("gather_elements", write);

}  // namespace
