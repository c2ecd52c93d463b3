// libFuzzer harness: depthToSpace in every data format and mode (shape
// function, plan, execute, reference), and the round trip back through
// spaceToDepth. Input: see block_fuzz.hpp.
#include "block_fuzz.hpp"
#include "ops/depth_to_space/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const fuzz::BlockCase c = fuzz::read_block_case(r, /*to_depth=*/false);
  const th::Call call = fuzz::block_call("depthToSpace", c);
  fuzz::check_case(
      "depthToSpace", c.input, c.width, c.offsets, c.tame, /*cheap_plan=*/false,
      fuzz::seed_of(data, size), [&] { return call.shape(c.width); }, [&] { return call.plan(c.width); },
      [&] { return ref::depth_to_space(c.input, c.block, c.format, c.mode); },
      fuzz::max_block_copies(c.block));
  // depthToSpace(x) is valid exactly when spaceToDepth maps its result back
  // to x.shape.
  const fuzz::Outcome there = fuzz::outcome_of([&] { return call.shape(c.width); });
  if (there.ok) {
    fuzz::BlockCase back_case = c;
    back_case.input = there.shape;
    const fuzz::Outcome back =
        fuzz::outcome_of([&] { return fuzz::block_call("spaceToDepth", back_case).shape(c.width); });
    if (!back.ok || back.shape != c.input) {
      fuzz::fail("depthToSpace " + fuzz::str(c.input) + " -> " + there.text() +
                 " but spaceToDepth of that gives " + back.text());
    }
  }
  return 0;
}
