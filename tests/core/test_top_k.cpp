// topK through the operation table: the call's checks and messages, the two
// outputs' shapes, dtypes and places, the options' defaults, NaN, -0, ties
// and extremes, the kernel on views of any strides against the materialized
// input, and the operator cache keeping the kernel. (The selection itself,
// dtype by dtype and path by path: test_top_k_engine.cpp.)
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

#include "operations/top_k.hpp"
#include "runtime/operator.hpp"
#include "runtime/operator_cache.hpp"
#include "typed_views.hpp"

using namespace tensor_ops;

namespace {

constexpr int64_t kNone = -1;

// The words of topK(x of `shape`, k, { axis, largest, sorted, dtype (0: int32, 1: int64) }).
std::vector<int64_t> words(const Shape& shape, int64_t k, std::optional<int64_t> axis = {},
                           std::optional<bool> largest = {}, std::optional<bool> sorted = {},
                           std::optional<int> dtype = {}) {
  std::vector<int64_t> w{static_cast<int64_t>(shape.size())};
  w.insert(w.end(), shape.begin(), shape.end());
  w.insert(w.end(), {1, k});
  if (axis) w.insert(w.end(), {1, *axis});
  else w.push_back(kNone);
  for (std::optional<bool> b : {largest, sorted}) {
    if (b) w.insert(w.end(), {1, *b ? 1 : 0});
    else w.push_back(kNone);
  }
  if (dtype) w.insert(w.end(), {1, *dtype});
  else w.push_back(kNone);
  return w;
}

Result<Operator> make(DType dtype, const std::vector<int64_t>& w, bool shape_only = false) {
  return make_operator(top_k_op(), dtype, w.data(), w.size(), -1, shape_only);
}

std::string error_of(const std::vector<int64_t>& w) {
  const Result<Operator> op = make(DType::Float32, w);
  return op.ok() ? "ok" : op.status().message();
}

// The two outputs: values as T, indices widened to int64.
template <class T>
struct Outputs {
  std::vector<T> values;
  std::vector<int64_t> indices;
};

template <class T>
Outputs<T> run(const Operator& op, const std::vector<T>& x) {
  const std::vector<unsigned char> block = typed_views::output_of(op, x.data());
  const size_t n = static_cast<size_t>(op.output_volume / 2);
  Outputs<T> o{std::vector<T>(n), std::vector<int64_t>(n)};
  if (n > 0) std::memcpy(o.values.data(), block.data() + op.output_offsets[0], n * sizeof(T));
  for (size_t j = 0; j < n; ++j) {
    const unsigned char* at = block.data() + op.output_offsets[1];
    if (op.output_dtypes[1] == DType::Int64) {
      std::memcpy(&o.indices[j], at + 8 * j, 8);
    } else {
      int32_t i;
      std::memcpy(&i, at + 4 * j, 4);
      o.indices[j] = i;
    }
  }
  return o;
}

template <class T>
Outputs<T> top_k(const std::vector<T>& x, DType dtype, const std::vector<int64_t>& w) {
  const Result<Operator> op = make(dtype, w);
  REQUIRE(op.ok());
  return run(op.value(), x);
}

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

std::vector<uint32_t> bits_of(const std::vector<float>& v) {
  std::vector<uint32_t> b(v.size());
  std::memcpy(b.data(), v.data(), v.size() * 4);
  return b;
}

}  // namespace

