// The seeds of fuzz_unsqueeze, unsqueeze: the examples and an error rule.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;

void unsqueeze(seeds::Corpus& c, const Ints& in, const Ints& axes) {
  c.each_width([&](Writer& w) {
    fuzz::write_shape(w, in);
    w.list(axes, -12, 24);
  });
}

void write(seeds::Corpus& c) {
  unsqueeze(c, {3, 4}, {0, 3});
  unsqueeze(c, {3, 4}, {-1});
  unsqueeze(c, {3, 4}, {0, -4});
}

const seeds::Register registered("unsqueeze", write);

}  // namespace
