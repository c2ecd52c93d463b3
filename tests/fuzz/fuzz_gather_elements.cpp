// libFuzzer harness: gatherElements (see gather_fuzz.hpp): parameter axis.
#include "gather_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const fuzz::GatherInput g = fuzz::read_gather_input(r);
  return fuzz::run_gather_case(
      "gatherElements", r, g,
      [&](const tensor_ops::Indices& i) { return tensor_ops::gather_elements_shape(g.x, i, g.p1, g.width); },
      [&](const tensor_ops::Indices& i) { return tensor_ops::plan_gather_elements(g.x, i, g.p1, g.width); },
      [&](const std::vector<__int128>& v) { return ref::gather_elements(g.x, g.indices, v, g.p1); },
      fuzz::seed_of(data, size));
}
