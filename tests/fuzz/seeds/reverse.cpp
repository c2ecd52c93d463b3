// The seeds of fuzz_reverse, reverse: the examples, a scalar, and the error rules.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;

void reverse(seeds::Corpus& c, const Ints& in, const std::optional<Ints>& axes) {
  c.each_width([&](Writer& w) {
    fuzz::write_shape(w, in);
    w.byte(axes ? 1 : 0);
    w.list(axes.value_or(Ints{}), -9, 18);
  });
}

void write(seeds::Corpus& c) {
  reverse(c, {2, 3}, std::nullopt);
  reverse(c, {2, 3}, Ints{0});
  reverse(c, {2, 3}, Ints{-1});
  reverse(c, {2, 3}, Ints{});
  reverse(c, {}, std::nullopt);
  reverse(c, {3, 0, 2}, Ints{0, 1});
  reverse(c, {2, 3}, Ints{1, -1});
  reverse(c, {2, 3}, Ints{2});
}

const seeds::Register registered("reverse", write);

}  // namespace
