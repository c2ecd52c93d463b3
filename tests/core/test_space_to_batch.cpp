// SpaceToBatch: the examples of docs/operations.md#spacetobatch (TensorFlow's
// batch order), zero padding on any axis, every error rule, ranks 2 to 8,
// and random shapes, blocks and pads at every width against the reference.
#include "helpers.hpp"
#include "ops/space_to_batch/reference.hpp"
#include "ops/batch_to_space/reference.hpp"

#include <limits>

using namespace tensor_ops;
using th::check_error;
using th::str;

namespace {

using V = std::vector<int32_t>;

Result<CopyPlan> checked_plan(const Shape& in, const th::Ints& block, const th::Ints& begin,
                              const th::Ints& end, size_t w, uint64_t seed = 1) {
  const auto gather = ref::space_to_batch(in, block, begin, end);
  REQUIRE(gather);
  Result<CopyPlan> plan = plan_space_to_batch(in, block, begin, end, w);
  REQUIRE(plan.ok());
  th::check_plan(plan, space_to_batch_shape(in, block, begin, end), in, *gather, w, seed);
  // At most three rectangles per axis; fills exactly when there is padding.
  int64_t bound = 1;
  for (size_t i = 1; i < in.size(); ++i) bound *= 3;
  CHECK(static_cast<int64_t>(plan.value().copies.size()) <= bound);
  bool zeros = false;
  for (int64_t f : gather->from) zeros = zeros || f < 0;
  CHECK(plan.value().fills.empty() == !zeros);
  return plan;
}

void check_all_widths(const Shape& in, const th::Ints& block, const th::Ints& begin, const th::Ints& end) {
  for (size_t w : th::kWidths) (void)checked_plan(in, block, begin, end, w);
}

}  // namespace

TEST_CASE("spaceToBatch: examples", "[spaceToBatch]") {
  const th::Ints z4{0, 0, 0, 0};
  CHECK(str(space_to_batch_shape({1, 2, 2, 1}, {1, 2, 2, 1}, z4, z4)) == "[4, 1, 1, 1]");
  CHECK(th::run(plan_space_to_batch({1, 2, 2, 1}, {1, 2, 2, 1}, z4, z4, 4), th::iota(4)) == V{1, 2, 3, 4});
  CHECK(str(space_to_batch_shape({1, 4, 4, 1}, {1, 2, 2, 1}, z4, z4)) == "[4, 2, 2, 1]");
  CHECK(th::run(plan_space_to_batch({1, 4, 4, 1}, {1, 2, 2, 1}, z4, z4, 4), th::iota(16)) ==
        V{1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16});
  // The original batch is the inner part of the output batch.
  CHECK(th::run(plan_space_to_batch({2, 1, 4, 1}, {1, 1, 2, 1}, z4, z4, 4), th::iota(8)) ==
        V{1, 3, 5, 7, 2, 4, 6, 8});
  // Zero padding before the data.
  CHECK(str(space_to_batch_shape({1, 1, 3, 1}, {1, 1, 2, 1}, {0, 0, 1, 0}, z4)) == "[2, 1, 2, 1]");
  CHECK(th::run(plan_space_to_batch({1, 1, 3, 1}, {1, 1, 2, 1}, {0, 0, 1, 0}, z4, 4), V{1, 2, 3}) ==
        V{0, 2, 1, 3});
  // Channels move with their pixel; padding on an axis of block 1.
  CHECK(th::run(plan_space_to_batch({1, 2, 2, 2}, {1, 2, 1, 1}, {0, 0, 1, 0}, z4, 4), th::iota(8)) ==
        V{0, 0, 1, 2, 3, 4, 0, 0, 5, 6, 7, 8});
  // Rank 2: the block on the one spatial axis.
  CHECK(th::run(plan_space_to_batch({2, 3}, {1, 2}, {0, 2}, {0, 1}, 4), th::iota(6)) ==
        V{0, 1, 3, 0, 4, 6, 0, 2, 0, 0, 5, 0});
  // Empty input; empty output.
  CHECK(str(space_to_batch_shape({0, 4, 4, 1}, {1, 2, 2, 1}, z4, z4)) == "[0, 2, 2, 1]");
  CHECK(str(space_to_batch_shape({1, 0, 4, 1}, {1, 2, 2, 1}, z4, z4)) == "[4, 0, 2, 1]");
  // An empty x padded: all zeros.
  CHECK(th::run(plan_space_to_batch({1, 0, 1}, {1, 2, 1}, {0, 1, 0}, {0, 1, 0}, 4), V{}) == V{0, 0});
  check_all_widths({1, 0, 1}, {1, 2, 1}, {0, 1, 0}, {0, 1, 0});
  check_all_widths({2, 6, 4, 3}, {1, 2, 2, 1}, z4, z4);                  // TensorFlow NHWC
  check_all_widths({2, 3, 5, 4}, {1, 1, 3, 2}, {0, 0, 1, 0}, {0, 0, 0, 0}); // NCHW, pads cut blocks
  check_all_widths({1, 5, 7, 2}, {1, 3, 4, 1}, {0, 2, 3, 1}, {0, 2, 2, 0});
  check_all_widths({2, 2, 1, 3, 1, 2, 1, 2}, {1, 2, 2, 1, 2, 1, 2, 1}, {0, 1, 1, 0, 0, 0, 1, 0},
                   {0, 1, 0, 0, 1, 0, 0, 0});  // rank 8
  check_all_widths({1, 2, 1}, {1, 5, 1}, {0, 2, 0}, {0, 1, 0});  // the data inside one block
  // Rank 8 with three rectangles on every spatial axis: 3^7 copies.
  {
    const Shape x{1, 4, 4, 4, 4, 4, 4, 4};
    const th::Ints block{1, 3, 3, 3, 3, 3, 3, 3}, pads{0, 1, 1, 1, 1, 1, 1, 1};
    const Result<CopyPlan> plan = checked_plan(x, block, pads, pads, 2);
    CHECK(plan.value().copies.size() == 2187);
  }
}

