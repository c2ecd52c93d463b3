// The seeds of fuzz_transpose, transpose: the examples: axes reversed, a permutation with a negative
// axis, a scalar, and the error rules.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;

void transpose(seeds::Corpus& c, const Ints& in, const std::optional<Ints>& perm) {
  c.each_width([&](Writer& w) {
    fuzz::write_shape(w, in);
    w.byte(perm ? 1 : 0);
    w.list(perm.value_or(Ints{}), -9, 18);
  });
}

void write(seeds::Corpus& c) {
  transpose(c, {2, 3}, std::nullopt);
  transpose(c, {2, 3, 4}, Ints{1, 0, 2});
  transpose(c, {1, 2, 3, 4}, Ints{0, 2, 3, 1});
  transpose(c, {2, 3, 4}, Ints{-1, 0, 1});
  transpose(c, {}, std::nullopt);
  transpose(c, {3, 0, 2}, Ints{2, 0, 1});
  transpose(c, {2, 3}, Ints{0, 0});     // a repeated axis
  transpose(c, {2, 3}, Ints{1});        // one axis too few
  transpose(c, {2, 3}, Ints{0, 2});     // an axis out of range
}

const seeds::Register registered("transpose", write);

}  // namespace
