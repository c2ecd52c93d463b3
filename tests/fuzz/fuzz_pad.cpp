// libFuzzer harness: pad in its five modes with pads of any size and sign
// (crops), a fill value or none (shape function, plan, execute, reference).
// Input: width, offsets, mode, a flag and the value, x.shape, padsBegin,
// padsEnd.
#include "fuzz_common.hpp"
#include "ops/pad/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const size_t width = fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const auto mode = static_cast<tensor_ops::PadMode>(r.byte() % 5);
  const bool given = r.flag();
  const uint64_t bits = static_cast<uint64_t>(r.value(0, 256));
  const std::optional<uint64_t> value = given ? std::optional<uint64_t>(bits) : std::nullopt;
  const fuzz::Shape input = fuzz::read_shape(r);
  const fuzz::Ints pads_begin = r.list(-6, 20, 9);  // -6 .. 13
  const fuzz::Ints pads_end = r.list(-6, 20, 9);
  const bool tame = fuzz::tame(input) && fuzz::tame(pads_begin) && fuzz::tame(pads_end) && input.size() <= 8;
  // Bits beyond the element are the caller's error (the JS side never sends them).
  const bool fits = !value || width >= 8 || (*value >> (8 * width)) == 0;
  th::Call call = th::Call("pad", {input}).with("padsBegin", pads_begin).with("padsEnd", pads_end);
  call.with("mode", {static_cast<int64_t>(mode)});
  if (value) call.with("value", {static_cast<int64_t>(*value)});
  fuzz::check_case(
      "pad", input, width, offsets, tame, /*cheap_plan=*/true, fuzz::seed_of(data, size),
      [&] { return call.shape(width); }, [&] { return call.plan(width); },
      [&]() -> std::optional<ref::Gather> {
        if (!fits) return std::nullopt;
        return ref::pad(input, pads_begin, pads_end, mode, value);
      },
      tensor_ops::kMaxPadCopies);
  return 0;
}
