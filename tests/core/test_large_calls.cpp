// Calls whose arguments are large but whose output is small: a tensor of a
// very high rank. Validation and planning must take time linear in the
// rank: each of these took seconds to minutes while some step was quadratic
// (axes split or inserted one at a time into a view, a volume recomputed per
// axis, one copy or fill of every axis per piece of a pad or spaceToBatch).
// Only a coarse bound on time is asserted (seconds for what takes
// milliseconds, so a loaded machine or a sanitizer cannot trip it, and a
// quadratic step at rank 100000, which took seconds per call, does); the
// plans' sizes are checked where they were the cause.
#include "helpers.hpp"
#include "registry.hpp"
#include "ops/batch_to_space/reference.hpp"
#include "ops/concat/reference.hpp"
#include "ops/pad/reference.hpp"
#include "ops/space_to_batch/reference.hpp"
#include "ops/split/reference.hpp"

#include <chrono>
#include <numeric>

using namespace tensor_ops;
using th::Ints;
using th::str;

namespace {

const OpSpec& spec_of(const std::string& name) {
  for (const OpSpec& s : op_table()) {
    if (name == s.name) return s;
  }
  FAIL("no operation " << name);
  return op_table()[0];
}

}  // namespace

// Each operation's calls come from its registration (tests/core/ops/<op_snake>/calls.cpp).
TEST_CASE("high rank: every operation on a one-element tensor of rank 100000", "[rank]") {
  constexpr size_t R = 100000;
  for (const OpSpec& spec : op_table()) {
    if (!reg::moves_elements(spec)) continue;  // typed ones: their own test_<op>.cpp
    INFO("operation " << spec.name);
    const reg::OpCalls* calls = reg::find(spec.name);
    REQUIRE(calls != nullptr);
    const std::vector<reg::RankCase> cases = calls->rank_cases(R);
    CHECK(!cases.empty());
    for (const reg::RankCase& c : cases) {
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

// ---- Many parts: concat of many tensors, split into many parts ----

namespace {

// Runs a plan of one or many sources the ways the bindings and the tests do
// (one-source execute when it has one source; the prepared plan alone and
// on a pool whose threshold is 1 byte, so that every copy and run splits)
// and compares each with the reference. `inputs`: the sources' shapes, laid
// end to end in the buffer the reference indexes.
std::string run_all(const CopyPlan& plan, const std::vector<Shape>& inputs, const ref::Gather& gather, uint64_t seed,
                    bool pooled = true) {
  std::vector<int64_t> offsets;
  int64_t total = 0;
  for (const Shape& s : inputs) {
    offsets.push_back(total);
    total += ref::volume(s);
  }
  const int64_t w = static_cast<int64_t>(plan.elem_size);
  const PreparedPlan prepared = prepare_plan(plan);
  ThreadPool pool(3);
  for (int way = 0; way < 4; ++way) {
    if ((way < 2 && inputs.size() > 1) || (way % 2 && !pooled)) continue;
    if (way % 2) set_parallel_min_bytes(1);
    const std::string diff = th::run_and_compare(
        plan.output_shape, plan.elem_size,
        [&](const void* src, void* dst) {
          ThreadPool* p = way % 2 ? &pool : nullptr;
          if (way < 2) {
            execute(plan, src, dst, p);
            return;
          }
          std::vector<const void*> sources;
          for (int64_t o : offsets) sources.push_back(static_cast<const unsigned char*>(src) + o * w);
          execute(prepared, sources.data(), dst, p);
        },
        Shape{total}, gather, seed);
    set_parallel_min_bytes(kParallelMinBytes);
    if (!diff.empty()) return (way < 2 ? "execute(CopyPlan)" : "execute(PreparedPlan)") + std::string(way % 2 ? " pooled: " : ": ") + diff;
  }
  return "";
}

// The reference's parts back to back, as one gather (split's block).
ref::Gather joined(const std::vector<ref::Gather>& parts) {
  ref::Gather g;
  for (const ref::Gather& p : parts) g.from.insert(g.from.end(), p.from.begin(), p.from.end());
  g.shape = {static_cast<int64_t>(g.from.size())};
  return g;
}

}  // namespace

TEST_CASE("many parts: concat of more than kMaxPartCopies tensors is one run per input", "[parts][concat]") {
  th::Rng rng(2026);
  for (int i = 0; i < 120; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(1, 4));
    const Shape base = th::random_shape(rng, rank, 4, 64);
    const int64_t axis = rng.uniform(-static_cast<int64_t>(rank), static_cast<int64_t>(rank) - 1);
    const size_t a = static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(rank) : axis);
    std::vector<Shape> ins(static_cast<size_t>(rng.uniform(kMaxPartCopies + 1, 60)), base);
    for (Shape& s : ins) s[a] = rng.chance(10) ? 0 : rng.uniform(1, 3);
    const size_t w = th::kWidths[static_cast<size_t>(i) % 4];
    INFO("inputs " << ins.size() << " of " << str(base) << " axis " << axis << " width " << w);
    const Result<CopyPlan> plan = plan_concat(ins, axis, w);
    REQUIRE(plan.ok());
    CHECK(plan.value().copies.empty());
    const auto gather = ref::concat(ins, axis);
    REQUIRE(gather);
    CHECK(run_all(plan, ins, *gather, static_cast<uint64_t>(i)) == "");
  }
  // At most kMaxPartCopies inputs: a strided copy each, as before.
  const Result<CopyPlan> few = plan_concat(std::vector<Shape>(kMaxPartCopies, Shape{2, 3}), 1, 4);
  CHECK(few.value().copies.size() == kMaxPartCopies);
  CHECK(few.value().runs.runs.empty());

  // 100,000 tensors of one element, along either axis: one run each.
  const size_t n = 100000;
  {  // through the operation table: the shapes as one list, no allocation per tensor
    std::vector<int64_t> words{static_cast<int64_t>(n)};
    int64_t joined = 0, parts = 0;
    for (size_t k = 0; k < n; ++k) {
      const int64_t d = static_cast<int64_t>(k % 3);  // [2, 0], [2, 1], [2, 2], ...
      words.insert(words.end(), {2, 2, d});
      joined += d;
      parts += d > 0 ? 1 : 0;
    }
    words.insert(words.end(), {1, -1});
    const std::vector<int64_t> lengths(n, -1);
    const Result<Operator> op = make_operator(spec_of("concat"), 4, words.data(), words.size(), -1, false, lengths.data());
    REQUIRE(op.ok());
    CHECK(op.value().output_shape == Shape{2, joined});
    CHECK(op.value().input_volumes.size() == n);
    CHECK(op.value().input_volume == 2 * joined);
    CHECK(static_cast<int64_t>(op.value().plan.runs.runs.size()) == parts);
  }
  for (int64_t axis : {0, 1}) {
    const std::vector<Shape> ins(n, axis == 0 ? Shape{1, 2} : Shape{2, 1});
    const Result<CopyPlan> plan = plan_concat(ins, axis, 2);
    REQUIRE(plan.ok());
    CHECK(plan.value().runs.runs.size() == n);
    CHECK(plan.value().runs.rows == (axis == 0 ? 1 : 2));
    // (ref::concat searches the inputs per element: the gather by hand. Not
    // pooled either: a pool woken for every tiny run takes seconds.)
    ref::Gather gather;
    gather.shape = plan.value().output_shape;
    for (int64_t i = 0; i < static_cast<int64_t>(2 * n); ++i) {
      const int64_t r = i / static_cast<int64_t>(n), k = i % static_cast<int64_t>(n);
      gather.from.push_back(axis == 0 ? i : 2 * k + r);
    }
    CHECK(run_all(plan, ins, gather, 3, false) == "");
  }
}

TEST_CASE("many parts: split into many parts is one copy, or one run per part", "[parts][split]") {
  // Into 65536 parts of one element: the parts back to back are x itself.
  const int64_t n = kMaxSplitParts;
  const Result<CopyPlan> ones = plan_split({n}, {true, {n}}, 0, 1);
  REQUIRE(ones.ok());
  CHECK(ones.value().copies.size() == 1);
  const Result<ShapeList> list = split_shape_list({n}, {true, {n}}, 0);
  REQUIRE(list.ok());
  CHECK(list.value().ranks == Ints(static_cast<size_t>(n), 1));
  CHECK(list.value().dims == Ints(static_cast<size_t>(n), 1));
  CHECK(run_all(ones, {{n}}, joined(*ref::split({n}, {n}, true, 0)), 1) == "");
  // Equal parts after an outer dim: one copy of x seen as [parts, outer, part].
  const Result<CopyPlan> equal = plan_split({3, n}, {true, {n / 4}}, 1, 2);
  REQUIRE(equal.ok());
  CHECK(equal.value().copies.size() == 1);
  CHECK(run_all(equal, {{3, n}}, joined(*ref::split({3, n}, {n / 4}, true, 1)), 2) == "");
  // The same through the operation table: every part's shape in one list.
  const std::vector<int64_t> words = {1, n, -2, n, -1};
  const Result<Operator> op = make_operator(spec_of("split"), 1, words.data(), words.size(), static_cast<double>(n), false);
  REQUIRE(op.ok());
  CHECK(op.value().output_ranks.size() == static_cast<size_t>(n));
  CHECK(op.value().output_shape == Ints(static_cast<size_t>(n), 1));
  CHECK(op.value().output_volume == n);

  // Lengths that differ, after an outer dim: one run per part.
  th::Rng rng(65536);
  for (int i = 0; i < 120; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(2, 4));
    Shape in = th::random_shape(rng, rank, 3, 32);
    const size_t a = static_cast<size_t>(rng.uniform(1, static_cast<int64_t>(rank) - 1));
    in[0] = rng.uniform(2, 3);
    Ints lengths(static_cast<size_t>(rng.uniform(kMaxPartCopies + 1, 50)));
    for (int64_t& l : lengths) l = rng.chance(10) ? 0 : rng.uniform(1, 3);
    lengths[0] = lengths[1] + 1;  // not all equal
    in[a] = std::accumulate(lengths.begin(), lengths.end(), int64_t{0});
    const size_t w = th::kWidths[static_cast<size_t>(i) % 4];
    INFO("x.shape " << str(in) << " axis " << a << " lengths " << str(lengths) << " width " << w);
    const Result<CopyPlan> plan = plan_split(in, {false, lengths}, static_cast<int64_t>(a), w);
    REQUIRE(plan.ok());
    if (ref::volume(in) == 0) continue;
    CHECK(plan.value().copies.empty());
    CHECK(plan.value().runs.runs.size() <= lengths.size());
    const auto parts = ref::split(in, lengths, false, static_cast<int64_t>(a));
    REQUIRE(parts);
    CHECK(run_all(plan, {in}, joined(*parts), static_cast<uint64_t>(i)) == "");
  }
}

