// Every entry of the operation table through the path the bindings take
// (argument words -> make_operator -> execute, and the operator cache),
// against the naive reference, with the cases each operation registers
// (tests/core/ops/<op_snake>/calls.cpp, registry.hpp). The test fails for an
// entry of the table that registers no cases, so a new operation cannot skip it.
#include "helpers.hpp"
#include "registry.hpp"

#include <algorithm>
#include <cstring>
#include <set>

#include "operations/broadcast.hpp"
#include "operations/concat.hpp"
#include "operations/reshape.hpp"
#include "operations/roll.hpp"

using namespace tensor_ops;
using reg::kAbsent;
using reg::list_words;
using reg::words_of;
using th::str;

namespace {

const OpSpec& spec_of(const char* name) {
  for (const OpSpec& s : op_table()) {
    if (std::string(s.name) == name) return s;
  }
  FAIL("no operation " << name);
  return op_table()[0];
}

}  // namespace

TEST_CASE("table: every operation registers its cases, each piece of them", "[table]") {
  std::set<std::string> names;
  for (const OpSpec& spec : op_table()) {
    if (!reg::moves_elements(spec)) continue;  // typed ones: their own test_<op>.cpp
    INFO("operation " << spec.name << ": tests/core/ops/<op_snake>/calls.cpp registers nothing");
    names.insert(spec.name);
    const reg::OpCalls* calls = reg::find(spec.name);
    REQUIRE(calls != nullptr);
    CHECK(calls->table_cases != nullptr);
    CHECK(calls->rank_cases != nullptr);
    CHECK(calls->random_call != nullptr);
    if (calls->table_cases) CHECK(!calls->table_cases().empty());
  }
  // And nothing registered under a name the table does not have (a typo).
  for (const reg::OpCalls& calls : reg::registered()) {
    INFO("registered " << calls.op);
    CHECK(names.count(calls.op) == 1);
  }
  CHECK(reg::registered().size() == static_cast<size_t>(std::count_if(op_table().begin(), op_table().end(), reg::moves_elements)));
}

TEST_CASE("table: every operation runs through its operator and matches the reference", "[table]") {
  uint64_t seed = 1;
  for (const reg::OpCalls& calls : reg::registered()) {
    const OpSpec& spec = spec_of(calls.op);
    for (const reg::TableCase& c : calls.table_cases()) {
      const std::optional<ref::Gather> gather = c.reference();
      REQUIRE(gather);
      for (size_t w : th::kWidths) {
        INFO(calls.op << " x.shape " << str(c.input) << " words " << str(c.words) << " width " << w);
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
        const int64_t tag = OperatorCache::tag(0, op.dtype, false);
        const Operator* stored = cache.store(tag, c.words.data(), c.words.size(), op);
        REQUIRE(stored != nullptr);
        CHECK(cache.find(tag, c.words.data(), c.words.size()) == stored);
        CHECK(cache.find(OperatorCache::tag(0, op.dtype, true), c.words.data(), c.words.size()) == nullptr);
        CHECK(stored->output_ranks == op.output_ranks);
        CHECK(stored->input_volumes == op.input_volumes);
        CHECK(th::run_and_compare(block_shape, w, run(*stored), c.input, *gather, ++seed) == "");
      }
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

// What every call shares is checked once, before the operation's own rules
// (runtime/op_call.hpp): the same words, whatever the operation.
TEST_CASE("table: every operation checks the element size and its input shapes alike", "[table][errors]") {
  for (const reg::OpCalls& calls : reg::registered()) {
    const OpSpec& spec = spec_of(calls.op);
    const reg::TableCase c = calls.table_cases().front();
    const std::string op = spec.name;
    INFO(op << " words " << str(c.words));
    for (bool shape_only : {false, true}) {
      auto outcome = [&](size_t width, const std::vector<int64_t>& words) {
        return th::outcome([&]() -> Result<Shape> {
          Result<Operator> made = make_operator(spec, width, words.data(), words.size(), -1, shape_only);
          if (!made.ok()) return made.status();
          return made.value().output_shape;
        });
      };
      CHECK(outcome(3, c.words) == "INVALID_ARGUMENT " + op + ": element size 3 is not 1, 2, 4 or 8 bytes");
      // A negative dim in x.shape, or in the last tensor of a list.
      std::vector<int64_t> words = c.words;
      size_t at = 1;  // x's first dim
      std::string name = "x.shape";
      Shape input = c.input;
      if (spec.tensor_list) {
        const size_t last = c.inputs.size() - 1;
        for (size_t k = 0; k < last; ++k) at += 1 + c.inputs[k].size();
        at += 1;
        name = "tensors[" + std::to_string(last) + "].shape";
        input = c.inputs[last];
      }
      REQUIRE(!input.empty());
      words[at] = -3;
      input[0] = -3;
      CHECK(outcome(4, words) == "INVALID_ARGUMENT " + op + ": " + name + " " + str(input) +
                                     " has dim -3 at index 0; dims must be integers in [0, 2^53]");
      if (input.size() >= 2) {  // dims in range, but a volume beyond int64
        words[at] = words[at + 1] = int64_t{1} << 32;
        input[0] = input[1] = int64_t{1} << 32;
        CHECK(outcome(4, words) == "INVALID_ARGUMENT " + op + ": " + name + " " + str(input) +
                                       " has a volume that overflows 64 bits");
      }
    }
  }
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
