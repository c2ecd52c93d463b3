// Every entry of the operation table through the path the bindings take
// (argument words -> make_operator -> execute, and the operator cache),
// against the naive reference. The test fails for an entry of the table with
// no case here, so a new operation cannot skip it.
#include "gather_common.hpp"
#include "helpers.hpp"

#include <functional>
#include <cstring>
#include <limits>
#include <map>

using namespace tensor_ops;
using th::str;

namespace {

constexpr int64_t kAbsent = std::numeric_limits<int64_t>::min();  // a parameter not given

// A call as the bindings receive it: [rank, dims..., then per parameter its
// count (-1: not given) and values]; names are indices into the entry's list.
struct TableCase {
  const char* op;
  Shape input;  // for a list of tensors: the inputs laid end to end, [total]
  std::vector<int64_t> words;
  std::function<std::optional<ref::Gather>()> reference;
  std::vector<Shape> inputs = {};   // a list of tensors: each one's shape
  std::vector<Shape> outputs = {};  // several outputs: each one's shape (the gather: back to back)
  std::vector<unsigned char> index_data = {};  // gather*: the index tensor's bytes, the second source
};

// The words of a call on a list of tensors: [count, then each rank and dims].
std::vector<int64_t> list_words(const std::vector<Shape>& inputs, std::initializer_list<std::vector<int64_t>> params) {
  std::vector<int64_t> w{static_cast<int64_t>(inputs.size())};
  for (const Shape& s : inputs) {
    w.push_back(static_cast<int64_t>(s.size()));
    w.insert(w.end(), s.begin(), s.end());
  }
  for (const auto& p : params) {
    w.push_back(static_cast<int64_t>(p.size()));
    w.insert(w.end(), p.begin(), p.end());
  }
  return w;
}

// The reference's parts back to back, as one gather (split's block).
std::optional<ref::Gather> joined(const std::optional<std::vector<ref::Gather>>& parts) {
  if (!parts) return std::nullopt;
  ref::Gather g;
  for (const ref::Gather& p : *parts) g.from.insert(g.from.end(), p.from.begin(), p.from.end());
  g.shape = {static_cast<int64_t>(g.from.size())};
  return g;
}

std::vector<int64_t> words_of(const Shape& input, std::initializer_list<std::vector<int64_t>> params) {
  std::vector<int64_t> w{static_cast<int64_t>(input.size())};
  w.insert(w.end(), input.begin(), input.end());
  for (const auto& p : params) {
    if (p.size() == 1 && p[0] == kAbsent) {
      w.push_back(-1);
      continue;
    }
    w.push_back(static_cast<int64_t>(p.size()));
    w.insert(w.end(), p.begin(), p.end());
  }
  return w;
}

const std::vector<TableCase>& cases() {
  static const std::vector<TableCase> all = [] {
    const auto A = std::vector<int64_t>{kAbsent};
    std::vector<TableCase> c;
    auto add = [&](const char* op, const Shape& in, std::initializer_list<std::vector<int64_t>> params,
                   std::function<std::optional<ref::Gather>()> reference) {
      c.push_back({op, in, words_of(in, params), std::move(reference)});
    };
    add("reshape", {2, 3, 4}, {{4, -1}, {0}}, [] { return ref::reshape({2, 3, 4}, {4, -1}, false); });
    add("reshape", {2, 3, 4}, {{0, -1}, {1}}, [] { return ref::reshape({2, 3, 4}, {0, -1}, true); });
    add("broadcast", {3, 1}, {{2, 3, 4}, A, A},
        [] { return ref::broadcast({3, 1}, {2, 3, 4}, BroadcastMode::Numpy, std::nullopt); });
    add("broadcast", {3, 1, 2}, {{1, 1, 4, 1}, {1}, A},
        [] { return ref::broadcast({3, 1, 2}, {1, 1, 4, 1}, BroadcastMode::Bidirectional, std::nullopt); });
    add("broadcast", {3}, {{2, 3, 2}, {2}, {1}},
        [] { return ref::broadcast({3}, {2, 3, 2}, BroadcastMode::Explicit, th::Ints{1}); });
    add("spaceToDepth", {2, 4, 6, 3}, {{2}, A, A},
        [] { return ref::space_to_depth({2, 4, 6, 3}, 2, th::NHWC, th::BF); });
    add("spaceToDepth", {1, 2, 4, 6}, {{2}, {1}, {1}},
        [] { return ref::space_to_depth({1, 2, 4, 6}, 2, th::NCHW, th::DF); });
    add("depthToSpace", {1, 4, 2, 3, 4}, {{2}, {2}, {0}},
        [] { return ref::depth_to_space({1, 4, 2, 3, 4}, 2, th::VECT, th::BF); });
    add("roll", {4, 3}, {{-1, 2}, {0, 1}}, [] { return ref::roll({4, 3}, {-1, 2}, {0, 1}); });
    add("roll", {3, 4, 5}, {{2}, {-1, 0}}, [] { return ref::roll({3, 4, 5}, {2}, {-1, 0}); });
    add("transpose", {2, 3, 4}, {A}, [] { return ref::transpose({2, 3, 4}, std::nullopt); });
    add("transpose", {1, 5, 4, 3}, {{0, 3, 1, 2}}, [] { return ref::transpose({1, 5, 4, 3}, th::Ints{0, 3, 1, 2}); });
    add("slice", {4, 6, 5}, {{1, -2}, {3, 0}, {0, 1}, {1, -2}},
        [] { return ref::slice({4, 6, 5}, {1, -2}, {3, 0}, th::Ints{0, 1}, th::Ints{1, -2}); });
    add("slice", {3, 8}, {{1}, {7}, A, A}, [] { return ref::slice({3, 8}, {1}, {7}, std::nullopt, std::nullopt); });
    add("slice", {2, 9, 3}, {{0, -1}, {9, std::numeric_limits<int64_t>::min() + 1}, {-2, 0}, {2, -1}},
        [] { return ref::slice({2, 9, 3}, {0, -1}, {9, std::numeric_limits<int64_t>::min() + 1}, th::Ints{-2, 0}, th::Ints{2, -1}); });
    add("reverse", {3, 4, 5}, {A}, [] { return ref::reverse({3, 4, 5}, std::nullopt); });
    add("reverse", {3, 4, 5}, {{-1, 0}}, [] { return ref::reverse({3, 4, 5}, th::Ints{-1, 0}); });
    add("pad", {2, 3}, {{1, 2}, {0, 1}, A, {0x5A}},
        [] { return ref::pad({2, 3}, {1, 2}, {0, 1}, PadMode::Constant, 0x5A); });
    add("pad", {3, 4}, {{2, -1}, {2, 0}, {2}, A},
        [] { return ref::pad({3, 4}, {2, -1}, {2, 0}, PadMode::Reflect, std::nullopt); });
    add("pad", {2, 3}, {{5, 0}, {4, 7}, {4}, A},
        [] { return ref::pad({2, 3}, {5, 0}, {4, 7}, PadMode::Wrap, std::nullopt); });
    // squeeze, unsqueeze, flatten: the elements in order under the shape the rules give.
    add("squeeze", {2, 1, 3, 1}, {A}, [] { return ref::reshape({2, 1, 3, 1}, {2, 3}, false); });
    add("squeeze", {1, 4, 1}, {{-1}}, [] { return ref::reshape({1, 4, 1}, {1, 4}, false); });
    add("unsqueeze", {2, 3}, {{0, -1}}, [] { return ref::reshape({2, 3}, {1, 2, 3, 1}, false); });
    add("flatten", {2, 3, 4}, {A}, [] { return ref::reshape({2, 3, 4}, {2, 12}, false); });
    add("flatten", {2, 3, 4}, {{-1}}, [] { return ref::reshape({2, 3, 4}, {6, 4}, false); });
    add("flatten", {2, 3, 4}, {{3}}, [] { return ref::reshape({2, 3, 4}, {24, 1}, false); });
    auto add_list = [&](const char* op, const std::vector<Shape>& ins, std::initializer_list<std::vector<int64_t>> params,
                        std::function<std::optional<ref::Gather>()> reference) {
      int64_t total = 0;
      for (const Shape& s : ins) total += ref::volume(s);
      c.push_back({op, {total}, list_words(ins, params), std::move(reference), ins});
    };
    add_list("concat", {{2, 3}, {1, 3}, {4, 3}}, {{0}}, [] { return ref::concat({{2, 3}, {1, 3}, {4, 3}}, 0); });
    add_list("concat", {{2, 3, 2}, {2, 1, 2}}, {{-2}}, [] { return ref::concat({{2, 3, 2}, {2, 1, 2}}, -2); });
    // split(x, 3, { axis: 1 }): splits given as a number (count -2), then as a list.
    c.push_back({"split", {2, 6}, {2, 2, 6, -2, 3, 1, 1}, [] { return joined(ref::split({2, 6}, {3}, true, 1)); },
                 {}, {{2, 2}, {2, 2}, {2, 2}}});
    c.push_back({"split", {5, 2}, {2, 5, 2, 3, 1, -1, 3, -1}, [] { return joined(ref::split({5, 2}, {1, -1, 3}, false, 0)); },
                 {}, {{1, 2}, {1, 2}, {3, 2}}});
    add("tile", {2, 3}, {{2, 1, 2}}, [] { return ref::tile({2, 3}, {2, 1, 2}); });
    add("tile", {3, 1, 4}, {{3}}, [] { return ref::tile({3, 1, 4}, {3}); });
    add("spaceToBatch", {2, 4, 6, 3}, {{1, 2, 2, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}},
        [] { return ref::space_to_batch({2, 4, 6, 3}, {1, 2, 2, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}); });
    add("spaceToBatch", {1, 1, 3, 2}, {{1, 1, 2, 1}, {0, 0, 1, 0}, {0, 0, 0, 0}},
        [] { return ref::space_to_batch({1, 1, 3, 2}, {1, 1, 2, 1}, {0, 0, 1, 0}, {0, 0, 0, 0}); });
    add("batchToSpace", {8, 2, 3, 3}, {{1, 2, 2, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}},
        [] { return ref::batch_to_space({8, 2, 3, 3}, {1, 2, 2, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}); });
    add("batchToSpace", {2, 1, 2, 2}, {{1, 1, 2, 1}, {0, 0, 1, 0}, {0, 0, 0, 0}},
        [] { return ref::batch_to_space({2, 1, 2, 2}, {1, 1, 2, 1}, {0, 0, 1, 0}, {0, 0, 0, 0}); });
    // gather*(x, indices, ...): the indices' words are [count, dtype code, data length, dims...];
    // their bytes are the second source.
    auto add_indexed = [&](const char* op, const Shape& in, const gt::IndexData& idx, std::vector<int64_t> tail,
                           std::function<std::optional<ref::Gather>()> reference) {
      std::vector<int64_t> w{static_cast<int64_t>(in.size())};
      w.insert(w.end(), in.begin(), in.end());
      w.push_back(2 + static_cast<int64_t>(idx.shape.size()));
      w.push_back(static_cast<int64_t>(idx.type));
      w.push_back(static_cast<int64_t>(idx.values.size()));
      w.insert(w.end(), idx.shape.begin(), idx.shape.end());
      w.insert(w.end(), tail.begin(), tail.end());
      c.push_back({op, in, w, std::move(reference), {}, {}, idx.bytes});
    };
    static const gt::IndexData g1 = gt::make_indices(IndexType::Int64, {2, 2}, {2, 0, -1, 1});
    add_indexed("gather", {3, 4}, g1, {1, 1, -1}, [] { return ref::gather({3, 4}, {2, 2}, g1.values, 1, 0); });
    static const gt::IndexData g2 = gt::make_indices(IndexType::Uint32, {2, 3}, {1, 0, 2, 0, 0, 1});
    add_indexed("gather", {2, 3, 2}, g2, {1, 1, 1, 1}, [] { return ref::gather({2, 3, 2}, {2, 3}, g2.values, 1, 1); });
    static const gt::IndexData e1 = gt::make_indices(IndexType::Int32, {2, 3}, {3, -1, 0, 1, 2, -4});
    add_indexed("gatherElements", {2, 4}, e1, {1, -1}, [] { return ref::gather_elements({2, 4}, {2, 3}, e1.values, -1); });
    static const gt::IndexData n1 = gt::make_indices(IndexType::Uint64, {3, 2}, {0, 1, 1, 0, 1, 2});
    add_indexed("gatherND", {2, 3, 2}, n1, {-1}, [] { return ref::gather_nd({2, 3, 2}, {3, 2}, n1.values, 0); });
    return c;
  }();
  return all;
}

const OpSpec& spec_of(const char* name) {
  for (const OpSpec& s : op_table()) {
    if (std::string(s.name) == name) return s;
  }
  FAIL("no operation " << name);
  return op_table()[0];
}

}  // namespace

