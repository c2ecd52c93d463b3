// The seeds of fuzz_tile, tile: Tile-1 / numpy.tile: the whole block repeated, rank promotion both
// ways, zeros.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;

void tile(seeds::Corpus& c, const Ints& in, const Ints& repeats) {
  c.each_width([&](Writer& w) {
    fuzz::write_shape(w, in);
    w.list(repeats, -1, 5);
  });
}

void write(seeds::Corpus& c) {
  tile(c, {2}, {2});
  tile(c, {2}, {2, 1});
  tile(c, {2, 2}, {2, 1});
  tile(c, {2, 2}, {2});
  tile(c, {2, 2}, {0, 1});
  tile(c, {}, {3});
  tile(c, {2, 3}, {2, -1});
  tile(c, {3}, {int64_t{1} << 53});
}

const seeds::Register registered("tile", write);

}  // namespace