TEST_CASE("spaceToBatch: error rules", "[spaceToBatch][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  const auto mis = ErrorCode::ShapeMismatch;
  const auto oom = ErrorCode::OutOfMemory;
  const th::Ints z4{0, 0, 0, 0};
  const th::Ints ones{1, 1, 1, 1};
  const char* op = "spaceToBatch";
  const int64_t max = std::numeric_limits<int64_t>::max();
  check_error([&] { return space_to_batch_shape({6}, {1}, {0}, {0}); }, inv, op, {"x.shape [6]"},
              {"rank 1", "rank 2 or more"});
  check_error([&] { return space_to_batch_shape({}, {}, {}, {}); }, inv, op, {"x.shape []"}, {"rank 0"});
  auto call = [&](const Shape& x, const th::Ints& block, const th::Ints& begin, const th::Ints& end) {
    return th::Call(op, {x}).with("blockShape", block).with("padsBegin", begin).with("padsEnd", end);
  };
  check_error([&] { return call({1, -2, 3, 1}, ones, z4, z4).shape(); }, inv, op, {"x.shape"}, {"-2"});
  check_error([&] { return space_to_batch_shape({1, 2, 3, 1}, {1, 2}, {0, 0}, {0, 0}); }, inv, op,
              {"blockShape [1, 2]"}, {"has 2 values", "rank 4"});
  check_error([&] { return space_to_batch_shape({1, 2, 3, 1}, ones, {0, 0, 0}, z4); }, inv, op,
              {"padsBegin [0, 0, 0]"}, {"3 values"});
  check_error([&] { return space_to_batch_shape({1, 2, 3, 1}, ones, z4, {0, 0, 0, 0, 0}); }, inv, op,
              {"padsEnd [0, 0, 0, 0, 0]"}, {"5 values"});
  check_error([&] { return space_to_batch_shape({1, 2, 3, 1}, {1, 0, 1, 1}, z4, z4); }, inv, op,
              {"blockShape [1, 0, 1, 1]"}, {"value 0 at index 1"});
  check_error([&] { return space_to_batch_shape({1, 2, 3, 1}, {1, 1, 1, -2}, z4, z4); }, inv, op,
              {"blockShape"}, {"value -2 at index 3"});
  check_error([&] { return space_to_batch_shape({1, 2, 3, 1}, {2, 1, 1, 1}, z4, z4); }, inv, op,
              {"blockShape [2, 1, 1, 1]"}, {"2 at index 0; the batch axis must have block 1"});
  check_error([&] { return space_to_batch_shape({1, 2, 3, 1}, ones, {0, -1, 0, 0}, z4); }, inv, op,
              {"padsBegin [0, -1, 0, 0]"}, {"value -1 at index 1; pads must be 0 or more"});
  check_error([&] { return space_to_batch_shape({1, 2, 3, 1}, ones, z4, {0, 0, 0, -5}); }, inv, op,
              {"padsEnd"}, {"value -5 at index 3"});
  check_error([&] { return space_to_batch_shape({1, 2, 3, 1}, ones, {1, 0, 0, 0}, z4); }, inv, op,
              {"padsBegin [1, 0, 0, 0]"}, {"at index 0; the batch axis takes no pads"});
  check_error([&] { return space_to_batch_shape({1, 2, 3, 1}, ones, z4, {2, 0, 0, 0}); }, inv, op,
              {"padsEnd"}, {"2 at index 0"});
  check_error([&] { return space_to_batch_shape({1, 2, 3, 1}, {1, 2, 2, 1}, z4, z4); }, mis, op,
              {"blockShape value 2"}, {"padded dim 3 at axis 2"});
  check_error([&] { return space_to_batch_shape({1, 2, 3, 1}, {1, 2, 2, 1}, {0, 1, 0, 0}, z4); }, mis,
              op, {"blockShape value 2"}, {"padded dim 3 at axis 1"});
  check_error([&] { return call({1, 2, 3}, {1, 1, 1}, {0, 0, 0}, {0, 0, 0}).plan(3); }, inv, op, {""}, {"3"});
  // Overflows: the block volume, a padded dim, an output dim, the batch, the bytes.
  check_error([&] { return space_to_batch_shape({1, 1, 1}, {1, int64_t{1} << 32, int64_t{1} << 32}, {0, 0, 0}, {0, 0, 0}); },
              inv, op, {"blockShape"}, {"overflows 64 bits"});
  check_error([&] { return space_to_batch_shape({1, 2}, {1, 1}, {0, max}, {0, 0}); }, oom, op,
              {"padded dim"}, {"overflows 64 bits"});
  check_error([&] { return space_to_batch_shape({1, 2}, {1, 1}, {0, int64_t{1} << 53}, {0, 0}); }, oom, op,
              {"output dim"}, {"beyond 2^53"});
  check_error([&] { return space_to_batch_shape({int64_t{1} << 40, 1 << 20}, {1, 1 << 20}, {0, 0}, {0, 0}); },
              oom, op, {"output batch"}, {"beyond 2^53"});
  check_error([&] { return space_to_batch_shape({1 << 20, 1 << 30}, {1, 1}, {0, 0}, {0, int64_t{1} << 52}); },
              oom, op, {"output shape"}, {"does not fit"});
  // Pads that cut three rectangles out of each of 9 axes: 3^9 copies, more than planned.
  {
    Shape x(10, 4);
    x[0] = 1;
    th::Ints block(10, 3), pads(10, 1);
    block[0] = 1;
    pads[0] = 0;
    check_error([&] { return space_to_batch_shape(x, block, pads, pads); }, oom, op, {"x.shape"},
                {"needs more than 16384 copies and fills"});
    Shape y(10, 2);  // batchToSpace back to dims of 4: the same cuts
    y[0] = 19683;
    check_error([&] { return batch_to_space_shape(y, block, pads, pads); }, oom, "batchToSpace",
                {"x.shape"}, {"needs more than 16384 copies"});
    // One axis fewer fits: 3^8 copies and 6560 fills.
    x.pop_back();
    block.pop_back();
    pads.pop_back();
    CHECK(batch_plan_size(x, space_to_batch_shape(x, block, pads, pads), block, pads, true) == 6561 + 6560);
  }
  // Nothing to pad into: an empty batch accepts any pads.
  CHECK(str(space_to_batch_shape({0, 1}, {1, 1}, {0, 1 << 20}, {0, 0})) == "[0, 1048577]");
}

