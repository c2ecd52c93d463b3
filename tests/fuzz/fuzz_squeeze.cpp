// libFuzzer harness: squeeze with axes (negative, repeated, out of range, of
// dims other than 1) or none (shape function, plan, execute, reference).
// Input: width, offsets, x.shape, a flag, axes.
#include "fuzz_common.hpp"
#include "ops/squeeze/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const size_t width = fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const fuzz::Shape input = fuzz::read_shape(r);
  const bool given = r.byte() % 4 != 0;
  const fuzz::Ints values = r.list(-9, 18, 9);  // -9 .. 8
  const std::optional<fuzz::Ints> axes = given ? std::optional<fuzz::Ints>(values) : std::nullopt;
  const bool tame = fuzz::tame(input) && input.size() <= 8;
  th::Call call("squeeze", {input});
  if (axes) call.with("axes", *axes);
  fuzz::check_case(
      "squeeze", input, width, offsets, tame, /*cheap_plan=*/true, fuzz::seed_of(data, size),
      [&] { return call.shape(width); }, [&] { return call.plan(width); },
      [&] { return ref::squeeze(input, axes); });
  return 0;
}
