// libFuzzer harness: split into k equal parts or by lengths (one -1), the
// number and the list kept apart (shape function, plan, execute, reference).
// Input: width, offsets, x.shape, axis, a flag (a number or a list), splits.
#include "fuzz_common.hpp"
#include "ops/split/reference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const size_t width = fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const fuzz::Shape input = fuzz::read_shape(r);
  const int64_t axis = r.value(-9, 18);
  tensor_ops::Splits splits;
  splits.count = r.byte() % 3 == 0;
  if (splits.count) {
    splits.values = {r.value(-1, 10)};
  } else {
    splits.values = r.list(-2, 14, 8);
  }
  const bool tame = fuzz::tame(input) && fuzz::tame(splits.values) && input.size() <= 8;
  // The parts' shapes, checked against the reference's; the shape the
  // shared checks compare with the plan's is the block's, [vol(x)].
  std::optional<std::vector<fuzz::Shape>> parts;
  const th::Call call = th::Call("split", {input}).with("splits", splits.values, splits.count).with("axis", {axis});
  auto block_shape = [&]() -> tensor_ops::Result<fuzz::Shape> {
    tensor_ops::Result<tensor_ops::ShapeList> shapes = call.shapes(width);
    if (!shapes.ok()) return shapes.status();
    parts.emplace();
    int64_t total = 0;
    const int64_t* dims = shapes.value().dims.data();
    for (int64_t rank : shapes.value().ranks) {
      parts->emplace_back(dims, dims + rank);
      dims += rank;
      total += fuzz::safe_volume(parts->back());
    }
    return fuzz::Shape{total};
  };
  fuzz::check_case(
      "split", input, width, offsets, tame, /*cheap_plan=*/false, fuzz::seed_of(data, size), block_shape,
      [&] { return call.plan(width); },
      [&]() -> std::optional<ref::Gather> {
        const auto ref_parts = ref::split(input, splits.values, splits.count, axis);
        if (!ref_parts) return std::nullopt;
        if (!parts || parts->size() != ref_parts->size()) fuzz::fail("split: the number of parts differs");
        ref::Gather g;
        for (size_t k = 0; k < ref_parts->size(); ++k) {
          if ((*parts)[k] != (*ref_parts)[k].shape) fuzz::fail("split: part " + std::to_string(k) + " has another shape");
          g.from.insert(g.from.end(), (*ref_parts)[k].from.begin(), (*ref_parts)[k].from.end());
        }
        g.shape = {static_cast<int64_t>(g.from.size())};
        return g;
      });
  return 0;
}