TEST_CASE("table: every operation has cases here, runs through its operator, matches the reference",
          "[table]") {
  std::map<std::string, int> count;
  for (const TableCase& c : cases()) ++count[c.op];
  for (const OpSpec& spec : op_table()) {
    INFO("operation " << spec.name);
    CHECK(count[spec.name] >= 1);
  }
  uint64_t seed = 1;
  for (const TableCase& c : cases()) {
    const OpSpec& spec = spec_of(c.op);
    const std::optional<ref::Gather> gather = c.reference();
    REQUIRE(gather);
    for (size_t w : th::kWidths) {
      INFO(c.op << " x.shape " << str(c.input) << " words " << str(c.words) << " width " << w);
      std::vector<int64_t> lengths;
      for (const Shape& s : c.inputs) lengths.push_back(ref::volume(s));
      const Result<Operator> made = make_operator(spec, w, c.words.data(), c.words.size(),
                                                  static_cast<double>(ref::volume(c.input)), false,
                                                  lengths.empty() ? nullptr : lengths.data());
      REQUIRE(made.ok());
      const Operator& op = made.value();
      CHECK(op.output_volume == ref::volume(gather->shape));
      CHECK(op.input_volume == ref::volume(c.input));
      CHECK(op.input_volumes.size() == (c.inputs.empty() ? 1 : c.inputs.size()));
      CHECK(spec.tensor_list == !c.inputs.empty());
      CHECK((spec.output_shapes != nullptr) == !c.outputs.empty());
      // Several outputs: their shapes, each one's rank, the block back to back.
      Shape block_shape = op.output_shape;
      if (!c.outputs.empty()) {
        Shape dims;
        std::vector<int64_t> ranks;
        for (const Shape& s : c.outputs) {
          dims.insert(dims.end(), s.begin(), s.end());
          ranks.push_back(static_cast<int64_t>(s.size()));
        }
        CHECK(op.output_shape == dims);
        CHECK(op.output_ranks == ranks);
        block_shape = {op.output_volume};
      }
      auto run = [&](const Operator& o) {
        return [&o, &c](const void* src, void* dst) {
          std::vector<const void*> sources = {src};
          int64_t at = 0;  // a list of tensors: each one where it lies in the joined input
          for (size_t k = 0; k < c.inputs.size(); ++k) {
            sources.resize(c.inputs.size());
            sources[k] = static_cast<const unsigned char*>(src) + at * static_cast<int64_t>(o.elem_size);
            at += ref::volume(c.inputs[k]);
          }
          if (!c.index_data.empty()) sources.push_back(c.index_data.data());
          if (o.shape_only) {  // a view: the same bytes
            std::memcpy(dst, src, static_cast<size_t>(o.input_volume) * o.elem_size);
          } else {
            execute(o.plan, sources.data(), dst);
          }
        };
      };
      CHECK(th::run_and_compare(block_shape, w, run(op), c.input, *gather, ++seed) == "");
      // The shape-only operator (ops.shapes.*) agrees.
      const Result<Operator> shape_only =
          make_operator(spec, w, c.words.data(), c.words.size(), -1, true);
      REQUIRE(shape_only.ok());
      CHECK(shape_only.value().output_shape == op.output_shape);
      // Stored in the cache and found again, it runs the same.
      OperatorCache cache;
      const int64_t tag = OperatorCache::tag(0, w, false);
      const Operator* stored = cache.store(tag, c.words.data(), c.words.size(), op);
      REQUIRE(stored != nullptr);
      CHECK(cache.find(tag, c.words.data(), c.words.size()) == stored);
      CHECK(cache.find(OperatorCache::tag(0, w, true), c.words.data(), c.words.size()) == nullptr);
      CHECK(stored->output_ranks == op.output_ranks);
      CHECK(stored->input_volumes == op.input_volumes);
      CHECK(th::run_and_compare(block_shape, w, run(*stored), c.input, *gather, ++seed) == "");
    }
  }
}

