// The seeds of fuzz_reshape, reshape: Reshape-1 examples, then the rules' edge cases.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;

void reshape(seeds::Corpus& c, const Ints& in, const Ints& shape, bool special_zero) {
  c.each_width([&](Writer& w) {
    w.flag(special_zero);
    fuzz::write_shape(w, in);
    w.list(shape, -2, 18);
  });
}

void write(seeds::Corpus& c) {
  reshape(c, {2, 5, 5, 0}, {0, 4}, false);
  reshape(c, {2, 5, 5, 24}, {0, -1, 4}, true);
  reshape(c, {2, 2, 3}, {0, 0, 1, -1}, true);
  reshape(c, {3, 1, 1}, {-1, 0}, true);
  reshape(c, {3, 1, 1}, {0, -1}, true);
  reshape(c, {0, 3}, {0, -1}, true);
  reshape(c, {2, 3, 4}, {-1, 4, -1}, false);
  reshape(c, {2, 3, 4}, {5, -1}, false);
  reshape(c, {1}, {}, false);
  reshape(c, {2, 3}, {0, 0, 0}, true);
}

const seeds::Register registered("reshape", write);

}  // namespace
