// The seeds of fuzz_space_to_batch, spaceToBatch: SpaceToBatch-2 / TensorFlow SpaceToBatchND examples,
// pads, errors.
#include "seeds.hpp"

namespace {

using seeds::Ints;

void write(seeds::Corpus& c) {
  const Ints z4{0, 0, 0, 0};
  seeds::batch(c, {1, 2, 2, 1}, {1, 2, 2, 1}, z4, z4);
  seeds::batch(c, {1, 4, 4, 1}, {1, 2, 2, 1}, z4, z4);
  seeds::batch(c, {2, 1, 4, 1}, {1, 1, 2, 1}, z4, z4);
  seeds::batch(c, {1, 1, 3, 1}, {1, 1, 2, 1}, {0, 0, 1, 0}, z4);
  seeds::batch(c, {1, 5, 7, 2}, {1, 3, 4, 1}, {0, 2, 3, 1}, {0, 2, 2, 0});
  seeds::batch(c, {1, 2, 3, 1}, {1, 2, 2, 1}, z4, z4);
  seeds::batch(c, {1, 2, 3, 1}, {2, 1, 1, 1}, z4, z4);
  seeds::batch(c, {1, 2, 3, 1}, {1, 1, 1, 1}, {0, -1, 0, 0}, z4);
}

const seeds::Register registered("space_to_batch", write);

}  // namespace
