// describe_long_runs: whenever it describes a plan, the words, run by an
// interpreter written here from their documented meaning, give the
// engine's bytes (random calls of every operation, large enough for long
// runs); pad's borders are elements or fills beside long runs, and a plan
// of elements alone stays in the engine; long_runs_alone tells plans of
// runs alone from the others.
#include <catch2/catch.hpp>

#include <cstring>
#include <map>

#include "engine/long_runs.hpp"
#include "gather_common.hpp"
#include "operations/gather.hpp"
#include "operations/pad.hpp"
#include "operations/reverse.hpp"
#include "operations/tile.hpp"
#include "helpers.hpp"
#include "random_calls.hpp"
#include "registry.hpp"

using namespace tensor_ops;

namespace {

// Calls f(src, dst, index) at every point of `loops` loops from words[at]
// (`width` words each: n, src stride, dst stride[, index stride]).
template <typename F>
void each_point(const std::vector<int64_t>& w, size_t at, int64_t loops, size_t width, int64_t s, int64_t d,
                int64_t p, F&& f) {
  if (loops == 0) {
    f(s, d, p);
    return;
  }
  for (int64_t i = 0; i < w[at]; ++i) {
    each_point(w, at + width, loops - 1, width, s + i * w[at + 1], d + i * w[at + 2],
               p + i * (width == 4 ? w[at + 3] : 0), f);
  }
}

int64_t index_at(const gt::IndexData& idx, int64_t p) { return static_cast<int64_t>(idx.values[static_cast<size_t>(p)]); }

using Bytes = std::vector<unsigned char>;

// Runs the words into `out`, entry by entry; every copy must lie inside
// its source and the output.
void interpret(const std::vector<int64_t>& w, const std::vector<const Bytes*>& sources,
               const std::optional<gt::IndexData>& idx, Bytes& out, std::map<int64_t, int>& kinds) {
  size_t at = 1;
  for (int64_t e = 0; e < w[0]; ++e) {
    const int64_t kind = w[at];
    ++kinds[kind];
    if (kind == 4) {  // a fill: the element's bytes, from the 32-bit words low and high
      unsigned char value[8];
      for (int b = 0; b < 8; ++b) value[b] = static_cast<unsigned char>(static_cast<uint64_t>(w[at + 1 + b / 4]) >> (8 * (b % 4)));
      const auto bytes = static_cast<size_t>(w[at + 4]);
      REQUIRE(bytes <= 8);
      each_point(w, at + 6, w[at + 5], 3, 0, w[at + 3], 0, [&](int64_t, int64_t d, int64_t) {
        const bool inside = 0 <= d && static_cast<size_t>(d) + bytes <= out.size();
        if (!inside) REQUIRE(inside);
        std::memcpy(out.data() + d, value, bytes);
      });
      at += 6 + 3 * static_cast<size_t>(w[at + 5]);
      continue;
    }
    const Bytes& from = w[at + 1] < 0 ? out : *sources[static_cast<size_t>(w[at + 1])];
    const unsigned char* src = from.data();
    const auto bytes = static_cast<size_t>(w[at + 4]);
    const auto move = [&](int64_t d, int64_t s) {
      const bool inside = 0 <= d && static_cast<size_t>(d) + bytes <= out.size() && 0 <= s &&
                          static_cast<size_t>(s) + bytes <= from.size();
      if (!inside) REQUIRE(inside);  // one assertion per copy would be millions
      std::memmove(out.data() + d, src + s, bytes);
    };
    if (kind == 2) {
      const int64_t dim = w[at + 5], stride = w[at + 6];
      each_point(w, at + 9, w[at + 8], 4, w[at + 2], w[at + 3], w[at + 7], [&](int64_t s, int64_t d, int64_t p) {
        int64_t v = index_at(*idx, p);
        if (v < 0) v += dim;
        move(d, s + v * stride);
      });
      at += 9 + 4 * static_cast<size_t>(w[at + 8]);
    } else {
      REQUIRE((kind == 1 || kind == 3));
      each_point(w, at + 6, w[at + 5], 3, w[at + 2], w[at + 3], 0, [&](int64_t s, int64_t d, int64_t) { move(d, s); });
      if (kind == 1) CHECK(static_cast<int64_t>(bytes) >= kLongRunMinBytes);
      at += 6 + 3 * static_cast<size_t>(w[at + 5]);
    }
  }
  CHECK(at == w.size());
}

}  // namespace