TEST_CASE("topK: the outputs' shapes, dtypes and places, the defaults, and the documented examples") {
  const Result<Operator> op = make(DType::Float32, words({2, 3}, 2));
  REQUIRE(op.ok());
  // Two outputs of x's shape with k at the axis (the last by default), back to back, each 16-byte aligned.
  CHECK(op.value().output_ranks == std::vector<int64_t>{2, 2});
  CHECK(op.value().output_shape == Shape{2, 2, 2, 2});
  CHECK(op.value().output_dtypes == std::vector<DType>{DType::Float32, DType::Int32});
  CHECK(op.value().output_offsets == std::vector<int64_t>{0, 16});
  CHECK(op.value().output_bytes == 32);
  const Result<Operator> wide = make(DType::Uint8, words({3, 5}, 1, 0, {}, {}, 1));
  REQUIRE(wide.ok());
  CHECK(wide.value().output_shape == Shape{1, 5, 1, 5});
  CHECK(wide.value().output_dtypes == std::vector<DType>{DType::Uint8, DType::Int64});
  CHECK(wide.value().output_offsets == std::vector<int64_t>{0, 16});
  CHECK(make(DType::Uint8, words({3, 4, 5}, 0, -2)).value().output_shape == Shape{3, 0, 5, 3, 0, 5});
  CHECK(make(DType::Uint8, words({3, 0}, 0)).value().output_shape == Shape{3, 0, 3, 0});

  // Largest first, ties by index; NaN above +Infinity.
  const std::vector<float> x{1, 5, 5, kNaN, 2, kInf};
  Outputs<float> o = run(op.value(), x);
  CHECK(bits_of(o.values) == bits_of({5, 5, kNaN, kInf}));
  CHECK(o.indices == std::vector<int64_t>{1, 2, 0, 2});
  // The smallest: NaN last; sorted false: index order.
  o = top_k(x, DType::Float32, words({2, 3}, 2, 1, false));
  CHECK(bits_of(o.values) == bits_of({1, 5, 2, kInf}));
  CHECK(o.indices == std::vector<int64_t>{0, 1, 1, 2});
  o = top_k(x, DType::Float32, words({2, 3}, 3, -1, false));
  CHECK(o.indices == std::vector<int64_t>{0, 1, 2, 1, 2, 0});
  o = top_k(x, DType::Float32, words({2, 3}, 2, -1, true, false));
  CHECK(o.indices == std::vector<int64_t>{1, 2, 0, 2});
  o = top_k(std::vector<float>{3, 1, 2, 9, 7, 8}, DType::Float32, words({2, 3}, 2, -1, true, false));
  CHECK(o.indices == std::vector<int64_t>{0, 2, 0, 2});
  // Along axis 0.
  o = top_k(std::vector<float>{3, 1, 2, 9, 7, 8}, DType::Float32, words({2, 3}, 1, 0));
  CHECK(o.values == std::vector<float>{9, 7, 8});
  CHECK(o.indices == std::vector<int64_t>{1, 1, 1});
  // -0 equals +0: a tie, kept in index order with its own bits.
  o = top_k(std::vector<float>{-0.f, 0.f}, DType::Float32, words({2}, 2));
  CHECK(bits_of(o.values) == bits_of({-0.f, 0.f}));
  CHECK(o.indices == std::vector<int64_t>{0, 1});
  // bool: false < true; the extremes of the 64-bit integers, exact.
  Outputs<uint8_t> b = top_k(std::vector<uint8_t>{0, 1, 1}, DType::Bool, words({3}, 1, {}, false));
  CHECK(b.indices == std::vector<int64_t>{0});
  const int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  Outputs<int64_t> i64 = top_k(std::vector<int64_t>{lo, hi, hi - 1, -1}, DType::Int64, words({4}, 4, {}, {}, {}, 1));
  CHECK(i64.values == std::vector<int64_t>{hi, hi - 1, -1, lo});
  CHECK(i64.indices == std::vector<int64_t>{1, 2, 3, 0});
  Outputs<uint64_t> u64 = top_k(std::vector<uint64_t>{~uint64_t{0}, 0}, DType::Uint64, words({2}, 1));
  CHECK(u64.indices == std::vector<int64_t>{0});
  // The same bits mean other values in other dtypes: 0xFF is int8 -1, uint8 255.
  CHECK(top_k(std::vector<uint8_t>{0xFF, 1}, DType::Int8, words({2}, 1)).indices == std::vector<int64_t>{1});
  CHECK(top_k(std::vector<uint8_t>{0xFF, 1}, DType::Uint8, words({2}, 1)).indices == std::vector<int64_t>{0});
  // float16 bits: 0x7E00 is NaN, 0x3C00 is 1, 0xFC00 -Infinity.
  Outputs<uint16_t> h = top_k(std::vector<uint16_t>{0x3C00, 0x7E00, 0xFC00}, DType::Float16, words({3}, 3));
  CHECK(h.values == std::vector<uint16_t>{0x7E00, 0x3C00, 0xFC00});
  // k = 0: two empty outputs, nothing run.
  CHECK(top_k(x, DType::Float32, words({2, 3}, 0)).values.empty());
  // ops.shapes.topK: no kernel made.
  const Result<Operator> shapes = make(DType::Uint8, words({1, 32000}, 50), true);
  REQUIRE(shapes.ok());
  CHECK(shapes.value().kernel == nullptr);
  CHECK(shapes.value().output_shape == Shape{1, 50, 1, 50});
}

