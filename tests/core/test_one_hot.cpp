// oneHot through the operation table: the call's checks and messages (each
// before any kernel is made), the output's shape (axis at every place) and
// dtype, values as the output dtype's bits (left out: 0 and 1), every index
// dtype, strided indices sent back to be made contiguous, and the operator
// cache keeping the kernel. (The fill itself, index type by index type:
// test_one_hot_fill.cpp.)
#include <catch2/catch.hpp>

#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "operations/one_hot.hpp"
#include "runtime/operator.hpp"
#include "runtime/operator_cache.hpp"
#include "typed_views.hpp"

using namespace tensor_ops;

namespace {

// The `dtype` option's codes (one_hot.cpp's kOutputDtypes, float32 first).
enum OutCode { kF32 = 0, kI8 = 1, kU8 = 2, kBool = 3, kF16 = 6, kBf16 = 7, kI64 = 10, kU64 = 11, kF64 = 12 };

// The words of oneHot(indices of `shape`, depth, { axis, values (bits), dtype }).
std::vector<int64_t> words(const Shape& shape, int64_t depth, std::optional<int64_t> axis = {},
                           std::optional<std::pair<uint64_t, uint64_t>> values = {}, std::optional<int> dtype = {}) {
  std::vector<int64_t> w{static_cast<int64_t>(shape.size())};
  w.insert(w.end(), shape.begin(), shape.end());
  w.insert(w.end(), {1, depth});
  if (axis) w.insert(w.end(), {1, *axis});
  else w.push_back(-1);
  if (values) w.insert(w.end(), {2, static_cast<int64_t>(values->first), static_cast<int64_t>(values->second)});
  else w.push_back(-1);
  if (dtype) w.insert(w.end(), {1, *dtype});
  else w.push_back(-1);
  return w;
}

Result<Operator> make(DType indices, const std::vector<int64_t>& w, bool shape_only = false) {
  return make_operator(one_hot_op(), indices, w.data(), w.size(), -1, shape_only);
}

std::string error_of(DType indices, const std::vector<int64_t>& w) {
  const Result<Operator> op = make(indices, w);
  return op.ok() ? "ok" : op.status().message();
}

// The kernel's output as elements of T.
template <class T, class I>
std::vector<T> run(const Operator& op, const std::vector<I>& indices) {
  const std::vector<unsigned char> bytes = typed_views::output_of(op, indices.data(), 0xEE);
  std::vector<T> out(bytes.size() / sizeof(T));
  std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

template <class T, class I>
std::vector<T> one_hot(DType dtype, const std::vector<I>& indices, const std::vector<int64_t>& w) {
  const Result<Operator> op = make(dtype, w);
  REQUIRE(op.ok());
  return run<T>(op.value(), indices);
}

}  // namespace

TEST_CASE("oneHot: the output's shape and dtype, and the documented examples") {
  const Result<Operator> op = make(DType::Int32, words({3}, 4));
  REQUIRE(op.ok());
  CHECK(op.value().output_shape == Shape{3, 4});
  CHECK(op.value().output_dtypes == std::vector<DType>{DType::Float32});
  CHECK(op.value().output_bytes == 48);
  // An index in [-depth, depth) counts from the end when negative; one outside gives a row of values[0].
  CHECK(run<float>(op.value(), std::vector<int32_t>{1, -1, 4}) ==
        std::vector<float>{0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0});
  // axis 0: the new axis first; every place of the axis, counted from either end.
  CHECK(one_hot<float>(DType::Int8, std::vector<int8_t>{0, 2, -3}, words({3}, 3, 0)) ==
        std::vector<float>{1, 0, 1, 0, 0, 0, 0, 1, 0});
  CHECK(make(DType::Uint8, words({2, 3}, 5, 0)).value().output_shape == Shape{5, 2, 3});
  CHECK(make(DType::Uint8, words({2, 3}, 5, 1)).value().output_shape == Shape{2, 5, 3});
  CHECK(make(DType::Uint8, words({2, 3}, 5, 2)).value().output_shape == Shape{2, 3, 5});
  CHECK(make(DType::Uint8, words({2, 3}, 5, -1)).value().output_shape == Shape{2, 3, 5});
  CHECK(make(DType::Uint8, words({2, 3}, 5, -3)).value().output_shape == Shape{5, 2, 3});
  CHECK(make(DType::Uint8, words({}, 5)).value().output_shape == Shape{5});
  CHECK(make(DType::Uint8, words({0, 3}, 5)).value().output_shape == Shape{0, 3, 5});
  // values: the output dtype's bits (converted in JavaScript); left out, 0 and 1 of that dtype.
  CHECK(one_hot<uint16_t>(DType::Uint16, std::vector<uint16_t>{1, 7}, words({2}, 2, {}, {}, kF16)) ==
        std::vector<uint16_t>{0, 0x3c00, 0, 0});
  CHECK(one_hot<uint16_t>(DType::Int16, std::vector<int16_t>{0}, words({1}, 2, {}, {}, kBf16)) ==
        std::vector<uint16_t>{0x3f80, 0});
  CHECK(one_hot<double>(DType::Uint32, std::vector<uint32_t>{1}, words({1}, 2, {}, {}, kF64)) ==
        std::vector<double>{0, 1});
  CHECK(one_hot<uint8_t>(DType::Int64, std::vector<int64_t>{-2, 2}, words({2}, 2, {}, {}, kBool)) ==
        std::vector<uint8_t>{1, 0, 0, 0});
  const int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  CHECK(one_hot<int64_t>(DType::Uint64, std::vector<uint64_t>{~uint64_t{0}, 1},
                         words({2}, 2, {}, std::pair<uint64_t, uint64_t>{static_cast<uint64_t>(hi), static_cast<uint64_t>(lo)}, kI64)) ==
        std::vector<int64_t>{hi, hi, hi, lo});
  CHECK(one_hot<int8_t>(DType::Int32, std::vector<int32_t>{0, 1}, words({2}, 2, {}, std::pair<uint64_t, uint64_t>{0xFF, 5}, kI8)) ==
        std::vector<int8_t>{5, -1, -1, 5});
  // ops.shapes.oneHot: no kernel made.
  const Result<Operator> shapes = make(DType::Uint8, words({1, 512, 512}, 21, 1), true);
  REQUIRE(shapes.ok());
  CHECK(shapes.value().kernel == nullptr);
  CHECK(shapes.value().output_shape == Shape{1, 21, 512, 512});
}

TEST_CASE("oneHot: its errors name the parameter and its value") {
  CHECK(error_of(DType::Float32, words({3}, 4)) ==
        "oneHot: indices.dtype 'float32' is not an integer dtype: indices must be int8, uint8, int16, uint16, int32, "
        "uint32, int64 or uint64");
  CHECK(error_of(DType::Bool, words({3}, 4)).find("indices.dtype 'bool'") != std::string::npos);
  CHECK(error_of(DType::Int32, words({3}, 0)) == "oneHot: depth 0 is not positive: give depth >= 1");
  CHECK(error_of(DType::Int32, words({3}, std::numeric_limits<int64_t>::min())).find("depth -9223372036854775808") !=
        std::string::npos);
  CHECK(error_of(DType::Int32, words({3}, 4, 2)) ==
        "oneHot: axis 2 is outside [-2, 1] for indices of rank 1 (the output's rank is 2)");
  CHECK(error_of(DType::Int32, words({3}, 4, -3)) ==
        "oneHot: axis -3 is outside [-2, 1] for indices of rank 1 (the output's rank is 2)");
  CHECK(error_of(DType::Int32, words({}, 4, 1)) == "oneHot: axis 1 is outside [-1, 0] for indices of rank 0 (the output's rank is 1)");
  // Any depth: too large an output is OUT_OF_MEMORY, from the output-size check.
  CHECK(make(DType::Int32, words({3}, int64_t{1} << 62)).status().code() == ErrorCode::OutOfMemory);
  CHECK(make(DType::Int32, words({0}, int64_t{1} << 60)).status().code() == ErrorCode::OutOfMemory);
  CHECK(make(DType::Int32, words({0}, int64_t{1} << 53)).ok());
  if (sizeof(size_t) == 4) {
    CHECK(make(DType::Uint8, words({1 << 20}, 1 << 10, {}, {}, kF64), true).status().code() == ErrorCode::OutOfMemory);
    CHECK(make(DType::Uint8, words({1 << 20}, 1 << 10, {}, {}, kU8), true).ok());
  }
}

TEST_CASE("oneHot: strided indices are sent back to be made contiguous, once their checks pass") {
  const std::vector<int64_t> plain = words({2, 3, 4}, 5, 1);
  const Result<Operator> viewed = make(DType::Int16, typed_views::viewed(plain, {1, 2, 6}));
  REQUIRE(viewed.ok());
  CHECK(viewed.value().needs_contiguous == 0);
  CHECK(viewed.value().kernel == nullptr);
  // A view whose checks fail is refused as the plain indices are.
  CHECK(make(DType::Int16, typed_views::viewed(words({2, 3, 4}, 0), {1, 2, 6})).status().message() ==
        "oneHot: depth 0 is not positive: give depth >= 1");
  // ops.shapes.oneHot of a view: the shape alone.
  CHECK(make(DType::Int16, typed_views::viewed(plain, {1, 2, 6}), true).value().output_shape == Shape{2, 5, 3, 4});
}

TEST_CASE("oneHot: the operator cache keeps the kernel, and a hit runs it again") {
  OperatorCache cache;
  const std::vector<int64_t> w = words({2}, 3, {}, {}, kU8);
  const Result<Operator> op = make(DType::Int32, w);
  REQUIRE(op.ok());
  const int64_t tag = OperatorCache::tag(25, DType::Int32, false);
  const Operator* stored = cache.store(tag, w.data(), w.size(), op.value());
  REQUIRE(stored != nullptr);
  CHECK(stored->kernel == op.value().kernel);
  CHECK(cache.find(tag, w.data(), w.size()) == stored);
  // Other indices of the same width, or another output dtype, are another operator.
  CHECK(cache.find(OperatorCache::tag(25, DType::Uint32, false), w.data(), w.size()) == nullptr);
  const std::vector<int64_t> f32 = words({2}, 3);
  CHECK(cache.find(tag, f32.data(), f32.size()) == nullptr);
  CHECK(stored->output_dtypes == std::vector<DType>{DType::Uint8});
  CHECK(run<uint8_t>(*stored, std::vector<int32_t>{2, 0}) == std::vector<uint8_t>{0, 0, 1, 1, 0, 0});
}