TEST_CASE("long runs: described plans give the engine's bytes, for every operation", "[long_runs]") {
  th::Rng rng(20261127);
  std::map<int64_t, int> kinds;
  for (const OpSpec& spec : op_table()) {
    if (!reg::moves_elements(spec)) continue;
    for (int i = 0; i < 200; ++i) {
      const size_t width = th::kWidths[static_cast<size_t>(i) % 4];
      const std::optional<rc::Call> call = rc::random_call(spec, rng, width, 4096);
      INFO(spec.name << " case " << i << " width " << width);
      REQUIRE(call);
      const CopyPlan plan = spec.plan(call->args, width).value();
      const std::vector<Shape> inputs = rc::shapes_of(call->args.inputs);
      const PreparedPlan prepared = prepare_plan(plan);
      std::vector<int64_t> words;
      if (!describe_long_runs(prepared, inputs.size(), &words)) {
        CHECK(words.empty());
        continue;
      }
      INFO(call->text);
      std::vector<Bytes> data;
      std::vector<const void*> sources;
      std::vector<const Bytes*> bytes;
      for (const Shape& s : inputs) {
        data.emplace_back(static_cast<size_t>(volume(s)) * width);
        for (unsigned char& b : data.back()) b = static_cast<unsigned char>(rng.engine());
      }
      for (const auto& d : data) {
        sources.push_back(d.data());
        bytes.push_back(&d);
      }
      if (call->indices) sources.push_back(call->indices->bytes.data());
      BadIndex bad;
      if (!check_indices(prepared, sources.data(), &bad)) continue;
      const size_t out_bytes = static_cast<size_t>(volume(plan.output_shape)) * width;
      Bytes expected(out_bytes, 0xA5), got(out_bytes, 0xA5);
      execute(prepared, sources.data(), expected.data());
      std::map<int64_t, int> these;
      interpret(words, bytes, call->indices, got, these);
      CHECK(got == expected);
      CHECK(long_runs_alone(words) == (these.count(3) == 0 && these.count(4) == 0));
      for (const auto& [kind, n] : these) kinds[kind] += n;
    }
  }
  // The property was exercised: runs, and some elements or fills beside them
  // (random pads below exercise those more).
  INFO("entries: " << kinds[1] << " runs, " << kinds[3] << " of elements, " << kinds[4] << " fills");
  CHECK(kinds[1] > 20);
  CHECK(kinds[3] + kinds[4] > 5);
}

TEST_CASE("long runs: random pads of long rows, every mode, give the engine's bytes", "[long_runs]") {
  th::Rng rng(27112026);
  std::map<int64_t, int> kinds;
  const PadMode modes[] = {PadMode::Constant, PadMode::Edge, PadMode::Reflect, PadMode::Symmetric};
  for (int i = 0; i < 200; ++i) {
    const size_t width = th::kWidths[static_cast<size_t>(i) % 4];
    const Shape shape{rng.uniform(1, 3), rng.uniform(2, 9), rng.uniform(512, 900) / static_cast<int64_t>(width) + 2};
    const PadMode mode = modes[i % 4];
    std::vector<int64_t> begin(3), end(3);
    for (size_t k = 0; k < 3; ++k) {
      const int64_t most = mode == PadMode::Reflect ? shape[k] - 1 : shape[k];
      begin[k] = rng.uniform(0, std::min<int64_t>(most, 3));
      end[k] = rng.uniform(0, std::min<int64_t>(most, 3));
    }
    const std::optional<uint64_t> value = mode == PadMode::Constant ? std::optional<uint64_t>(rng.engine() >> (64 - 8 * width)) : std::nullopt;
    const CopyPlan plan = plan_pad(shape, begin, end, mode, value, width).value();
    const PreparedPlan prepared = prepare_plan(plan);
    std::vector<int64_t> words;
    if (!describe_long_runs(prepared, 1, &words)) continue;
    INFO("pad of " << th::str(shape) << " width " << width << " mode " << static_cast<int>(mode));
    Bytes x(static_cast<size_t>(volume(shape)) * width);
    for (unsigned char& b : x) b = static_cast<unsigned char>(rng.engine());
    Bytes got(static_cast<size_t>(volume(plan.output_shape)) * width, 0xA5), expected(got);
    const void* sources[] = {x.data()};
    execute(prepared, sources, expected.data());
    std::map<int64_t, int> these;
    interpret(words, {&x}, std::nullopt, got, these);
    CHECK(got == expected);
    CHECK(long_runs_alone(words) == (these.count(3) == 0 && these.count(4) == 0));
    for (const auto& [kind, n] : these) kinds[kind] += n;
  }
  INFO("entries: " << kinds[1] << " runs, " << kinds[3] << " of elements, " << kinds[4] << " fills");
  CHECK(kinds[3] > 50);
  CHECK(kinds[4] > 20);
}

