// libFuzzer harness: transpose with a permutation (negative entries,
// repeats, wrong lengths) or none (shape function, plan, execute,
// reference). Input: width, offsets, x.shape, a flag, perm.
#include "fuzz_common.hpp"
#include "ops/transpose/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const size_t width = fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const fuzz::Shape input = fuzz::read_shape(r);
  const bool given = r.byte() % 4 != 0;
  const fuzz::Ints values = r.list(-9, 18, 9);  // -9 .. 8
  const std::optional<fuzz::Ints> perm = given ? std::optional<fuzz::Ints>(values) : std::nullopt;
  const bool tame = fuzz::tame(input) && input.size() <= 8;
  th::Call call("transpose", {input});
  if (perm) call.with("perm", *perm);
  fuzz::check_case(
      "transpose", input, width, offsets, tame, /*cheap_plan=*/true, fuzz::seed_of(data, size),
      [&] { return call.shape(width); }, [&] { return call.plan(width); },
      [&] { return ref::transpose(input, perm); });
  return 0;
}
