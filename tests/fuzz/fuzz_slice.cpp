// libFuzzer harness: slice with any int64 starts and ends (int64's
// extremes, values past either end), steps of any sign and size (0,
// int64 min), axes given or left out (negative, repeated, out of range),
// lists of unequal lengths (shape function, plan, execute, reference).
// Input: width, offsets, x.shape, flags, starts, ends, axes, steps.
#include "fuzz_common.hpp"
#include "ops/slice/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const size_t width = fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const fuzz::Shape input = fuzz::read_shape(r);
  const uint8_t flags = r.byte();
  const fuzz::Ints starts = r.list(-20, 41, 9);  // -20 .. 20
  const fuzz::Ints ends = r.list(-20, 41, 9);
  const fuzz::Ints axes_values = r.list(-9, 18, 9);  // -9 .. 8
  const fuzz::Ints steps_values = r.list(-4, 9, 9);  // -4 .. 4
  const std::optional<fuzz::Ints> axes =
      flags & 1 ? std::optional<fuzz::Ints>(axes_values) : std::nullopt;
  const std::optional<fuzz::Ints> steps =
      flags & 2 ? std::optional<fuzz::Ints>(steps_values) : std::nullopt;
  // The reference computes in 128 bits: any starts, ends and steps are tame.
  const bool tame = fuzz::tame(input) && input.size() <= 8;
  th::Call call = th::Call("slice", {input}).with("starts", starts).with("ends", ends);
  if (axes) call.with("axes", *axes);
  if (steps) call.with("steps", *steps);
  fuzz::check_case(
      "slice", input, width, offsets, tame, /*cheap_plan=*/true, fuzz::seed_of(data, size),
      [&] { return call.shape(width); }, [&] { return call.plan(width); },
      [&] { return ref::slice(input, starts, ends, axes, steps); }, /*max_copies=*/1);
  return 0;
}
