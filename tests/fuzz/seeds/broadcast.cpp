// The seeds of fuzz_broadcast, broadcast: Broadcast-3 examples.
#include "seeds.hpp"
#include "operations/broadcast.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;
using tensor_ops::BroadcastMode;

void broadcast(seeds::Corpus& c, const Ints& in, const Ints& target, BroadcastMode mode,
               const std::optional<Ints>& mapping = std::nullopt) {
  c.each_width([&](Writer& w) {
    w.byte(static_cast<uint8_t>(mode));
    w.flag(mapping.has_value());
    fuzz::write_shape(w, in);
    w.list(target, -1, 17);
    w.list(mapping.value_or(Ints{}), -1, 10);
  });
}

void write(seeds::Corpus& c) {
  broadcast(c, {16, 1, 1}, {1, 1, 50, 50}, BroadcastMode::Bidirectional);
  broadcast(c, {16}, {1, 16, 50, 50}, BroadcastMode::Explicit, Ints{1});
  broadcast(c, {50, 50}, {1, 50, 50, 16}, BroadcastMode::Explicit, Ints{1, 2});
  broadcast(c, {3, 1}, {2, 3, 4}, BroadcastMode::Numpy);
  broadcast(c, {5}, {1}, BroadcastMode::Numpy);
  broadcast(c, {0, 1}, {5}, BroadcastMode::Bidirectional);
  broadcast(c, {}, {3}, BroadcastMode::Explicit, Ints{0});
  broadcast(c, {3}, {2, 3}, BroadcastMode::Numpy, Ints{1});
}

const seeds::Register registered("broadcast", write);

}  // namespace
