// libFuzzer harness: spaceToBatch with any blocks and zero pads (shape
// function, plan, execute, reference; the padding must come out as zero
// bytes). Input: see batch_fuzz.hpp.
#include "batch_fuzz.hpp"
#include "ops/space_to_batch/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const fuzz::BatchCase c = fuzz::read_batch_case(r, /*to_batch=*/true);
  // Plans hold at most 3 rectangles per axis (copies) plus their padding
  // (fills), whatever the volume, up to kMaxBatchPieces in all.
  const th::Call call =
      th::Call("spaceToBatch", {c.input}).with("blockShape", c.block).with("padsBegin", c.begin).with("padsEnd", c.end);
  fuzz::check_case(
      "spaceToBatch", c.input, c.width, c.offsets, c.tame, /*cheap_plan=*/true, fuzz::seed_of(data, size),
      [&] { return call.shape(c.width); }, [&] { return call.plan(c.width); },
      [&] { return ref::space_to_batch(c.input, c.block, c.begin, c.end); },
      tensor_ops::kMaxBatchPieces);
  return 0;
}