TEST_CASE("long runs: a gather of rows, negative indices too", "[long_runs]") {
  const gt::IndexData idx = gt::make_indices(IndexType::Int64, {2, 3}, {3, -1, 0, 39, -40, 7});
  const PreparedPlan plan = prepare_plan(plan_gather({40, 600}, idx.arg(), 0, 0, 2).value());
  std::vector<int64_t> words;
  REQUIRE(describe_long_runs(plan, 1, &words));
  Bytes x(40 * 600 * 2), got(6 * 600 * 2), expected(got.size());
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<unsigned char>(i * 13 + i / 509);
  const void* sources[] = {x.data(), idx.bytes.data()};
  execute(plan, sources, expected.data());
  std::map<int64_t, int> kinds;
  interpret(words, {&x}, idx, got, kinds);
  CHECK(got == expected);
  CHECK(kinds[2] == 1);
  CHECK(long_runs_alone(words));
}

TEST_CASE("long runs: pad's borders are elements or fills beside long runs", "[long_runs]") {
  for (const PadMode mode : {PadMode::Reflect, PadMode::Edge, PadMode::Symmetric, PadMode::Constant}) {
    const std::optional<uint64_t> value = mode == PadMode::Constant ? std::optional<uint64_t>(0x3F8000C1u) : std::nullopt;
    const PreparedPlan plan = prepare_plan(plan_pad({3, 64, 600}, {0, 4, 4}, {0, 4, 4}, mode, value, 4).value());
    std::vector<int64_t> words;
    REQUIRE(describe_long_runs(plan, 1, &words));
    std::map<int64_t, int> kinds;
    Bytes x(3 * 64 * 600 * 4), got(3 * 72 * 608 * 4), expected(got.size());
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<unsigned char>(i * 7 + i / 251);
    const void* sources[] = {x.data()};
    execute(plan, sources, expected.data());
    interpret(words, {&x}, std::nullopt, got, kinds);
    CHECK(got == expected);
    CHECK(kinds[1] >= 1);
    CHECK(kinds[mode == PadMode::Constant ? 4 : 3] >= 1);
    CHECK_FALSE(long_runs_alone(words));  // so kept inputs stay in the engine
  }
}

TEST_CASE("long runs: a plan of elements alone, or of too many, stays in the engine", "[long_runs]") {
  std::vector<int64_t> words;
  // Every element reversed: no run at all.
  CHECK_FALSE(describe_long_runs(prepare_plan(plan_reverse({64, 600}, std::vector<int64_t>{1}, 4).value()), 1, &words));
  CHECK(words.empty());
  // Borders of 100 beside runs of 200 (4 bytes each): 1 element in 3, over the budget.
  CHECK_FALSE(describe_long_runs(
      prepare_plan(plan_pad({16, 200}, {0, 100}, {0, 100}, PadMode::Edge, std::nullopt, 4).value()), 1, &words));
  // Borders of 2 beside the same runs: within it.
  CHECK(describe_long_runs(
      prepare_plan(plan_pad({16, 200}, {0, 2}, {0, 2}, PadMode::Edge, std::nullopt, 4).value()), 1, &words));
}

TEST_CASE("long runs: JavaScript takes them when its calls cost less than the engine's bytes", "[long_runs]") {
  std::vector<int64_t> words;
  // A tile of rows of 128 float32 (512 B) four times along them: 4 runs a
  // row, 512 rows; the run's length alone would have let JavaScript copy it.
  REQUIRE(describe_long_runs(prepare_plan(plan_tile({512, 128}, {1, 4}, 4).value()), 1, &words));
  const int64_t calls = 512 * 4;
  CHECK(long_runs_pay(words, calls * kRunCallBytes));
  CHECK_FALSE(long_runs_pay(words, calls * kRunCallBytes - 1));
  // A constant pad of a row above and below [4, 600]: the rows in one run
  // (one set) and two filled rows (a fill each), no call per element.
  REQUIRE(describe_long_runs(
      prepare_plan(plan_pad({4, 600}, {1, 0}, {1, 0}, PadMode::Constant, uint64_t{0}, 4).value()), 1, &words));
  CHECK(long_runs_pay(words, 3 * kRunCallBytes));
  CHECK_FALSE(long_runs_pay(words, 3 * kRunCallBytes - 1));
  CHECK_FALSE(long_runs_pay({}, int64_t{1} << 40));
}
