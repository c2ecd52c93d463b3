// The seeds of fuzz_gather_nd, gatherND: pairs, rows, batch dims, k = 0, out of range.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using tensor_ops::IndexType;

void write(seeds::Corpus& c) {
  seeds::gathers(c, IndexType::Int32, {2, 2}, {2, 2}, 0, 0, {0, 0, 1, 1});
  seeds::gathers(c, IndexType::Int64, {2, 2}, {2, 1}, 0, 0, {1, 0});
  seeds::gathers(c, IndexType::Uint32, {2, 2, 2}, {2, 1}, 1, 0, {1, 0});
  seeds::gathers(c, IndexType::Int32, {2, 3}, {3, 0}, 0, 0, {});
  seeds::gathers(c, IndexType::Int64, {2, 3}, {1, 2}, 0, 0, {1, 3});
}

const seeds::Register registered("gather_nd", write);

}  // namespace
