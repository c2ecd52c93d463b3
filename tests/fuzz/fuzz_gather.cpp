// libFuzzer harness: gather (see gather_fuzz.hpp): parameters axis, batchDims.
#include "gather_fuzz.hpp"
#include "ops/gather/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const fuzz::GatherInput g = fuzz::read_gather_input(r);
  return fuzz::run_gather_case(
      "gather", r, g, fuzz::gather_call("gather", g).with("axis", {g.p1}).with("batchDims", {g.p2}),
      [&](const std::vector<__int128>& v) { return ref::gather(g.x, g.indices, v, g.p1, g.p2); },
      fuzz::seed_of(data, size));
}
