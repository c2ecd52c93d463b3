// libFuzzer harness: unsqueeze (positions negative, repeated, out of the
// output's rank): shape function, plan, execute, reference.
// Input: width, offsets, x.shape, axes.
#include "fuzz_common.hpp"
#include "ops/unsqueeze/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const size_t width = fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const fuzz::Shape input = fuzz::read_shape(r);
  const fuzz::Ints axes = r.list(-12, 24, 9);  // -12 .. 11
  const bool tame = fuzz::tame(input) && input.size() <= 8;
  const th::Call call = th::Call("unsqueeze", {input}).with("axes", axes);
  fuzz::check_case(
      "unsqueeze", input, width, offsets, tame, /*cheap_plan=*/true, fuzz::seed_of(data, size),
      [&] { return call.shape(width); }, [&] { return call.plan(width); },
      [&] { return ref::unsqueeze(input, axes); });
  return 0;
}
