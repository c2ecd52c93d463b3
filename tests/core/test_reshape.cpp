// Reshape: the examples of docs/operations.md#reshape and every error rule.
#include "helpers.hpp"
#include "ops/reshape/reference.hpp"

using namespace tensor_ops;
using th::check_error;
using th::str;

namespace {

// Through the runtime, as the package calls: the checks every call makes, then reshape's.
Result<Shape> reshape_of(const Shape& in, const th::Ints& shape, bool special_zero) {
  return th::Call("reshape", {in}).with("shape", shape).with("specialZero", {special_zero ? 1 : 0}).shape();
}

}  // namespace

TEST_CASE("reshape: the document's five examples", "[reshape]") {
  CHECK(str(reshape_of({2, 5, 5, 0}, {0, 4}, false)) == "[0, 4]");
  CHECK(str(reshape_of({2, 5, 5, 24}, {0, -1, 4}, true)) == "[2, 150, 4]");
  CHECK(str(reshape_of({2, 2, 3}, {0, 0, 1, -1}, true)) == "[2, 2, 1, 3]");
  CHECK(str(reshape_of({3, 1, 1}, {-1, 0}, true)) == "[3, 1]");
  CHECK(str(reshape_of({3, 1, 1}, {0, -1}, true)) == "[3, 1]");
}

TEST_CASE("reshape: OpenVINO's -1 rule with copied zeros", "[reshape]") {
  // q = dims not copied (3), p = output dims neither -1 nor copied (1).
  CHECK(str(reshape_of({0, 3}, {0, -1}, true)) == "[0, 3]");
  CHECK(str(reshape_of({2, 3, 4}, {0, -1}, true)) == "[2, 12]");
  CHECK(str(reshape_of({2, 3, 4}, {-1}, false)) == "[24]");
  CHECK(str(reshape_of({2, 3, 4}, {3, -1, 0}, true)) == "[3, 2, 4]");
  CHECK(str(reshape_of({1, 1}, {}, false)) == "[]");
  CHECK(str(reshape_of({}, {1, 1}, false)) == "[1, 1]");
  CHECK(str(reshape_of({}, {-1}, false)) == "[1]");
}

TEST_CASE("reshape: keeps the elements in order", "[reshape]") {
  const CopyPlan plan = plan_reshape({2, 3, 2}, {3, -1}, false, 4);
  CHECK(str(plan.output_shape) == "[3, 4]");
  CHECK(th::run(plan, th::iota(12)) == th::iota(12));
  for (size_t w : th::kWidths) {
    const Shape in = {2, 5, 5, 4};
    th::check_plan(plan_reshape(in, {0, -1, 4}, true, w), reshape_of(in, {0, -1, 4}, true),
                   in, *ref::reshape(in, {0, -1, 4}, true), w);
  }
}

TEST_CASE("reshape: error rules", "[reshape][errors]") {
  const auto code_inv = ErrorCode::InvalidArgument;
  const auto code_mis = ErrorCode::ShapeMismatch;
  SECTION("a value below -1") {
    check_error([] { return reshape_of({2, 3}, {2, -2}, false); }, code_inv, "reshape", {"shape"},
                {"-2"});
    check_error([] { return plan_reshape({6}, {-7}, true, 4); }, code_inv, "reshape", {"shape"},
                {"-7"});
  }
  SECTION("two or more -1") {
    check_error([] { return reshape_of({4, 4}, {-1, 4, -1}, false); }, code_inv, "reshape",
                {"shape"}, {"[-1, 4, -1]"});
  }
  SECTION("a special zero past the input rank") {
    check_error([] { return reshape_of({6}, {6, 0}, true); }, code_inv, "reshape",
                {"shape", "specialZero"}, {"[6, 0]", "1"});
    check_error([] { return reshape_of({}, {0}, true); }, code_inv, "reshape",
                {"shape", "specialZero"}, {"[0]", "0"});
  }
  SECTION("-1 that does not divide") {
    check_error([] { return reshape_of({2, 3}, {4, -1}, false); }, code_mis, "reshape",
                {"shape", "x.shape"}, {"[4, -1]", "[2, 3]"});
  }
  SECTION("-1 next to a zero dim cannot be determined") {
    check_error([] { return reshape_of({0, 3}, {0, -1}, false); }, code_mis, "reshape",
                {"shape", "x.shape"}, {"[0, -1]", "[0, 3]"});
    check_error([] { return reshape_of({2, 3}, {0, -1}, false); }, code_mis, "reshape",
                {"shape", "x.shape"}, {"[0, -1]", "[2, 3]"});
  }
  SECTION("volumes differ") {
    check_error([] { return reshape_of({2, 3}, {4}, false); }, code_mis, "reshape",
                {"shape", "x.shape"}, {"[4]", "[2, 3]"});
    check_error([] { return reshape_of({2, 3}, {2, 0, 3}, false); }, code_mis, "reshape",
                {"shape", "x.shape"}, {"[2, 0, 3]", "[2, 3]"});
    check_error([] { return plan_reshape({2, 3}, {0, 2}, true, 1); }, code_mis, "reshape",
                {"shape", "x.shape"}, {"[0, 2]", "[2, 3]"});
  }
  SECTION("an empty shape needs one element") {
    check_error([] { return reshape_of({2}, {}, false); }, code_mis, "reshape", {"shape", "x.shape"},
                {"[]", "[2]"});
    check_error([] { return reshape_of({0}, {}, true); }, code_mis, "reshape", {"shape", "x.shape"},
                {"[]", "[0]"});
  }
  SECTION("bad input shapes") {
    check_error([] { return reshape_of({2, -1}, {-1}, false); }, code_inv, "reshape", {"x.shape"},
                {"-1"});
    const int64_t big = (int64_t{1} << 53) + 1;
    check_error([=] { return reshape_of({big}, {-1}, false); }, code_inv, "reshape", {"x.shape"},
                {std::to_string(big)});
    const int64_t g = int64_t{1} << 32;
    check_error([=] { return reshape_of({g, g}, {-1}, false); }, code_inv, "reshape", {"x.shape"},
                {str({g, g})});
  }
  SECTION("bad output dims") {
    const int64_t big = (int64_t{1} << 53) + 1;
    check_error([=] { return reshape_of({4}, {big}, false); }, code_inv, "reshape", {"shape"},
                {std::to_string(big)});
    const int64_t g = int64_t{1} << 40;
    check_error([=] { return reshape_of({4}, {g, g}, false); }, code_inv, "reshape", {"shape"},
                {str({g, g}), std::to_string(g)});
  }
  SECTION("element size") {
    for (size_t w : {3, 16, 0}) {
      check_error([=] { return th::Call("reshape", {{2}}).with("shape", {2}).plan(w); }, code_inv, "reshape", {},
                  {std::to_string(w)});
    }
  }
}
