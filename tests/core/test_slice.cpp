// Slice: the examples of docs/operations.md#slice, the clamping rules at
// int64's extremes, every error rule, random slices of random shapes at
// every width against the reference, and the round trips (a negative step
// is the reverse of the positive one; a whole axis with step 1 is the
// identity). Also which kernels a center crop and a ::2 subsampling reach.
#include "helpers.hpp"
#include "ops/slice/reference.hpp"
#include "ops/reverse/reference.hpp"

#include <limits>

#include "engine/loop_nest.hpp"

using namespace tensor_ops;
using th::check_error;
using th::Ints;
using th::str;

namespace {

using Opt = std::optional<Ints>;
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

void check_all_widths(const Shape& in, const Ints& starts, const Ints& ends, const Opt& axes, const Opt& steps,
                      uint64_t seed = 1) {
  INFO("x.shape " << str(in) << " starts " << str(starts) << " ends " << str(ends));
  const auto gather = ref::slice(in, starts, ends, axes, steps);
  REQUIRE(gather);
  for (size_t w : th::kWidths) {
    th::check_plan(plan_slice(in, starts, ends, axes, steps, w), slice_shape(in, starts, ends, axes, steps), in,
                   *gather, w, seed);
  }
}

std::vector<int32_t> run_slice(const Shape& in, const Ints& starts, const Ints& ends, const Opt& axes,
                               const Opt& steps, const std::vector<int32_t>& data) {
  const Result<CopyPlan> plan = plan_slice(in, starts, ends, axes, steps, 4);
  REQUIRE(plan.ok());
  return th::run(plan.value(), data);
}

// A start or end drawn to exercise the rules: in range, negative, past
// either end, or int64's extremes.
int64_t random_bound(th::Rng& rng, int64_t d) {
  switch (rng.uniform(0, 9)) {
    case 0: return kMax;
    case 1: return kMin;
    case 2: return kMax - rng.uniform(0, 3);
    case 3: return kMin + rng.uniform(0, 3);
    case 4: return rng.uniform(-2 * d - 3, -d - 1);  // before the start even after adding d
    case 5: return rng.uniform(d, 2 * d + 3);        // past the end
    default: return rng.uniform(-d - 1, d + 1);
  }
}

int64_t random_step(th::Rng& rng) {
  switch (rng.uniform(0, 9)) {
    case 0: return kMax;
    case 1: return kMin;
    case 2: return rng.uniform(-1000, 1000) == 0 ? 7 : rng.uniform(-1000, 1000);
    default: {
      const int64_t s = rng.uniform(1, 4);
      return rng.chance(50) ? s : -s;
    }
  }
}

}  // namespace

