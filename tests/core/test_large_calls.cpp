// Calls whose arguments are large but whose output is small: a tensor of a
// very high rank. Validation and planning must take time linear in the
// rank: each of these took seconds to minutes while some step was quadratic
// (axes split or inserted one at a time into a view, a volume recomputed per
// axis, one copy or fill of every axis per piece of a pad or spaceToBatch).
// Only a coarse bound on time is asserted (seconds for what takes
// milliseconds, so a loaded machine or a sanitizer cannot trip it, and a
// quadratic step at rank 100000, which took seconds per call, does); the
// plans' sizes are checked where they were the cause.
#include "gather_common.hpp"
#include "helpers.hpp"

#include <chrono>
#include <cstring>
#include <limits>
#include <map>
#include <numeric>

using namespace tensor_ops;
using th::Ints;
using th::str;

namespace {

constexpr int64_t kAbsent = std::numeric_limits<int64_t>::min();  // a parameter not given
constexpr int64_t kSingle = std::numeric_limits<int64_t>::min() + 1;  // IntOrInts given as one integer

// A call's words as the bindings receive them (see decode_args).
std::vector<int64_t> words_of(const Shape& input, std::initializer_list<Ints> params) {
  std::vector<int64_t> w{static_cast<int64_t>(input.size())};
  w.insert(w.end(), input.begin(), input.end());
  for (const Ints& p : params) {
    if (p.size() == 1 && p[0] == kAbsent) {
      w.push_back(-1);
    } else if (p.size() == 2 && p[0] == kSingle) {
      w.push_back(-2);
      w.push_back(p[1]);
    } else {
      w.push_back(static_cast<int64_t>(p.size()));
      w.insert(w.end(), p.begin(), p.end());
    }
  }
  return w;
}

// An Indices parameter's words: [dtype code, data length, dims...] (int32).
Ints indices_words(const Shape& shape) {
  Ints w{static_cast<int64_t>(IndexType::Int32), ref::volume(shape)};
  w.insert(w.end(), shape.begin(), shape.end());
  return w;
}

const OpSpec& spec_of(const std::string& name) {
  for (const OpSpec& s : op_table()) {
    if (name == s.name) return s;
  }
  FAIL("no operation " << name);
  return op_table()[0];
}

struct RankCase {
  const char* op;
  std::vector<int64_t> words;
  Shape output;
  std::vector<Shape> inputs = {};  // a list of tensors
  size_t index_count = 0;          // gather*: int32 zeros of this count, the second source
};

}  // namespace

TEST_CASE("high rank: every operation on a one-element tensor of rank 100000", "[rank]") {
  constexpr size_t R = 100000;
  const Shape x(R, 1);
  const Ints zeros(R, 0), ones(R, 1);
  Ints all(R);
  std::iota(all.begin(), all.end(), 0);
  const Ints A{kAbsent};
  Shape two = x;
  two[0] = 2;
  std::vector<RankCase> cases = {
      {"reshape", words_of(x, {ones, {0}}), x},
      {"broadcast", words_of(x, {ones, {0}, A}), x},
      {"spaceToDepth", words_of(x, {{1}, {1}, A}), x},
      {"depthToSpace", words_of(x, {{1}, {1}, {1}}), x},
      {"roll", words_of(x, {{1}, all}), x},
      {"transpose", words_of(x, {A}), x},
      {"slice", words_of(x, {zeros, ones, all, ones}), x},
      {"reverse", words_of(x, {A}), x},
      {"pad", words_of(x, {zeros, zeros, {0}, A}), x},
      {"pad", words_of(x, {zeros, zeros, {1}, A}), x},
      {"split", words_of(x, {{kSingle, 1}, A}), x},
      {"tile", words_of(x, {ones}), x},
      {"spaceToBatch", words_of(x, {ones, zeros, zeros}), x},
      {"batchToSpace", words_of(x, {ones, zeros, zeros}), x},
      {"gather", words_of(x, {indices_words({1}), {0}, {0}}), x, {}, 1},
      {"gatherElements", words_of(x, {indices_words(x), {-1}}), x, {}, 1},
      {"gatherND", words_of(x, {indices_words({static_cast<int64_t>(R)}), {0}}), {}, {}, R},
  };
  {  // concat([x, x], 0)
    std::vector<int64_t> w{2};
    for (int k = 0; k < 2; ++k) {
      w.push_back(static_cast<int64_t>(R));
      w.insert(w.end(), x.begin(), x.end());
    }
    w.insert(w.end(), {1, 0});
    cases.push_back({"concat", w, two, {x, x}});
  }
  std::map<std::string, int> count;
  for (const RankCase& c : cases) ++count[c.op];
  for (const OpSpec& spec : op_table()) {
    INFO("operation " << spec.name);
    CHECK(count[spec.name] >= 1);
  }
  for (const RankCase& c : cases) {
    INFO(c.op);
    const OpSpec& spec = spec_of(c.op);
    std::vector<int64_t> lengths(c.inputs.size(), 1);
    const int64_t* list = lengths.empty() ? nullptr : lengths.data();
    const auto start = std::chrono::steady_clock::now();
    const Result<Operator> shape_only = make_operator(spec, 4, c.words.data(), c.words.size(), -1, true, list);
    REQUIRE(shape_only.ok());
    CHECK(shape_only.value().output_shape == c.output);
    const Result<Operator> made = make_operator(spec, 4, c.words.data(), c.words.size(), 1, false, list);
    REQUIRE(made.ok());
    // Natively about 1-15 ms for both; seconds mean a step quadratic in the rank.
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
    const Operator& op = made.value();
    CHECK(op.output_shape == c.output);
    if (op.shape_only) continue;  // reshape: a view
    const int32_t in[2] = {41, 42};
    const std::vector<int32_t> indices(c.index_count, 0);
    std::vector<const void*> sources = {&in[0]};
    if (!c.inputs.empty()) sources = {&in[0], &in[1]};
    if (c.index_count > 0) sources.push_back(indices.data());
    int32_t out[3] = {-1, -1, -1};
    execute(op.plan, sources.data(), out);
    CHECK(out[0] == 41);
    if (!c.inputs.empty()) CHECK(out[1] == 42);
    CHECK(out[op.output_volume] == -1);
  }
}

