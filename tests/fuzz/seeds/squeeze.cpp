// The seeds of fuzz_squeeze, squeeze: the examples and an error rule.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;

void squeeze(seeds::Corpus& c, const Ints& in, const std::optional<Ints>& axes) {
  c.each_width([&](Writer& w) {
    fuzz::write_shape(w, in);
    w.byte(axes ? 1 : 0);
    w.list(axes.value_or(Ints{}), -9, 18);
  });
}

void write(seeds::Corpus& c) {
  squeeze(c, {1, 3, 1, 2}, std::nullopt);
  squeeze(c, {1, 3, 1, 2}, Ints{-2, 0});
  squeeze(c, {2, 1, 3}, Ints{0});
}

const seeds::Register registered("squeeze", write);

}  // namespace
