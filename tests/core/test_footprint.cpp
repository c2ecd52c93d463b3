// source_footprints: a plan reads nothing of its sources outside their
// footprints (every operation, random calls: the bytes outside are changed
// and the output must not change), and a slice of one row reads that row.
#include <catch2/catch.hpp>

#include <cstring>

#include "engine/footprint.hpp"
#include "operations/gather.hpp"
#include "operations/slice.hpp"
#include "helpers.hpp"
#include "random_calls.hpp"
#include "registry.hpp"

using namespace tensor_ops;
using th::Ints;

namespace {

// The output, or nothing when an index value is out of range (the call
// would fail before copying: random index values of an empty x are).
std::vector<unsigned char> run_plan(const CopyPlan& plan, const std::vector<const void*>& sources) {
  const PreparedPlan prepared = prepare_plan(plan);
  BadIndex bad;
  if (!check_indices(prepared, sources.data(), &bad)) return {};
  std::vector<unsigned char> out(static_cast<size_t>(volume(plan.output_shape)) * plan.elem_size + 1);
  execute(prepared, sources.data(), out.data());
  return out;
}

}  // namespace

TEST_CASE("footprint: nothing outside it is read, for every operation", "[footprint]") {
  th::Rng rng(20261126);
  for (const OpSpec& spec : op_table()) {
    if (!reg::moves_elements(spec)) continue;  // a typed kernel reads x whole
    for (int i = 0; i < 40; ++i) {
      const size_t w = th::kWidths[static_cast<size_t>(i) % 4];
      const std::optional<rc::Call> call = rc::random_call(spec, rng, w);
      REQUIRE(call);
      const CopyPlan plan = spec.plan(call->args, w).value();
      const std::vector<Shape> inputs = rc::shapes_of(call->args.inputs);
      std::vector<int64_t> volumes;
      for (const Shape& s : inputs) volumes.push_back(volume(s));
      std::vector<int64_t> footprints;
      source_footprints(plan, volumes, &footprints);
      INFO(spec.name << " case " << i << " width " << w << ": " << call->text);
      REQUIRE(footprints.size() == 2 * inputs.size());
      std::vector<std::vector<unsigned char>> data, poisoned;
      std::vector<const void*> sources, poisoned_sources;
      for (size_t k = 0; k < inputs.size(); ++k) {
        const int64_t first = footprints[2 * k], end = footprints[2 * k + 1];
        CHECK(0 <= first);
        CHECK(first <= end);
        CHECK(end <= volumes[k]);
        std::vector<unsigned char> bytes(static_cast<size_t>(volumes[k]) * w + 1);
        for (unsigned char& b : bytes) b = static_cast<unsigned char>(rng.engine());
        std::vector<unsigned char> other = bytes;
        for (size_t b = 0; b + 1 < other.size(); ++b) {
          const int64_t element = static_cast<int64_t>(b / w);
          if (element < first || element >= end) other[b] = static_cast<unsigned char>(~other[b]);
        }
        data.push_back(std::move(bytes));
        poisoned.push_back(std::move(other));
      }
      for (size_t k = 0; k < inputs.size(); ++k) {
        sources.push_back(data[k].data());
        poisoned_sources.push_back(poisoned[k].data());
      }
      if (call->indices) {
        sources.push_back(call->indices->bytes.data());
        poisoned_sources.push_back(call->indices->bytes.data());
      }
      CHECK(run_plan(plan, sources) == run_plan(plan, poisoned_sources));
    }
  }
}

TEST_CASE("footprint: the last row of [1, 128, 320] is all a slice of it reads", "[footprint]") {
  const CopyPlan plan = plan_slice({1, 128, 320}, {-1}, {128}, Ints{1}, std::nullopt, 4).value();
  std::vector<int64_t> footprints;
  source_footprints(plan, {128 * 320}, &footprints);
  CHECK(footprints == std::vector<int64_t>{127 * 320, 128 * 320});
}

TEST_CASE("footprint: a reversed slice, a strided one, and a gather", "[footprint]") {
  std::vector<int64_t> f;
  // Rows 2..5 reversed along the columns of [8, 10]: elements 20 to 59.
  source_footprints(plan_slice({8, 10}, {2, 9}, {6, -11}, Ints{0, 1}, Ints{1, -1}, 4).value(), {80}, &f);
  CHECK(f == std::vector<int64_t>{20, 60});
  // Every third element of 100 from 5: 5, 8, ..., 98.
  source_footprints(plan_slice({100}, {5}, {100}, std::nullopt, Ints{3}, 2).value(), {100}, &f);
  CHECK(f == std::vector<int64_t>{5, 99});
  // A gather reads where its index values say: all of x.
  const Indices rows{IndexType::Int32, 2, {2}};
  source_footprints(plan_gather({6, 4}, rows, 0, 0, 4).value(), {24}, &f);
  CHECK(f == std::vector<int64_t>{0, 24});
}
