// libFuzzer harness: spaceToDepth in every data format and mode (shape
// function, plan, execute, reference). Input: see block_fuzz.hpp.
#include "block_fuzz.hpp"
#include "ops/space_to_depth/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const fuzz::BlockCase c = fuzz::read_block_case(r, /*to_depth=*/true);
  const th::Call call = fuzz::block_call("spaceToDepth", c);
  fuzz::check_case(
      "spaceToDepth", c.input, c.width, c.offsets, c.tame, /*cheap_plan=*/false,
      fuzz::seed_of(data, size), [&] { return call.shape(c.width); }, [&] { return call.plan(c.width); },
      [&] { return ref::space_to_depth(c.input, c.block, c.format, c.mode); },
      fuzz::max_block_copies(c.block));
  return 0;
}
