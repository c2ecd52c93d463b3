// libFuzzer harness: tile with repeats shorter than, as long as and longer
// than the rank, zeros, negatives and huge values (shape function, plan,
// execute, reference). Input: width, offsets, x.shape, repeats.
#include "fuzz_common.hpp"
#include "ops/tile/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const size_t width = fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const fuzz::Shape input = fuzz::read_shape(r);
  const fuzz::Ints repeats = r.list(-1, 5, 9);  // -1 .. 3
  const bool tame = fuzz::tame(input) && fuzz::tame(repeats) && input.size() <= 8 && repeats.size() <= 9;
  const th::Call call = th::Call("tile", {input}).with("repeats", repeats);
  fuzz::check_case(
      "tile", input, width, offsets, tame, /*cheap_plan=*/true, fuzz::seed_of(data, size),
      [&] { return call.shape(width); }, [&] { return call.plan(width); },
      [&] { return ref::tile(input, repeats); }, /*max_copies=*/1);
  return 0;
}
