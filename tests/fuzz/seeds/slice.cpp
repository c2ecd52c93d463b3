// The seeds of fuzz_slice, slice: the examples of docs/operations/slice.md, int64's extremes, the
// error rules.
#include "seeds.hpp"

#include <limits>

namespace {

using seeds::Ints;
using seeds::Writer;

void slice(seeds::Corpus& c, const Ints& in, const Ints& starts, const Ints& ends,
           const std::optional<Ints>& axes = std::nullopt, const std::optional<Ints>& steps = std::nullopt) {
  c.each_width([&](Writer& w) {
    fuzz::write_shape(w, in);
    w.byte(static_cast<uint8_t>((axes ? 1 : 0) | (steps ? 2 : 0)));
    w.list(starts, -20, 41);
    w.list(ends, -20, 41);
    w.list(axes.value_or(Ints{}), -9, 18);
    w.list(steps.value_or(Ints{}), -4, 9);
  });
}

void write(seeds::Corpus& c) {
  const int64_t max = std::numeric_limits<int64_t>::max();
  const int64_t min = std::numeric_limits<int64_t>::min();
  slice(c, {3, 4}, {1}, {3});
  slice(c, {3, 4}, {0, 1}, {2, 3});
  slice(c, {3, 4}, {0}, {4}, Ints{1}, Ints{2});
  slice(c, {3, 4}, {-1}, {min}, Ints{-1}, Ints{-1});
  slice(c, {3, 4}, {-1, 1}, {min, max}, Ints{0, 1}, Ints{-2, 2});
  slice(c, {3, 4}, {-10}, {min}, Ints{1}, Ints{-1});
  slice(c, {2, 0, 3}, {0, -1}, {max, min}, Ints{1, 2}, Ints{-1, -1});
  slice(c, {1, 8, 8, 3}, {2, 2}, {6, 6}, Ints{1, 2});
  slice(c, {}, {}, {});
  slice(c, {3, 4}, {0, 0}, {1, 1}, Ints{1, -1});   // a repeated axis
  slice(c, {3, 4}, {0}, {1}, Ints{0}, Ints{0});     // a step of 0
  slice(c, {3, 4}, {0, 1}, {1});                    // lengths differ
}

const seeds::Register registered("slice", write);

}  // namespace