TEST_CASE("slice: examples", "[slice]") {
  using V = std::vector<int32_t>;
  const Shape x = {3, 4};  // [[1,2,3,4],[5,6,7,8],[9,10,11,12]]
  const V data = th::iota(12);
  CHECK(str(slice_shape(x, {1}, {3}, std::nullopt, std::nullopt)) == "[2, 4]");
  CHECK(run_slice(x, {1}, {3}, std::nullopt, std::nullopt, data) == V{5, 6, 7, 8, 9, 10, 11, 12});
  CHECK(run_slice(x, {0, 1}, {2, 3}, std::nullopt, std::nullopt, data) == V{2, 3, 6, 7});
  CHECK(run_slice(x, {0}, {4}, Ints{1}, Ints{2}, data) == V{1, 3, 5, 7, 9, 11});
  CHECK(run_slice(x, {-1}, {kMin}, Ints{-1}, Ints{-1}, data) == V{4, 3, 2, 1, 8, 7, 6, 5, 12, 11, 10, 9});
  CHECK(run_slice(x, {-1, 1}, {kMin, kMax}, Ints{0, 1}, Ints{-2, 2}, data) == V{10, 12, 2, 4});
  CHECK(run_slice(x, {1}, {kMax}, std::nullopt, std::nullopt, data) == V{5, 6, 7, 8, 9, 10, 11, 12});
  CHECK(run_slice(x, {-2}, {-1}, Ints{1}, std::nullopt, data) == V{3, 7, 11});
  // Empty results keep the other dims.
  CHECK(str(slice_shape(x, {2}, {1}, std::nullopt, std::nullopt)) == "[0, 4]");
  CHECK(str(slice_shape(x, {1}, {2}, Ints{1}, Ints{-1})) == "[3, 0]");
  CHECK(str(slice_shape(x, {5}, {9}, Ints{1}, std::nullopt)) == "[3, 0]");
  // The one corner where numpy differs: a negative step's start before the
  // axis is clamped to 0 (numpy's x[-10::-1] on 4 elements is empty).
  CHECK(run_slice(x, {-10}, {kMin}, Ints{1}, Ints{-1}, data) == V{1, 5, 9});
  // On a dim of 0 every slice is empty, whatever the step.
  CHECK(str(slice_shape({2, 0, 3}, {0, -1}, {kMax, kMin}, Ints{1, 2}, Ints{-1, -1})) == "[2, 0, 3]");
  CHECK(str(slice_shape({2, 0, 3}, {0}, {5}, Ints{1}, Ints{kMin})) == "[2, 0, 3]");
  CHECK(str(slice_shape({0}, {-5}, {5}, std::nullopt, Ints{3})) == "[0]");
  // Steps larger than the axis take one element; int64's extremes as steps.
  CHECK(run_slice(x, {2}, {kMax}, Ints{1}, Ints{kMax}, data) == V{3, 7, 11});
  CHECK(run_slice(x, {2}, {kMin}, Ints{1}, Ints{kMin}, data) == V{3, 7, 11});
  CHECK(run_slice(x, {kMax}, {kMin}, Ints{0}, Ints{kMin}, data) == V{9, 10, 11, 12});
  // A scalar: only with no axes at all (a copy).
  CHECK(str(slice_shape({}, {}, {}, std::nullopt, std::nullopt)) == "[]");
  CHECK(str(slice_shape({}, {}, {}, Ints{}, Ints{})) == "[]");
  check_all_widths({}, {}, {}, std::nullopt, std::nullopt);
  // Ranks up to 8 and more.
  check_all_widths({2, 3, 1, 4, 2, 3, 2, 3}, {1, -1, 0, 3, kMin, 1}, {2, kMin, 1, 0, kMax, 3}, Ints{0, 1, 2, 3, 6, -1},
                   Ints{1, -1, 1, -2, 1, 1});
  check_all_widths({2, 1, 2, 1, 2, 1, 2, 1, 3}, {-1}, {kMin}, Ints{8}, Ints{-1});
  check_all_widths({5, 7, 3}, {1, 2}, {4, -2}, Ints{0, 1}, std::nullopt);          // a center crop
  check_all_widths({6, 9, 2}, {0, 0}, {kMax, kMax}, Ints{0, 1}, Ints{2, 2});       // ::2 subsampling
  check_all_widths({4, 6}, {0}, {0}, std::nullopt, std::nullopt);                  // empty
}

