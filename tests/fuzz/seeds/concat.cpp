// The seeds of fuzz_concat, concat: along the first, a middle and the last axis; empty inputs; one
// input.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;

void concat(seeds::Corpus& c, const Ints& base, int64_t axis, const Ints& dims) {
  c.each_width([&](Writer& w) {
    fuzz::write_shape(w, base);
    w.value(axis, -7, 14);
    w.byte(static_cast<uint8_t>(dims.size()));
    for (int64_t d : dims) {
      w.byte(1);  // the base shape with this dim on the axis
      w.value(d, 0, 16);
    }
  });
}

void write(seeds::Corpus& c) {
  concat(c, {2, 2}, 0, {2, 1});
  concat(c, {2, 2}, -1, {2, 1, 3});
  concat(c, {1, 3, 4, 4}, 1, {3, 5, 0});
  concat(c, {0, 3}, 0, {0, 0});
  concat(c, {5}, 0, {5});
  concat(c, {2, 3}, 2, {3, 3});
}

const seeds::Register registered("concat", write);

}  // namespace
