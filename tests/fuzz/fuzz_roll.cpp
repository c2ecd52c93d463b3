// libFuzzer harness: roll with scalar or 1-D shift and axes, negative and
// repeated axes, shifts of any size (shape function, plan, execute,
// reference). Input: width, offsets, x.shape, shift, axes.
#include "fuzz_common.hpp"
#include "ops/roll/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const size_t width = fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const fuzz::Shape input = fuzz::read_shape(r);
  const fuzz::Ints shift = r.list(-20, 41, 4);  // -20 .. 20
  const fuzz::Ints axes = r.list(-9, 18, 9);    // -9 .. 8
  // The reference takes shifts of any size (only % is applied to them).
  const bool tame = fuzz::tame(input) && fuzz::tame(axes) && input.size() <= 8;
  const th::Call call = th::Call("roll", {input}).with("shift", shift).with("axes", axes);
  fuzz::check_case(
      "roll", input, width, offsets, tame, /*cheap_plan=*/false, fuzz::seed_of(data, size),
      [&] { return call.shape(width); }, [&] { return call.plan(width); },
      [&] { return ref::roll(input, shift, axes); });
  return 0;
}
