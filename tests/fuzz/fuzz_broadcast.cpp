// libFuzzer harness: broadcast in its three modes, with and without
// axesMapping (shape function, plan, execute, reference).
// Input: width, offsets, mode, has-mapping, x.shape, targetShape, axesMapping.
#include <algorithm>

#include "fuzz_common.hpp"
#include "ops/broadcast/reference.hpp"

namespace {

// The largest output the reference could build for these shapes, or -1.
int64_t reference_volume(const fuzz::Shape& input, const fuzz::Ints& target) {
  const size_t rank = std::max(input.size(), target.size());
  fuzz::Shape widest(rank, 1);
  for (size_t j = 0; j < rank; ++j) {
    const int64_t d = j < input.size() ? input[input.size() - 1 - j] : 1;
    const int64_t t = j < target.size() ? target[target.size() - 1 - j] : 1;
    widest[rank - 1 - j] = std::max(d, t);
  }
  return fuzz::safe_volume(widest);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const size_t width = fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const auto mode = static_cast<tensor_ops::BroadcastMode>(r.byte() % 3);
  const bool has_mapping = r.flag();
  const fuzz::Shape input = fuzz::read_shape(r);
  const fuzz::Ints target = r.list(-1, 17, 8);  // -1 .. 15
  const fuzz::Ints mapping_values = r.list(-1, 10, 8);
  std::optional<fuzz::Ints> mapping;
  if (has_mapping) mapping = mapping_values;
  const int64_t ref_volume = reference_volume(input, target);
  const bool tame = fuzz::tame(input) && fuzz::tame(target) && fuzz::tame(mapping_values) &&
                    input.size() <= 8 && target.size() <= 8 && ref_volume >= 0 &&
                    ref_volume <= fuzz::kMaxRefElements;
  th::Call call = th::Call("broadcast", {input}).with("targetShape", target).with("mode", {static_cast<int64_t>(mode)});
  if (mapping) call.with("axesMapping", *mapping);
  fuzz::check_case(
      "broadcast", input, width, offsets, tame, /*cheap_plan=*/true, fuzz::seed_of(data, size),
      [&] { return call.shape(width); }, [&] { return call.plan(width); },
      [&] { return ref::broadcast(input, target, mode, mapping); });
  return 0;
}
