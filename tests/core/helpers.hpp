// Shared test helpers: run a core CopyPlan and compare it with the reference,
// assert the shape of core errors, and a reproducible random source.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "call.hpp"
#include "operations/block_layout.hpp"
#include "reference_common.hpp"
#include "runtime/tensor_ops.hpp"

namespace th {

using tensor_ops::ErrorCode;
using tensor_ops::Shape;
using Ints = std::vector<int64_t>;

constexpr size_t kWidths[] = {1, 2, 4, 8};

std::string str(const Ints& v);  // "[1, 2]", the core's list format

// Runs `plan` on pseudo-random input of `input` shape and returns "" when
// the output matches the gather byte for byte (and nothing outside the output
// buffer was written, and the input was left untouched), else a description
// of the first difference.
std::string run_and_compare(const tensor_ops::CopyPlan& plan, const Shape& input,
                            const ref::Gather& gather, uint64_t seed);
// The same for any way of running: run(src, dst) fills an output of
// `output_shape` in elements of `width` bytes.
std::string run_and_compare(const Shape& output_shape, size_t width,
                            const std::function<void(const void*, void*)>& run, const Shape& input,
                            const ref::Gather& gather, uint64_t seed);

// Checks a plan against the reference: output shape (plan, reference and the
// op's *_shape() result agree), element width, and every byte of the output.
void check_plan(const tensor_ops::CopyPlan& plan, const Shape& shape_fn_result,
                const Shape& input, const ref::Gather& gather, size_t width,
                uint64_t seed = 1);

// Runs `plan` on the literal `input` values and returns the output values.
template <class T>
std::vector<T> run(const tensor_ops::CopyPlan& plan, const std::vector<T>& input) {
  REQUIRE(plan.elem_size == sizeof(T));
  std::vector<T> out(static_cast<size_t>(ref::volume(plan.output_shape)) + 1);
  tensor_ops::execute(plan, input.data(), out.data());
  out.pop_back();  // the extra element keeps data() valid for empty outputs
  return out;
}

std::vector<int32_t> iota(int32_t n, int32_t first = 1);

// True when `message` contains one of `options` (an empty list matches).
bool contains_any(const std::string& message, std::initializer_list<std::string> options);

// The output shape of a shape function's or a plan's value.
inline const Shape& output_shape_of(const Shape& shape) { return shape; }
inline const Shape& output_shape_of(const tensor_ops::CopyPlan& plan) { return plan.output_shape; }

// Asserts that `f` returns a tensor_ops::Status (or a Result) with `code`, a
// message starting with "<op>: ", naming one of `params` and containing one
// of `values`.
template <class F>
void check_error(F&& f, ErrorCode code, const std::string& op,
                 std::initializer_list<std::string> params,
                 std::initializer_list<std::string> values) {
  const auto result = f();
  const tensor_ops::Status& status = tensor_ops::status_of(result);
  if (status.ok()) {
    FAIL_CHECK("no error returned");
    return;
  }
  const std::string& message = status.message();
  INFO("message: " << message);
  CHECK(std::string(tensor_ops::error_code_name(status.code())) ==
        tensor_ops::error_code_name(code));
  CHECK_THAT(message, Catch::Matchers::StartsWith(op + ": "));
  CHECK(contains_any(message, params));
  CHECK(contains_any(message, values));
}

// The outcome of a call returning a Result<Shape> or Result<CopyPlan>:
// "ok <output shape>" or "<CODE> <message>".
template <class F>
std::string outcome(F&& f) {
  const auto result = f();
  if (!result.ok()) {
    return std::string(tensor_ops::error_code_name(result.status().code())) + " " +
           result.status().message();
  }
  return "ok " + str(output_shape_of(result.value()));
}

// A reproducible random source: the same cases natively and in wasm
// (std::uniform_int_distribution differs between libstdc++ and libc++).
struct Rng {
  std::mt19937_64 engine;
  explicit Rng(uint64_t seed) : engine(seed) {}
  int64_t uniform(int64_t lo, int64_t hi) {  // in [lo, hi]
    return lo + static_cast<int64_t>(engine() % static_cast<uint64_t>(hi - lo + 1));
  }
  bool chance(int percent) { return uniform(0, 99) < percent; }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<size_t>(uniform(0, static_cast<int64_t>(v.size()) - 1))];
  }
};

// A random shape of `rank` dims in [0, max_dim], rarely 0, with volume <= max_volume.
Shape random_shape(Rng& rng, size_t rank, int64_t max_dim, int64_t max_volume = 1500);

// Short names of the block operations' formats and modes, for the tables
// of cases the tests are made of.
constexpr auto NHWC = tensor_ops::DataFormat::NHWC;
constexpr auto NCHW = tensor_ops::DataFormat::NCHW;
constexpr auto VECT = tensor_ops::DataFormat::NCHW_VECT_C;
constexpr auto BF = tensor_ops::BlockMode::BlocksFirst;
constexpr auto DF = tensor_ops::BlockMode::DepthFirst;

}  // namespace th
