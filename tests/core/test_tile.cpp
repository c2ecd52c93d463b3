// Tile: the examples of docs/operations.md#tile, rank promotion both ways,
// repeats of 0, every error rule, and random shapes and repeats at every
// width against the reference (numpy.tile's semantics, index by index).
#include "helpers.hpp"
#include "ops/tile/reference.hpp"

#include <limits>

using namespace tensor_ops;
using th::check_error;
using th::str;

namespace {

using V = std::vector<int32_t>;

void check_all_widths(const Shape& in, const th::Ints& repeats, uint64_t seed = 1) {
  const auto gather = ref::tile(in, repeats);
  REQUIRE(gather);
  for (size_t w : th::kWidths) {
    const Result<CopyPlan> plan = plan_tile(in, repeats, w);
    REQUIRE(plan.ok());
    // One broadcast copy of a split view; nothing for an empty output.
    CHECK(plan.value().copies.size() == (ref::volume(gather->shape) == 0 ? 0u : 1u));
    CHECK(plan.value().fills.empty());
    th::check_plan(plan, tile_shape(in, repeats), in, *gather, w, seed);
  }
}

}  // namespace

TEST_CASE("tile: examples", "[tile]") {
  // [1, 2] tiled [2] is 1, 2, 1, 2: the whole input repeated, not each element.
  CHECK(str(tile_shape({2}, {2})) == "[4]");
  CHECK(th::run(plan_tile({2}, {2}, 4), th::iota(2)) == V{1, 2, 1, 2});
  // repeats longer than the rank: ones prepended to x.shape.
  CHECK(str(tile_shape({2}, {2, 1})) == "[2, 2]");
  CHECK(th::run(plan_tile({2}, {2, 1}, 4), th::iota(2)) == V{1, 2, 1, 2});
  CHECK(th::run(plan_tile({2, 2}, {2, 1}, 4), th::iota(4)) == V{1, 2, 3, 4, 1, 2, 3, 4});
  // repeats shorter than the rank: ones prepended to repeats.
  CHECK(str(tile_shape({2, 2}, {2})) == "[2, 4]");
  CHECK(th::run(plan_tile({2, 2}, {2}, 4), th::iota(4)) == V{1, 2, 1, 2, 3, 4, 3, 4});
  CHECK(th::run(plan_tile({2, 3}, {2, 2}, 4), th::iota(6)) ==
        V{1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6});
  // A repeat of 0 empties the output.
  CHECK(str(tile_shape({2, 2}, {0, 1})) == "[0, 2]");
  CHECK(plan_tile({2, 2}, {0, 1}, 4).value().copies.empty());
  // Scalars: [] keeps a scalar, a longer list makes it a tensor.
  CHECK(str(tile_shape({}, {})) == "[]");
  CHECK(th::run(plan_tile({}, {}, 4), V{7}) == V{7});
  CHECK(th::run(plan_tile({}, {3}, 4), V{7}) == V{7, 7, 7});
  CHECK(str(tile_shape({}, {2, 0})) == "[2, 0]");
  // Ones everywhere: a copy.
  CHECK(th::run(plan_tile({2, 3}, {1, 1}, 4), th::iota(6)) == th::iota(6));
  CHECK(th::run(plan_tile({2, 3}, {}, 4), th::iota(6)) == th::iota(6));
  // Empty inputs stay empty whatever the repeats.
  CHECK(str(tile_shape({0, 3}, {5, 2})) == "[0, 6]");
  check_all_widths({2, 3}, {2, 1, 1, 2});
  check_all_widths({3, 1, 4}, {1, 5, 1});
  check_all_widths({1, 1, 1, 1, 1, 1, 1, 2}, {2, 1, 2, 1, 2, 1, 2, 3});  // rank 8
  check_all_widths({2, 1, 2, 1, 2, 1, 2, 1}, {1, 2, 1, 2, 1, 2, 1, 2, 2});  // rank 9 out
  check_all_widths({4096}, {3});                                            // long rows
  check_all_widths({1}, {1000});                                            // a splat
}

