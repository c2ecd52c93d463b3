// libFuzzer harness: reshape (shape function, plan, execute, reference).
// Input: width, offsets, special_zero, x.shape, shape (see fuzz_common.hpp).
#include "fuzz_common.hpp"
#include "ops/reshape/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const size_t width = fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const bool special_zero = r.flag();
  const fuzz::Shape input = fuzz::read_shape(r);
  const fuzz::Ints shape = r.list(-2, 18, 8);  // -2 .. 15
  const bool tame = fuzz::tame(input) && fuzz::tame(shape) && input.size() <= 8 && shape.size() <= 8;
  const th::Call call = th::Call("reshape", {input}).with("shape", shape).with("specialZero", {special_zero});
  fuzz::check_case(
      "reshape", input, width, offsets, tame, /*cheap_plan=*/true, fuzz::seed_of(data, size),
      [&] { return call.shape(width); }, [&] { return call.plan(width); },
      [&] { return ref::reshape(input, shape, special_zero); });
  return 0;
}