TEST_CASE("spaceToBatch: random shapes, blocks and pads agree with the reference", "[spaceToBatch]") {
  th::Rng rng(20261126);
  for (int i = 0; i < 400; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(2, 5));
    const Shape in = th::random_shape(rng, rank, 6, 150);
    th::Ints block(rank, 1), begin(rank, 0), end(rank, 0);
    for (size_t k = 1; k < rank; ++k) {
      block[k] = rng.uniform(1, 3);
      begin[k] = rng.chance(50) ? rng.uniform(0, 3) : 0;
      end[k] = rng.uniform(0, 2);
      // Usually make the padded dim divisible; sometimes leave it to chance.
      if (!rng.chance(10)) end[k] += (block[k] - (in[k] + begin[k] + end[k]) % block[k]) % block[k];
    }
    INFO("x.shape " << str(in) << " blockShape " << str(block) << " padsBegin " << str(begin)
                    << " padsEnd " << str(end));
    const auto gather = ref::space_to_batch(in, block, begin, end);
    const Result<Shape> shape = space_to_batch_shape(in, block, begin, end);
    CHECK(shape.ok() == gather.has_value());
    if (!gather) {
      CHECK(shape.status().code() == ErrorCode::ShapeMismatch);
      continue;
    }
    (void)checked_plan(in, block, begin, end, th::kWidths[i % 4], static_cast<uint64_t>(i));
  }
}
