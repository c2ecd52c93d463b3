// libFuzzer harness: batchToSpace with any blocks and crops (shape
// function, plan, execute, reference). Input: see batch_fuzz.hpp.
#include "batch_fuzz.hpp"
#include "ops/batch_to_space/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const fuzz::BatchCase c = fuzz::read_batch_case(r, /*to_batch=*/false);
  const th::Call call =
      th::Call("batchToSpace", {c.input}).with("blockShape", c.block).with("cropsBegin", c.begin).with("cropsEnd", c.end);
  fuzz::check_case(
      "batchToSpace", c.input, c.width, c.offsets, c.tame, /*cheap_plan=*/true, fuzz::seed_of(data, size),
      [&] { return call.shape(c.width); }, [&] { return call.plan(c.width); },
      [&] { return ref::batch_to_space(c.input, c.block, c.begin, c.end); },
      tensor_ops::kMaxBatchPieces);
  return 0;
}
