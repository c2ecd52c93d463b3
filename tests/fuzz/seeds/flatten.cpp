// The seeds of fuzz_flatten, flatten: the examples, axis = rank, and an error rule.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;

void flatten(seeds::Corpus& c, const Ints& in, int64_t axis) {
  c.each_width([&](Writer& w) {
    fuzz::write_shape(w, in);
    w.value(axis, -10, 20);
  });
}

void write(seeds::Corpus& c) {
  flatten(c, {2, 3, 4}, 1);
  flatten(c, {2, 3, 4}, -1);
  flatten(c, {2, 3, 4}, 3);
  flatten(c, {2, 3}, 3);
}

const seeds::Register registered("flatten", write);

}  // namespace
