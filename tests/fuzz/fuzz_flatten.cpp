// libFuzzer harness: flatten at any axis (in and out of [-rank, rank]):
// shape function, plan, execute, reference.
// Input: width, offsets, x.shape, axis.
#include "fuzz_common.hpp"
#include "ops/flatten/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const size_t width = fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const fuzz::Shape input = fuzz::read_shape(r);
  const int64_t axis = r.value(-10, 20);  // -10 .. 9
  const bool tame = fuzz::tame(input) && input.size() <= 8;
  const th::Call call = th::Call("flatten", {input}).with("axis", {axis});
  fuzz::check_case(
      "flatten", input, width, offsets, tame, /*cheap_plan=*/true, fuzz::seed_of(data, size),
      [&] { return call.shape(width); }, [&] { return call.plan(width); },
      [&] { return ref::flatten(input, axis); });
  return 0;
}
