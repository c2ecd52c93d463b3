// The seeds of fuzz_gather, gather: rows, a middle axis with negative indices, batch dims, a scalar
// index, out of range.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using tensor_ops::IndexType;

void write(seeds::Corpus& c) {
  seeds::gathers(c, IndexType::Int32, {3, 2}, {2, 2}, 0, 0, {0, 1, 1, 2});
  seeds::gathers(c, IndexType::Int64, {2, 3, 4}, {3}, 1, 0, {-1, 0, 2});
  seeds::gathers(c, IndexType::Uint32, {2, 3}, {2, 2}, 1, 1, {2, 0, 1, 1});
  seeds::gathers(c, IndexType::Uint64, {4, 2}, {}, -2, 0, {3});
  seeds::gathers(c, IndexType::Int32, {3}, {2}, 0, 0, {0, INT32_MIN});
  seeds::gathers(c, IndexType::Int64, {3}, {2}, 0, 0, {INT64_MAX, 0});
}

const seeds::Register registered("gather", write);

}  // namespace