TEST_CASE("slice: error rules", "[slice][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  const Shape x = {3, 4};
  check_error([&] { return slice_shape(x, {0, 1}, {1}, std::nullopt, std::nullopt); }, inv, "slice", {"ends"},
              {"[1]", "same length"});
  check_error([&] { return slice_shape(x, {0}, {1}, Ints{0, 1}, std::nullopt); }, inv, "slice", {"axes"},
              {"[0, 1]"});
  check_error([&] { return slice_shape(x, {0}, {1}, Ints{0}, Ints{1, 1}); }, inv, "slice", {"steps"}, {"[1, 1]"});
  check_error([&] { return slice_shape(x, {0}, {1}, std::nullopt, Ints{}); }, inv, "slice", {"steps"}, {"[]"});
  check_error([&] { return slice_shape(x, {0, 0, 0}, {1, 1, 1}, std::nullopt, std::nullopt); }, inv, "slice",
              {"starts"}, {"rank 2"});
  check_error([&] { return slice_shape({}, {0}, {1}, std::nullopt, std::nullopt); }, inv, "slice", {"starts"},
              {"rank 0"});
  check_error([&] { return slice_shape({}, {0}, {1}, Ints{0}, std::nullopt); }, inv, "slice", {"axes"},
              {"value 0", "rank 0"});
  check_error([&] { return slice_shape(x, {0}, {1}, Ints{2}, std::nullopt); }, inv, "slice", {"axes"},
              {"value 2"});
  check_error([&] { return slice_shape(x, {0}, {1}, Ints{-3}, std::nullopt); }, inv, "slice", {"axes"},
              {"value -3"});
  check_error([&] { return slice_shape(x, {0}, {1}, Ints{kMin}, std::nullopt); }, inv, "slice", {"axes"},
              {"-9223372036854775808"});
  check_error([&] { return slice_shape(x, {0, 0}, {1, 1}, Ints{1, -1}, std::nullopt); }, inv, "slice", {"axes"},
              {"repeats axis 1"});
  check_error([&] { return slice_shape(x, {0, 0}, {1, 1}, Ints{0, 1}, Ints{1, 0}); }, inv, "slice", {"steps"},
              {"value 0 at index 1"});
  check_error([&] { return slice_shape({0, 4}, {0}, {1}, std::nullopt, Ints{0}); }, inv, "slice", {"steps"},
              {"value 0 at index 0"});
  auto call = [](const Shape& in) { return th::Call("slice", {in}).with("starts", {0}).with("ends", {1}); };
  check_error([&] { return call({2, -3}).plan(4); }, inv, "slice", {"x.shape"}, {"-3"});
  check_error([&] { return call(x).plan(3); }, inv, "slice", {""}, {"3"});
}

TEST_CASE("slice: random slices agree with the reference", "[slice]") {
  th::Rng rng(20261125);
  for (int i = 0; i < 600; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(0, 8));
    const Shape in = th::random_shape(rng, rank, 7, 2000);
    // Listed axes: a random subset in random order, given as axes (some
    // negative) or, for a leading run, left out.
    Ints order(rank);
    for (size_t k = 0; k < rank; ++k) order[k] = static_cast<int64_t>(k);
    for (size_t k = rank; k > 1; --k) std::swap(order[k - 1], order[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(k) - 1))]);
    const size_t n = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(rank)));
    const bool default_axes = rng.chance(25);
    Ints axes, starts, ends, steps;
    for (size_t j = 0; j < n; ++j) {
      const int64_t a = default_axes ? static_cast<int64_t>(j) : order[j];
      axes.push_back(rng.chance(30) ? a - static_cast<int64_t>(rank) : a);
      const int64_t d = in[static_cast<size_t>(a)];
      starts.push_back(random_bound(rng, d));
      ends.push_back(random_bound(rng, d));
      steps.push_back(random_step(rng));
    }
    const Opt axes_opt = default_axes ? Opt{} : Opt{axes};
    const Opt steps_opt = rng.chance(20) && n > 0 ? Opt{} : Opt{steps};
    INFO("x.shape " << str(in) << " starts " << str(starts) << " ends " << str(ends) << " axes "
                    << (axes_opt ? str(*axes_opt) : "none") << " steps " << (steps_opt ? str(*steps_opt) : "none"));
    const auto gather = ref::slice(in, starts, ends, axes_opt, steps_opt);
    REQUIRE(gather);
    const size_t w = th::kWidths[i % 4];
    th::check_plan(plan_slice(in, starts, ends, axes_opt, steps_opt, w),
                   slice_shape(in, starts, ends, axes_opt, steps_opt), in, *gather, w, static_cast<uint64_t>(i));
  }
}