TEST_CASE("tile: error rules", "[tile][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  const auto oom = ErrorCode::OutOfMemory;
  check_error([] { return tile_shape({2, 2}, {2, -1}); }, inv, "tile", {"repeats [2, -1]"},
              {"value -1 at index 1"});
  check_error([] { return plan_tile({2}, {-3}, 4); }, inv, "tile", {"repeats"}, {"-3"});
  check_error([] { return tile_shape({2}, {std::numeric_limits<int64_t>::min()}); }, inv, "tile",
              {"repeats"}, {"-9223372036854775808"});
  check_error([] { return th::Call("tile", {{2, -3}}).with("repeats", {1}).shape(); }, inv, "tile", {"x.shape"},
              {"-3"});
  check_error([] { return th::Call("tile", {{2}}).with("repeats", {2}).plan(3); }, inv, "tile", {""}, {"3"});
  // An output dim beyond 2^53, or dim * repeat beyond int64.
  check_error([] { return tile_shape({3}, {int64_t{1} << 52}); }, oom, "tile", {"repeats"},
              {"beyond 2^53 at axis 0"});
  check_error([] { return tile_shape({0, int64_t{1} << 40}, {1, int64_t{1} << 40}); }, oom, "tile",
              {"repeats"}, {"axis 1"});
  check_error([] { return tile_shape({1}, {std::numeric_limits<int64_t>::max(), 2}); }, oom, "tile",
              {"repeats"}, {"axis 0"});
  // An output whose bytes cannot be addressed.
  check_error([] { return tile_shape({1 << 26}, {int64_t{1} << 26, int64_t{1} << 26}); }, oom, "tile",
              {"output shape"}, {"does not fit"});
  check_error([] { return plan_tile({1 << 30, 1 << 30}, {1 << 20, 1 << 20}, 8); }, oom, "tile",
              {"output shape"}, {"does not fit"});
  // 2^60 elements of one byte: the shape function passes on 64-bit hosts;
  // 8-byte elements never fit (the runtime's check, for the call's width).
  check_error([] { return th::Call("tile", {{int64_t{1} << 30}}).with("repeats", {int64_t{1} << 30, 1}).plan(8); },
              oom, "tile", {"output shape"}, {"does not fit"});
  // Repeats of any size are fine when the dim is 0.
  CHECK(str(tile_shape({0}, {std::numeric_limits<int64_t>::max()})) == "[0]");
}

TEST_CASE("tile: random shapes and repeats agree with numpy.tile's semantics", "[tile]") {
  th::Rng rng(20261125);
  for (int i = 0; i < 400; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(0, 5));
    const Shape in = th::random_shape(rng, rank, 6, 200);
    // Fewer repeats than the rank, as many, or more (rank promotion both ways).
    const size_t count = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(rank) + 2));
    th::Ints repeats(count);
    for (int64_t& r : repeats) r = rng.chance(8) ? 0 : rng.uniform(1, 3);
    INFO("x.shape " << str(in) << " repeats " << str(repeats));
    const auto gather = ref::tile(in, repeats);
    REQUIRE(gather);
    const size_t w = th::kWidths[i % 4];
    th::check_plan(plan_tile(in, repeats, w), tile_shape(in, repeats), in, *gather, w,
                   static_cast<uint64_t>(i));
    // Tiling by r then by s is tiling by r * s (same rank on both sides).
    if (count == rank && ref::volume(gather->shape) <= 3000) {
      th::Ints again(rank, 2);
      th::Ints product(rank);
      for (size_t k = 0; k < rank; ++k) product[k] = repeats[k] * 2;
      const auto twice = ref::tile(gather->shape, again);
      const auto once = ref::tile(in, product);
      REQUIRE(twice);
      REQUIRE(once);
      std::vector<int64_t> composed;
      for (int64_t j : twice->from) composed.push_back(gather->from[static_cast<size_t>(j)]);
      CHECK(composed == once->from);
      CHECK(str(tile_shape(tile_shape(in, repeats), again)) == str(tile_shape(in, product)));
    }
  }
}
