// Transpose: the examples of docs/operations.md#transpose, NHWC <-> NCHW,
// every error rule, random permutations of random shapes at every width,
// and a permutation followed by its inverse.
#include "helpers.hpp"
#include "ops/transpose/reference.hpp"

#include <algorithm>
#include <numeric>

using namespace tensor_ops;
using th::check_error;
using th::str;

namespace {

void check_all_widths(const Shape& in, const std::optional<th::Ints>& perm, uint64_t seed = 1) {
  const auto gather = ref::transpose(in, perm);
  REQUIRE(gather);
  for (size_t w : th::kWidths) {
    th::check_plan(plan_transpose(in, perm, w), transpose_shape(in, perm), in, *gather, w, seed);
  }
}

}  // namespace

TEST_CASE("transpose: examples", "[transpose]") {
  // [[1,2,3],[4,5,6]] -> [[1,4],[2,5],[3,6]], perm left out or [1, 0] or [-1, 0].
  using V = std::vector<int32_t>;
  for (const std::optional<th::Ints>& perm : {std::optional<th::Ints>{}, std::optional<th::Ints>{{1, 0}},
                                              std::optional<th::Ints>{{-1, 0}}}) {
    CHECK(str(transpose_shape({2, 3}, perm)) == "[3, 2]");
    CHECK(th::run(plan_transpose({2, 3}, perm, 4), th::iota(6)) == V{1, 4, 2, 5, 3, 6});
  }
  CHECK(str(transpose_shape({1, 224, 224, 3}, th::Ints{0, 3, 1, 2})) == "[1, 3, 224, 224]");
  CHECK(str(transpose_shape({1, 84, 8400}, th::Ints{0, 2, 1})) == "[1, 8400, 84]");
  CHECK(str(transpose_shape({}, std::nullopt)) == "[]");
  CHECK(str(transpose_shape({}, th::Ints{})) == "[]");
  CHECK(str(transpose_shape({2, 0, 3}, std::nullopt)) == "[3, 0, 2]");
  check_all_widths({2, 3, 4}, th::Ints{1, 2, 0});
  check_all_widths({1, 6, 5, 3}, th::Ints{0, 3, 1, 2});   // NHWC -> NCHW, 3 channels
  check_all_widths({1, 4, 6, 5}, th::Ints{0, 2, 3, 1});   // NCHW -> NHWC, 4 channels
  check_all_widths({2, 3, 1, 4, 1, 2, 3, 2}, std::nullopt);  // rank 8, reversed
}

TEST_CASE("transpose: error rules", "[transpose][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  check_error([] { return transpose_shape({2, 3}, th::Ints{0}); }, inv, "transpose", {"perm"},
              {"[0]", "rank 2"});
  check_error([] { return transpose_shape({2, 3}, th::Ints{}); }, inv, "transpose", {"perm"},
              {"[]", "rank 2"});
  check_error([] { return transpose_shape({2, 3}, th::Ints{0, 2}); }, inv, "transpose", {"perm"},
              {"2"});
  check_error([] { return transpose_shape({2, 3}, th::Ints{0, -3}); }, inv, "transpose", {"perm"},
              {"-3"});
  check_error([] { return transpose_shape({2, 3, 4}, th::Ints{0, 1, -2}); }, inv, "transpose",
              {"perm"}, {"repeats axis 1"});
  check_error([] { return th::Call("transpose", {{2, -3}}).plan(4); }, inv, "transpose", {"x.shape"}, {"-3"});
}

TEST_CASE("transpose: random permutations agree with the reference; the inverse undoes", "[transpose]") {
  th::Rng rng(20261124);
  for (int i = 0; i < 300; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(0, 6));
    const Shape in = th::random_shape(rng, rank, 7);
    th::Ints perm(rank);
    std::iota(perm.begin(), perm.end(), 0);
    for (size_t k = rank; k > 1; --k) std::swap(perm[k - 1], perm[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(k) - 1))]);
    if (rng.chance(30) && rank > 0) perm[0] -= static_cast<int64_t>(rank);  // a negative entry
    INFO("x.shape " << str(in) << " perm " << str(perm));
    const size_t w = th::kWidths[i % 4];
    const auto gather = ref::transpose(in, perm);
    REQUIRE(gather);
    th::check_plan(plan_transpose(in, perm, w), transpose_shape(in, perm), in, *gather, w,
                   static_cast<uint64_t>(i));
    // The inverse permutation brings every element back.
    th::Ints inverse(rank);
    for (size_t k = 0; k < rank; ++k) inverse[static_cast<size_t>((perm[k] + static_cast<int64_t>(rank)) % static_cast<int64_t>(rank))] = static_cast<int64_t>(k);
    const Shape out = transpose_shape(in, perm);
    const auto back = ref::transpose(out, inverse);
    REQUIRE(back);
    std::vector<int64_t> composed;
    for (int64_t j : back->from) composed.push_back(gather->from[static_cast<size_t>(j)]);
    std::vector<int64_t> identity(composed.size());
    std::iota(identity.begin(), identity.end(), 0);
    CHECK(composed == identity);
    CHECK(str(transpose_shape(out, inverse)) == str(in));
  }
}