namespace {

// The largest rank of a copy's or fill's dims in `plan`.
size_t widest(const CopyPlan& plan) {
  size_t most = 0;
  for (const StridedCopy& c : plan.copies) most = std::max(most, c.dims.size());
  for (const Fill& f : plan.fills) most = std::max(most, f.dims.size());
  return most;
}

}  // namespace

TEST_CASE("high rank: spaceToBatch and batchToSpace plan only the axes that move or pad", "[rank][spaceToBatch]") {
  constexpr size_t R = 20000;
  // Axis 0 a batch of 2, axis 7 a block of 2, axis 11 three elements padded
  // by 1 into two blocks of 2 (three rectangles, and padding), every other
  // axis a dim of 1 with nothing to do.
  Shape x(R, 1);
  Ints block(R, 1), begin(R, 0), end(R, 0);
  x[0] = 2;
  x[7] = 4;
  block[7] = 2;
  x[11] = 3;
  block[11] = 2;
  begin[11] = 1;
  const Result<CopyPlan> to_batch = plan_space_to_batch(x, block, begin, end, 2);
  REQUIRE(to_batch.ok());
  Shape batch(R, 1);
  batch[0] = 8;
  batch[7] = 2;
  batch[11] = 2;
  CHECK(to_batch.value().output_shape == batch);
  // Two dims per axis that matters (0, 7 and 11), none for the others.
  CHECK(widest(to_batch.value()) <= 6);
  CHECK(static_cast<int64_t>(to_batch.value().copies.size() + to_batch.value().fills.size()) ==
        batch_plan_size(x, batch, block, begin, true));
  th::check_plan(to_batch, space_to_batch_shape(x, block, begin, end), x,
                 *ref::space_to_batch(x, block, begin, end), 2);

  const Result<CopyPlan> back = plan_batch_to_space(batch, block, begin, end, 2);
  REQUIRE(back.ok());
  CHECK(back.value().output_shape == x);
  CHECK(widest(back.value()) <= 6);
  th::check_plan(back, batch_to_space_shape(batch, block, begin, end), batch,
                 *ref::batch_to_space(batch, block, begin, end), 2);

  // An empty space: the whole batch is padding, one fill.
  Shape empty = x;
  empty[3] = 0;
  Ints pads = end;
  pads[3] = 2;
  Ints blocks = block;
  blocks[3] = 2;
  const Result<CopyPlan> padding = plan_space_to_batch(empty, blocks, begin, pads, 4);
  REQUIRE(padding.ok());
  CHECK(padding.value().copies.empty());
  CHECK(padding.value().fills.size() == 1);
  CHECK(batch_plan_size(empty, padding.value().output_shape, blocks, begin, true) == 1);
  th::check_plan(padding, space_to_batch_shape(empty, blocks, begin, pads), empty,
                 *ref::space_to_batch(empty, blocks, begin, pads), 4);
}

TEST_CASE("high rank: pad plans only the axes that pad, crop or hold more than one element", "[rank][pad]") {
  constexpr size_t R = 20000;
  Shape x(R, 1);
  Ints begin(R, 0), end(R, 0);
  for (size_t k : {3, 50, 700}) {
    x[k] = 3;
    begin[k] = 1;
    end[k] = 2;
  }
  end[9000] = -1;  // a crop of a dim of 2
  x[9000] = 2;
  x[12000] = 3;    // a dim that is neither padded nor cropped
  for (PadMode mode : {PadMode::Constant, PadMode::Edge, PadMode::Reflect, PadMode::Symmetric, PadMode::Wrap}) {
    INFO("mode " << kPadModeNames[static_cast<int>(mode)]);
    const Result<CopyPlan> plan = plan_pad(x, begin, end, mode, std::nullopt, 1);
    REQUIRE(plan.ok());
    CHECK(widest(plan.value()) <= 5);  // the five axes that matter
    th::check_plan(plan, pad_shape(x, begin, end, mode, std::nullopt, 1), x,
                   *ref::pad(x, begin, end, mode, std::nullopt), 1);
  }
  // Cropped away entirely along one axis (and padded by 1 instead): the
  // output is one fill.
  Ints crop_begin = begin, crop_end = end;
  crop_begin[9000] = -2;
  crop_end[9000] = 1;
  const Result<CopyPlan> fill = plan_pad(x, crop_begin, crop_end, PadMode::Constant, 7, 1);
  REQUIRE(fill.ok());
  CHECK(fill.value().copies.empty());
  CHECK(fill.value().fills.size() == 1);
  th::check_plan(fill, pad_shape(x, crop_begin, crop_end, PadMode::Constant, 7, 1), x,
                 *ref::pad(x, crop_begin, crop_end, PadMode::Constant, 7), 1);
}
