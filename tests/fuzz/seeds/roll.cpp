// The seeds of fuzz_roll, roll: Roll-7 examples on [4, 3], then negative, repeated and wide shifts.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;

void roll(seeds::Corpus& c, const Ints& in, const Ints& shift, const Ints& axes) {
  c.each_width([&](Writer& w) {
    fuzz::write_shape(w, in);
    w.list(shift, -20, 41);
    w.list(axes, -9, 18);
  });
}

void write(seeds::Corpus& c) {
  roll(c, {4, 3}, {1}, {0});
  roll(c, {4, 3}, {-1, 2}, {0, 1});
  roll(c, {4, 3}, {1, 2, 1}, {0, 1, 0});
  roll(c, {2, 3, 4}, {5}, {-1, -2});
  roll(c, {0, 3}, {1}, {0});
  roll(c, {3}, {1, 2}, {0});
}

const seeds::Register registered("roll", write);

}  // namespace
