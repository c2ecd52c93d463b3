// The seeds of fuzz_batch_to_space, batchToSpace: BatchToSpace-2: the inverses, crops, errors.
#include "seeds.hpp"

namespace {

using seeds::Ints;

void write(seeds::Corpus& c) {
  const Ints z4{0, 0, 0, 0};
  seeds::batch(c, {4, 1, 1, 1}, {1, 2, 2, 1}, z4, z4);
  seeds::batch(c, {4, 2, 2, 1}, {1, 2, 2, 1}, z4, z4);
  seeds::batch(c, {2, 1, 2, 1}, {1, 1, 2, 1}, {0, 0, 1, 0}, z4);
  seeds::batch(c, {12, 3, 2, 2}, {1, 3, 4, 1}, {0, 2, 3, 1}, {0, 2, 2, 0});
  seeds::batch(c, {3, 1, 2, 1}, {1, 1, 2, 1}, z4, z4);
  seeds::batch(c, {2, 1, 2, 1}, {1, 1, 2, 1}, {0, 0, 3, 0}, {0, 0, 2, 0});
}

const seeds::Register registered("batch_to_space", write);

}  // namespace