TEST_CASE("pad: borders copied from the output agree with the reference on a pool", "[parts][pad]") {
  th::Rng rng(17);
  const PadMode modes[] = {PadMode::Edge, PadMode::Reflect, PadMode::Symmetric, PadMode::Wrap};
  int checked = 0;
  for (int i = 0; i < 600; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(1, 4));
    const Shape in = th::random_shape(rng, rank, 5, 300);
    const PadMode mode = modes[i % 4];
    Ints pb(rank), pe(rank);
    for (size_t k = 0; k < rank; ++k) {
      pb[k] = rng.uniform(-2, 4);
      pe[k] = rng.uniform(-2, 4);
      if (mode == PadMode::Wrap && rng.chance(20)) pb[k] = rng.uniform(0, 12);
    }
    const size_t w = th::kWidths[static_cast<size_t>(i / 4) % 4];
    INFO("x.shape " << str(in) << " padsBegin " << str(pb) << " padsEnd " << str(pe) << " mode "
                    << kPadModeNames[static_cast<int>(mode)] << " width " << w);
    const auto gather = ref::pad(in, pb, pe, mode, std::nullopt);
    const Result<CopyPlan> plan = plan_pad(in, pb, pe, mode, std::nullopt, w);
    REQUIRE(plan.ok() == gather.has_value());
    if (!gather) continue;
    ++checked;
    CHECK(run_all(plan, {in}, *gather, static_cast<uint64_t>(i)) == "");
  }
  CHECK(checked > 300);
}
