// libFuzzer harness: gatherND (see gather_fuzz.hpp): parameter batchDims.
#include "gather_fuzz.hpp"
#include "ops/gather_nd/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const fuzz::GatherInput g = fuzz::read_gather_input(r);
  return fuzz::run_gather_case(
      "gatherND", r, g, fuzz::gather_call("gatherND", g).with("batchDims", {g.p1}),
      [&](const std::vector<__int128>& v) { return ref::gather_nd(g.x, g.indices, v, g.p1); },
      fuzz::seed_of(data, size));
}