TEST_CASE("topK: its errors name k, the axis and the dim") {
  CHECK(error_of(words({}, 0)) ==
        "topK: x is a scalar (shape []): there is no axis to take the top k along; give x of rank >= 1");
  CHECK(error_of(words({2, 3}, 1, 2)) == "topK: axis value 2 is out of range [-2, 2) for rank 2");
  CHECK(error_of(words({2, 3}, 1, -3)) == "topK: axis value -3 is out of range [-2, 2) for rank 2");
  CHECK(error_of(words({2, 3}, 4)) == "topK: k 4 is out of range [0, 3]: x.shape[1] = 3");
  CHECK(error_of(words({2, 3}, -1)) == "topK: k -1 is out of range [0, 3]: x.shape[1] = 3");
  CHECK(error_of(words({2, 3}, 3, 0)) == "topK: k 3 is out of range [0, 2]: x.shape[0] = 2");
  CHECK(error_of(words({2, 0}, 1)) == "topK: k 1 is out of range [0, 0]: x.shape[1] = 0");
  CHECK(error_of(words({2, 0}, 0)) == "ok");
  CHECK(error_of(words({2, 3}, 3)) == "ok");
  CHECK(make(DType::Float32, words({}, 0), true).status().code() == ErrorCode::InvalidArgument);
  CHECK(make(DType::Float32, words({5}, 6), true).status().code() == ErrorCode::InvalidArgument);
  // The outputs' size is checked in their own dtypes: 2^29 float64 values and int64 indices do not fit 32 bits.
  if (sizeof(size_t) == 4) {
    CHECK(make(DType::Float64, words({1 << 29, 1}, 1, 1, {}, {}, 1), true).status().code() == ErrorCode::OutOfMemory);
  }
}

TEST_CASE("topK: views of any strides give what the materialized input gives") {
  std::vector<uint8_t> data(24 * 8);
  // Few distinct values: ties everywhere; 0xFF bytes are NaNs for the floats.
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>((i * 7 + i / 5) % 4 == 0 ? 0xFF : i % 3);
  const std::vector<typed_views::ViewCase> views = {
      {{2, 3, 4}, {12, 4, 1}, 0},     // contiguous
      {{2, 3, 4}, {-12, 4, -1}, 15},  // axes 0 and 2 backwards
      {{4, 3, 2}, {1, 4, 12}, 0},     // transposed
      {{2, 3, 4}, {12, 0, 1}, 4},     // axis 1 broadcast from row 1
      {{2, 3, 2}, {12, -4, 2}, 9},    // rows backwards, every other column
  };
  for (const typed_views::ViewCase& v : views) {
    for (DType dtype : {DType::Int8, DType::Bool, DType::Uint16, DType::Float16, DType::Bfloat16, DType::Float32,
                        DType::Uint64, DType::Float64}) {
      const size_t w = dtype_bytes(dtype);
      std::vector<uint8_t> base = data;
      if (dtype == DType::Bool) for (uint8_t& b : base) b &= 1;
      const std::vector<uint8_t> dense = typed_views::dense_of(base, v, w);
      for (int64_t axis : {0, 1, -1}) {
        for (int variant = 0; variant < 4; ++variant) {
          const int64_t dim = v.shape[static_cast<size_t>(axis < 0 ? axis + 3 : axis)];
          const int64_t k = variant == 0 ? dim : variant == 1 ? 1 : dim / 2;
          const std::vector<int64_t> plain = words(v.shape, k, axis, variant != 2, variant != 3, variant & 1);
          const Result<Operator> on_view = make(dtype, typed_views::viewed(plain, v.strides));
          const Result<Operator> on_dense = make(dtype, plain);
          REQUIRE(on_view.ok());
          REQUIRE(on_dense.ok());
          INFO(dtype_name(dtype) << " axis " << axis << " k " << k << " strides " << format_list(v.strides));
          CHECK(typed_views::output_of(on_view.value(), base.data() + static_cast<size_t>(v.offset) * w, 0xAA) ==
                typed_views::output_of(on_dense.value(), dense.data(), 0xAA));
        }
      }
    }
  }
}

TEST_CASE("topK: the operator cache keeps the kernel, and a hit runs it again") {
  OperatorCache cache;
  const std::vector<int64_t> w = words({2, 2}, 1, {}, {}, {}, 1);
  const Result<Operator> op = make(DType::Float64, w);
  REQUIRE(op.ok());
  const int64_t tag = OperatorCache::tag(24, DType::Float64, false);
  const Operator* stored = cache.store(tag, w.data(), w.size(), op.value());
  REQUIRE(stored != nullptr);
  CHECK(stored->kernel == op.value().kernel);
  CHECK(cache.find(tag, w.data(), w.size()) == stored);
  // Another dtype of the same width, or int32 indices, is another operator.
  CHECK(cache.find(OperatorCache::tag(24, DType::Int64, false), w.data(), w.size()) == nullptr);
  const std::vector<int64_t> narrow = words({2, 2}, 1);
  CHECK(cache.find(tag, narrow.data(), narrow.size()) == nullptr);
  CHECK(stored->output_dtypes == std::vector<DType>{DType::Float64, DType::Int64});
  CHECK(stored->output_offsets == std::vector<int64_t>{0, 16});
  const Outputs<double> o = run(*stored, std::vector<double>{1, 2, 4, 3});
  CHECK(o.values == std::vector<double>{2, 4});
  CHECK(o.indices == std::vector<int64_t>{1, 0});
}
