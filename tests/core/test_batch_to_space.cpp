// BatchToSpace: the examples of docs/operations.md#batchtospace, crops on
// any axis, every error rule, random cases at every width against the
// reference, and the round trip batchToSpace(spaceToBatch(x)) == x.
#include "helpers.hpp"
#include "ops/space_to_batch/reference.hpp"
#include "ops/batch_to_space/reference.hpp"

#include <limits>

using namespace tensor_ops;
using th::check_error;
using th::str;

namespace {

using V = std::vector<int32_t>;

void check_all_widths(const Shape& in, const th::Ints& block, const th::Ints& begin, const th::Ints& end) {
  const auto gather = ref::batch_to_space(in, block, begin, end);
  REQUIRE(gather);
  for (size_t w : th::kWidths) {
    const Result<CopyPlan> plan = plan_batch_to_space(in, block, begin, end, w);
    REQUIRE(plan.ok());
    CHECK(plan.value().fills.empty());
    th::check_plan(plan, batch_to_space_shape(in, block, begin, end), in, *gather, w);
  }
}

}  // namespace

TEST_CASE("batchToSpace: examples", "[batchToSpace]") {
  const th::Ints z4{0, 0, 0, 0};
  CHECK(str(batch_to_space_shape({4, 1, 1, 1}, {1, 2, 2, 1}, z4, z4)) == "[1, 2, 2, 1]");
  CHECK(th::run(plan_batch_to_space({4, 1, 1, 1}, {1, 2, 2, 1}, z4, z4, 4), th::iota(4)) == V{1, 2, 3, 4});
  CHECK(th::run(plan_batch_to_space({4, 2, 2, 1}, {1, 2, 2, 1}, z4, z4, 4),
                V{1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16}) == th::iota(16));
  CHECK(th::run(plan_batch_to_space({4, 1, 2, 1}, {1, 1, 2, 1}, z4, z4, 4), V{1, 3, 5, 7, 2, 4, 6, 8}) ==
        th::iota(8));
  // Crops: the first element of axis 2 goes.
  CHECK(str(batch_to_space_shape({2, 1, 2, 1}, {1, 1, 2, 1}, {0, 0, 1, 0}, z4)) == "[1, 1, 3, 1]");
  CHECK(th::run(plan_batch_to_space({2, 1, 2, 1}, {1, 1, 2, 1}, {0, 0, 1, 0}, z4, 4), V{0, 2, 1, 3}) ==
        V{1, 2, 3});
  // Cropping everything leaves an empty axis; an empty batch an empty output.
  CHECK(str(batch_to_space_shape({2, 1, 2, 1}, {1, 1, 2, 1}, {0, 0, 3, 0}, {0, 0, 1, 0})) == "[1, 1, 0, 1]");
  CHECK(str(batch_to_space_shape({0, 3, 2}, {1, 2, 2}, {0, 0, 0}, {0, 0, 0})) == "[0, 6, 4]");
  // Crops on an axis of block 1, rank 2.
  CHECK(th::run(plan_batch_to_space({2, 4}, {1, 1}, {0, 1}, {0, 2}, 4), th::iota(8)) == V{2, 6});
  check_all_widths({8, 3, 2, 3}, {1, 2, 2, 1}, z4, z4);
  check_all_widths({6, 2, 3, 4}, {1, 1, 3, 2}, {0, 0, 1, 0}, {0, 0, 2, 1});
  check_all_widths({12, 3, 2, 2}, {1, 3, 4, 1}, {0, 2, 3, 1}, {0, 2, 2, 0});
  check_all_widths({16, 2, 1, 2, 1, 2, 1, 2}, {1, 2, 2, 1, 2, 1, 2, 1}, {0, 1, 1, 0, 0, 0, 1, 0},
                   {0, 1, 0, 0, 1, 0, 0, 0});  // rank 8
}

