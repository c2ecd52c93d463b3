// The seeds of fuzz_pad, pad: the examples of each mode, crops, corners, wrap beyond the dim, the
// errors.
#include "seeds.hpp"
#include "operations/pad.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;

void pad(seeds::Corpus& c, const Ints& in, const Ints& begin, const Ints& end, tensor_ops::PadMode mode,
         std::optional<int64_t> value = std::nullopt) {
  c.each_width([&](Writer& w) {
    w.byte(static_cast<uint8_t>(mode));
    w.flag(value.has_value());
    w.value(value.value_or(0), 0, 256);
    fuzz::write_shape(w, in);
    w.list(begin, -6, 20);
    w.list(end, -6, 20);
  });
}

void write(seeds::Corpus& c) {
  using tensor_ops::PadMode;
  for (PadMode m : {PadMode::Constant, PadMode::Edge, PadMode::Reflect, PadMode::Symmetric, PadMode::Wrap}) {
    pad(c, {3}, {2}, {2}, m);
    pad(c, {2, 3, 4}, {1, -1, 0}, {0, 2, -2}, m);
    pad(c, {3, 3}, {1, 1}, {1, 1}, m);
  }
  pad(c, {3}, {2}, {2}, PadMode::Constant, 9);
  pad(c, {0, 2}, {1, 0}, {2, 1}, PadMode::Constant, 255);
  pad(c, {3, 2}, {13, 1}, {7, 5}, PadMode::Wrap);
  pad(c, {3}, {3}, {0}, PadMode::Reflect);
  pad(c, {3}, {-2}, {-2}, PadMode::Edge);
  pad(c, {3}, {1}, {1}, PadMode::Edge, 0);
  pad(c, {}, {}, {}, PadMode::Constant, 1);
}

const seeds::Register registered("pad", write);

}  // namespace