TEST_CASE("table: errors through the table are the typed functions' errors", "[table][errors]") {
  auto outcome_of = [](const char* op, const std::vector<int64_t>& words, double data_length) {
    return th::outcome([&]() -> Result<Shape> {
      Result<Operator> made = make_operator(spec_of(op), 4, words.data(), words.size(), data_length, false);
      if (!made.ok()) return made.status();
      return made.value().output_shape;
    });
  };
  CHECK(outcome_of("roll", words_of({4, 3}, {{1}, {5}}), 12) ==
        th::outcome([] { return roll_shape({4, 3}, {1}, {5}); }));
  CHECK(outcome_of("reshape", words_of({4, 3}, {{-1, -1}, {0}}), 12) ==
        th::outcome([] { return reshape_shape({4, 3}, {-1, -1}, false); }));
  CHECK(outcome_of("broadcast", words_of({3}, {{2, 4}, {0}, {kAbsent}}), 3) ==
        th::outcome([] { return broadcast_shape({3}, {2, 4}, BroadcastMode::Numpy); }));
  // x.data's length against x.shape, before anything else.
  const std::vector<int64_t> roll_words = words_of({4, 3}, {{1}, {0}});
  th::check_error([&] { return make_operator(spec_of("roll"), 4, roll_words.data(), roll_words.size(), 11, false); },
                  ErrorCode::InvalidArgument, "roll", {"x.data"}, {"11", "[4, 3]", "12"});
  // Malformed words (never sent by the package) are errors, not reads past the end.
  const std::vector<int64_t> short_words = {2, 4};
  th::check_error([&] { return make_operator(spec_of("roll"), 4, short_words.data(), 2, -1, false); },
                  ErrorCode::InvalidArgument, "roll", {"malformed"}, {"2 words"});
  // A list of tensors: each one's data length, named by its index.
  const std::vector<int64_t> concat_words = list_words({{2, 3}, {1, 3}}, {{0}});
  const std::vector<int64_t> concat_lengths = {6, 4};
  th::check_error([&] {
    return make_operator(spec_of("concat"), 4, concat_words.data(), concat_words.size(), -1, false, concat_lengths.data());
  }, ErrorCode::InvalidArgument, "concat", {"tensors[1].data"}, {"4 elements", "[1, 3]"});
  CHECK(outcome_of("concat", list_words({{2, 3}, {2, 4}}, {{0}}), -1) ==
        th::outcome([] { return concat_shape({{2, 3}, {2, 4}}, 0); }));
  const std::vector<int64_t> bad_name = words_of({1, 2, 2, 1}, {{1}, {7}, {0}});
  th::check_error([&] { return make_operator(spec_of("spaceToDepth"), 4, bad_name.data(), bad_name.size(), -1, false); },
                  ErrorCode::InvalidArgument, "spaceToDepth", {"malformed"}, {"words"});
}

TEST_CASE("table: describe_ops is the table as JSON", "[table]") {
  const std::string json = describe_ops();
  for (const OpSpec& spec : op_table()) {
    CHECK(json.find(std::string("{\"name\":\"") + spec.name + "\"") != std::string::npos);
  }
  CHECK(json.find("\"names\":[\"numpy\",\"bidirectional\",\"explicit\"]") != std::string::npos);
  CHECK(json.find("{\"name\":\"reshape\",\"result\":\"view\"") != std::string::npos);
  CHECK(json.find("{\"name\":\"concat\",\"result\":\"copy\",\"input\":\"tensors\",\"output\":\"tensor\"") !=
        std::string::npos);
  CHECK(json.find("{\"name\":\"split\",\"result\":\"copy\",\"input\":\"tensor\",\"output\":\"tensors\"") !=
        std::string::npos);
  CHECK(json.find("{\"name\":\"splits\",\"kind\":\"intOrInts\"") != std::string::npos);
}