TEST_CASE("slice: a negative step is the reverse of the positive one; a whole axis is the identity",
          "[slice][round-trip]") {
  th::Rng rng(7);
  for (int i = 0; i < 300; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(1, 5));
    const Shape in = th::random_shape(rng, rank, 8, 1500);
    const int64_t vol = ref::volume(in);
    const std::vector<int32_t> data = th::iota(static_cast<int32_t>(vol));
    const int64_t a = rng.uniform(0, static_cast<int64_t>(rank) - 1);
    const int64_t d = in[static_cast<size_t>(a)];
    INFO("x.shape " << str(in) << " axis " << a);
    // A whole axis with step 1, spelled three ways, copies x unchanged.
    for (const auto& [b, e] : {std::pair<int64_t, int64_t>{0, d}, {kMin, kMax}, {-d, d + 5}}) {
      CHECK(str(slice_shape(in, {b}, {e}, Ints{a}, Ints{1})) == str(in));
      CHECK(run_slice(in, {b}, {e}, Ints{a}, Ints{1}, data) == data);
    }
    if (d == 0) continue;
    // Elements b, b+s, ..., last by a positive step s; then the same
    // elements from last down to b by -s: reverse(slice(s)) == slice(-s).
    const int64_t s = rng.uniform(1, 4);
    const int64_t b = rng.uniform(0, d - 1);
    const int64_t count = rng.uniform(1, (d - 1 - b) / s + 1);
    const int64_t last = b + (count - 1) * s;
    const Shape forward = slice_shape(in, {b}, {last + 1}, Ints{a}, Ints{s});
    CHECK(forward[static_cast<size_t>(a)] == count);
    const std::vector<int32_t> f = run_slice(in, {b}, {last + 1}, Ints{a}, Ints{s}, data);
    const Result<CopyPlan> flip = plan_reverse(forward, Ints{a}, 4);
    REQUIRE(flip.ok());
    const int64_t end = b == 0 ? kMin : b - 1;  // -1 would count from the end
    CHECK(str(slice_shape(in, {last}, {end}, Ints{a}, Ints{-s})) == str(forward));
    CHECK(th::run(flip.value(), f) == run_slice(in, {last}, {end}, Ints{a}, Ints{-s}, data));
  }
}

TEST_CASE("slice: a center crop copies rows; ::2 subsampling deinterleaves one phase; a negative step reverses rows",
          "[slice][engine]") {
  auto kernel = [](const Result<CopyPlan>& plan) {
    REQUIRE(plan.ok());
    REQUIRE(plan.value().copies.size() == 1);
    return make_loop_nest(plan.value().copies[0], plan.value().elem_size).kernel;
  };
  // NHWC and NCHW 224 -> 160 center crops: contiguous rows of W*C or W elements.
  CHECK(kernel(plan_slice({1, 224, 224, 3}, {32, 32}, {192, 192}, Ints{1, 2}, std::nullopt, 1)) == Kernel::CopyRows);
  CHECK(kernel(plan_slice({1, 3, 224, 224}, {32, 32}, {192, 192}, Ints{2, 3}, std::nullopt, 4)) == Kernel::CopyRows);
  // x[:, ::2, ::2]: every other pixel of NHWC moves as one wide element,
  // the even ones of each row (one phase of a deinterleave by 2).
  const Result<CopyPlan> sub = plan_slice({1, 64, 64, 4}, {0, 0}, {kMax, kMax}, Ints{1, 2}, Ints{2, 2}, 1);
  CHECK(kernel(sub) == Kernel::Deinterleave);
  CHECK(make_loop_nest(sub.value().copies[0], 1).elem_size == 4);
  CHECK(kernel(plan_slice({64, 64}, {0, 0}, {kMax, kMax}, std::nullopt, Ints{2, 2}, 4)) == Kernel::Deinterleave);
  // Every fifth element: no kernel of its own.
  CHECK(kernel(plan_slice({64, 64}, {0, 0}, {kMax, kMax}, std::nullopt, Ints{5, 5}, 4)) == Kernel::Strided);
  CHECK(kernel(plan_slice({8, 100}, {-1}, {kMin}, Ints{1}, Ints{-1}, 2)) == Kernel::ReverseRows);
}