TEST_CASE("batchToSpace: error rules", "[batchToSpace][errors]") {
  const auto inv = ErrorCode::InvalidArgument;
  const auto mis = ErrorCode::ShapeMismatch;
  const auto oom = ErrorCode::OutOfMemory;
  const th::Ints z4{0, 0, 0, 0};
  const char* op = "batchToSpace";
  check_error([&] { return batch_to_space_shape({6}, {1}, {0}, {0}); }, inv, op, {"x.shape [6]"},
              {"rank 2 or more"});
  check_error([&] { return batch_to_space_shape({4, 1, 2, 1}, {1, 2}, {0, 0}, {0, 0}); }, inv, op,
              {"blockShape [1, 2]"}, {"has 2 values"});
  check_error([&] { return batch_to_space_shape({4, 1, 2, 1}, {1, 1, 2, 1}, {0}, z4); }, inv, op,
              {"cropsBegin [0]"}, {"1 values"});
  check_error([&] { return batch_to_space_shape({4, 1, 2, 1}, {1, 1, 2, 1}, z4, {0, 0, 0}); }, inv, op,
              {"cropsEnd [0, 0, 0]"}, {"3 values"});
  check_error([&] { return batch_to_space_shape({4, 1, 2, 1}, {1, 1, 0, 1}, z4, z4); }, inv, op,
              {"blockShape"}, {"value 0 at index 2"});
  check_error([&] { return batch_to_space_shape({4, 1, 2, 1}, {4, 1, 1, 1}, z4, z4); }, inv, op,
              {"blockShape [4, 1, 1, 1]"}, {"the batch axis must have block 1"});
  check_error([&] { return batch_to_space_shape({4, 1, 2, 1}, {1, 1, 2, 1}, {0, 0, -1, 0}, z4); }, inv,
              op, {"cropsBegin"}, {"value -1 at index 2; crops must be 0 or more"});
  check_error([&] { return batch_to_space_shape({4, 1, 2, 1}, {1, 1, 2, 1}, z4, {0, -2, 0, 0}); }, inv,
              op, {"cropsEnd"}, {"value -2 at index 1"});
  check_error([&] { return batch_to_space_shape({4, 1, 2, 1}, {1, 1, 2, 1}, {1, 0, 0, 0}, z4); }, inv,
              op, {"cropsBegin [1, 0, 0, 0]"}, {"the batch axis takes no crops"});
  check_error([&] { return batch_to_space_shape({3, 1, 2, 1}, {1, 1, 2, 1}, z4, z4); }, mis, op,
              {"x.shape [3, 1, 2, 1]"}, {"batch 3, not divisible by the block volume 2"});
  check_error([&] { return batch_to_space_shape({2, 1, 2, 1}, {1, 1, 2, 1}, {0, 0, 3, 0}, {0, 0, 2, 0}); },
              mis, op, {"cropsBegin 3 and cropsEnd 2"}, {"at axis 2 remove more than its 4 elements"});
  check_error([&] { return batch_to_space_shape({2, 1, 2, 1}, {1, 1, 2, 1}, {0, 0, 5, 0}, z4); }, mis,
              op, {"cropsBegin 5"}, {"axis 2"});
  check_error([&] { return th::Call(op, {{2, 1, 2, 1}}).with("blockShape", {1, 1, 2, 1}).with("cropsBegin", z4)
                               .with("cropsEnd", z4).plan(5); },
              inv, op, {""}, {"5"});
  const int64_t max = std::numeric_limits<int64_t>::max();
  check_error([&] { return batch_to_space_shape({0, 3, 3}, {1, max, 2}, {0, 0, 0}, {0, 0, 0}); }, inv, op,
              {"blockShape"}, {"overflows 64 bits"});
  check_error([&] { return batch_to_space_shape({0, 3, 3}, {1, max / 2, 1}, {0, 0, 0}, {0, 0, 0}); }, oom,
              op, {"blockShape value"}, {"overflows 64 bits"});
  check_error([&] { return batch_to_space_shape({0, 3, 3}, {1, int64_t{1} << 52, 1}, {0, 0, 0}, {0, 0, 0}); },
              oom, op, {"output dim"}, {"beyond 2^53"});
  // Crops of the whole uncropped size are fine; any more is not.
  CHECK(str(batch_to_space_shape({0, 3, 3}, {1, max / 4, 1}, {0, max / 4 * 3 - 5, 0}, {0, 5, 0})) ==
        "[0, 0, 3]");
}

TEST_CASE("batchToSpace: random cases agree with the reference; it undoes spaceToBatch",
          "[batchToSpace][round trip]") {
  th::Rng rng(20261127);
  for (int i = 0; i < 400; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(2, 5));
    const Shape x = th::random_shape(rng, rank, 6, 150);
    th::Ints block(rank, 1), begin(rank, 0), end(rank, 0);
    for (size_t k = 1; k < rank; ++k) {
      block[k] = rng.uniform(1, 3);
      begin[k] = rng.chance(50) ? rng.uniform(0, 4) : 0;
      end[k] = rng.uniform(0, 2);
      end[k] += (block[k] - (x[k] + begin[k] + end[k]) % block[k]) % block[k];
    }
    INFO("x.shape " << str(x) << " blockShape " << str(block) << " pads/crops " << str(begin) << " "
                    << str(end));
    const size_t w = th::kWidths[i % 4];
    const Result<CopyPlan> to_batch = plan_space_to_batch(x, block, begin, end, w);
    REQUIRE(to_batch.ok());
    const Shape batch = to_batch.value().output_shape;
    // batchToSpace of the batch against the reference.
    const auto gather = ref::batch_to_space(batch, block, begin, end);
    REQUIRE(gather);
    const Result<CopyPlan> back = plan_batch_to_space(batch, block, begin, end, w);
    th::check_plan(back, batch_to_space_shape(batch, block, begin, end), batch, *gather, w,
                   static_cast<uint64_t>(i));
    REQUIRE(back.ok());
    CHECK(str(back.value().output_shape) == str(x));
    // The round trip through both plans gives x back, byte for byte.
    const size_t n = static_cast<size_t>(ref::volume(x)) * w;
    std::vector<unsigned char> data(n + 1), middle(static_cast<size_t>(ref::volume(batch)) * w + 1, 0xAB),
        again(n + 1, 0xCD);
    for (size_t b = 0; b < n; ++b) data[b] = static_cast<unsigned char>(rng.uniform(0, 255));
    execute(to_batch.value(), data.data(), middle.data());
    execute(back.value(), middle.data(), again.data());
    data.pop_back();
    again.pop_back();
    CHECK(again == data);
    // And the references compose to the identity.
    const auto forth = ref::space_to_batch(x, block, begin, end);
    REQUIRE(forth);
    for (size_t j = 0; j < gather->from.size(); ++j) {
      CHECK(forth->from[static_cast<size_t>(gather->from[j])] == static_cast<int64_t>(j));
    }
    // Random crops that need not come from a spaceToBatch.
    th::Ints crop_begin(rank, 0), crop_end(rank, 0);
    for (size_t k = 1; k < rank; ++k) {
      const int64_t whole = batch[k] * block[k];
      crop_begin[k] = rng.uniform(0, whole);
      crop_end[k] = rng.uniform(0, whole - crop_begin[k]);
    }
    const auto cropped = ref::batch_to_space(batch, block, crop_begin, crop_end);
    REQUIRE(cropped);
    th::check_plan(plan_batch_to_space(batch, block, crop_begin, crop_end, w),
                   batch_to_space_shape(batch, block, crop_begin, crop_end), batch, *cropped, w);
  }
}
