// Reverse: the examples of docs/operations.md#reverse, every error rule,
// random axes of random shapes at every width against the reference,
// reversing twice (the identity), and the kernels a reversal reaches.
#include "helpers.hpp"
#include "ops/reverse/reference.hpp"

#include <numeric>

#include "engine/loop_nest.hpp"

using namespace tensor_ops;
using th::check_error;
using th::Ints;
using th::str;

namespace {

using Opt = std::optional<Ints>;

void check_all_widths(const Shape& in, const Opt& axes, uint64_t seed = 1) {
  INFO("x.shape " << str(in) << " axes " << (axes ? str(*axes) : "none"));
  const auto gather = ref::reverse(in, axes);
  REQUIRE(gather);
  for (size_t w : th::kWidths) {
    th::check_plan(plan_reverse(in, axes, w), reverse_shape(in, axes), in, *gather, w, seed);
  }
}

std::vector<int32_t> run_reverse(const Shape& in, const Opt& axes, const std::vector<int32_t>& data) {
  const Result<CopyPlan> plan = plan_reverse(in, axes, 4);
  REQUIRE(plan.ok());
  return th::run(plan.value(), data);
}

}  // namespace

TEST_CASE("reverse: examples", "[reverse]") {
  using V = std::vector<int32_t>;
  const Shape x = {2, 3};  // [[1,2,3],[4,5,6]]
  const V data = th::iota(6);
  CHECK(run_reverse(x, std::nullopt, data) == V{6, 5, 4, 3, 2, 1});
  CHECK(run_reverse(x, Ints{0}, data) == V{4, 5, 6, 1, 2, 3});
  CHECK(run_reverse(x, Ints{1}, data) == V{3, 2, 1, 6, 5, 4});
  CHECK(run_reverse(x, Ints{-1}, data) == V{3, 2, 1, 6, 5, 4});
  CHECK(run_reverse(x, Ints{-1, 0}, data) == V{6, 5, 4, 3, 2, 1});
  CHECK(run_reverse(x, Ints{}, data) == data);
  CHECK(str(reverse_shape(x, Ints{1})) == "[2, 3]");
  // A scalar: every axis of none, or none at all.
  CHECK(str(reverse_shape({}, std::nullopt)) == "[]");
  CHECK(str(reverse_shape({}, Ints{})) == "[]");
  CHECK(run_reverse({}, std::nullopt, V{7}) == V{7});
  // Empty tensors.
  CHECK(str(reverse_shape({3, 0, 2}, Ints{0, 1})) == "[3, 0, 2]");
  check_all_widths({3, 0, 2}, std::nullopt);
  check_all_widths({2, 3, 4}, Ints{1});
  check_all_widths({1, 5, 6, 3}, Ints{2});  // an NHWC image mirrored left to right
  check_all_widths({2, 3, 1, 4, 1, 2, 3, 2}, std::nullopt);            // rank 8
  check_all_widths({2, 3, 1, 4, 1, 2, 3, 2, 2}, Ints{0, -1, 3, -4});   // rank 9
}

TEST_CASE("reverse: error rules", "[reverse][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  check_error([] { return reverse_shape({2, 3}, Ints{2}); }, inv, "reverse", {"axes"}, {"value 2"});
  check_error([] { return reverse_shape({2, 3}, Ints{0, -3}); }, inv, "reverse", {"axes"}, {"value -3"});
  check_error([] { return reverse_shape({}, Ints{0}); }, inv, "reverse", {"axes"}, {"rank 0"});
  check_error([] { return reverse_shape({2, 3}, Ints{1, -1}); }, inv, "reverse", {"axes"},
              {"repeats axis 1 at index 1"});
  check_error([] { return reverse_shape({2, 3}, Ints{0, 0}); }, inv, "reverse", {"axes"}, {"repeats axis 0"});
  check_error([] { return reverse_shape({2, 3}, Ints{std::numeric_limits<int64_t>::max()}); }, inv, "reverse",
              {"axes"}, {"9223372036854775807"});
  check_error([] { return th::Call("reverse", {{2, -3}}).plan(4); }, inv, "reverse", {"x.shape"}, {"-3"});
  check_error([] { return th::Call("reverse", {{2, 3}}).plan(5); }, inv, "reverse", {""}, {"5"});
}

TEST_CASE("reverse: random axes agree with the reference; reversing twice is the identity", "[reverse][round-trip]") {
  th::Rng rng(20261126);
  for (int i = 0; i < 400; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(0, 8));
    const Shape in = th::random_shape(rng, rank, 7, 2000);
    Opt axes;
    if (!rng.chance(20)) {
      axes = Ints{};
      for (size_t k = 0; k < rank; ++k) {
        if (rng.chance(50)) axes->push_back(rng.chance(40) ? static_cast<int64_t>(k) - static_cast<int64_t>(rank)
                                                            : static_cast<int64_t>(k));
      }
      for (size_t k = axes->size(); k > 1; --k) std::swap((*axes)[k - 1], (*axes)[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(k) - 1))]);
    }
    INFO("x.shape " << str(in) << " axes " << (axes ? str(*axes) : "none"));
    const auto gather = ref::reverse(in, axes);
    REQUIRE(gather);
    const size_t w = th::kWidths[i % 4];
    th::check_plan(plan_reverse(in, axes, w), reverse_shape(in, axes), in, *gather, w, static_cast<uint64_t>(i));
    // Twice: every element back in its place.
    const std::vector<int32_t> data = th::iota(static_cast<int32_t>(ref::volume(in)));
    CHECK(run_reverse(in, axes, run_reverse(in, axes, data)) == data);
  }
}

TEST_CASE("reverse: the reversed last axis runs the reversing kernel", "[reverse][engine]") {
  auto kernel = [](const Shape& in, const Opt& axes, size_t w) {
    const Result<CopyPlan> plan = plan_reverse(in, axes, w);
    REQUIRE(plan.ok());
    REQUIRE(plan.value().copies.size() == 1);
    return make_loop_nest(plan.value().copies[0], w).kernel;
  };
  for (size_t w : th::kWidths) {
    CHECK(kernel({16, 100}, std::nullopt, w) == Kernel::ReverseRows);
    CHECK(kernel({4, 16, 100}, Ints{-1}, w) == Kernel::ReverseRows);
    CHECK(kernel({4, 16, 100}, Ints{1}, w) == Kernel::CopyRows);  // whole rows, in reverse order
  }
}
