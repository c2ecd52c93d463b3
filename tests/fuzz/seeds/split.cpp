// The seeds of fuzz_split, split: k equal parts, lengths with and without -1, a list of one length.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;

void split(seeds::Corpus& c, const Ints& in, int64_t axis, bool count, const Ints& splits) {
  c.each_width([&](Writer& w) {
    fuzz::write_shape(w, in);
    w.value(axis, -9, 18);
    w.byte(count ? 0 : 1);
    if (count) {
      w.value(splits.at(0), -1, 10);
    } else {
      w.list(splits, -2, 14);
    }
  });
}

void write(seeds::Corpus& c) {
  split(c, {6}, 0, true, {3});
  split(c, {6}, 0, false, {1, -1, 2});
  split(c, {2, 3}, 1, false, {2, 1});
  split(c, {3, 2}, 0, false, {3});
  split(c, {4, 6}, -1, true, {4});
  split(c, {6}, 0, false, {-1, 2, -1});
}

const seeds::Register registered("split", write);

}  // namespace
