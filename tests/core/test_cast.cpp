// cast through the operation table: the call's checks and messages, the
// output's dtype and place, the kernel on views of any strides against the
// same conversion of the materialized input, and the operator cache keeping
// the kernel. (The value rules, pair by pair, are test_convert.cpp's.)
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>

#include "engine/convert.hpp"
#include "operations/cast.hpp"
#include "runtime/operator.hpp"
#include "runtime/operator_cache.hpp"
#include "typed_views.hpp"

using namespace tensor_ops;

namespace {

constexpr int64_t kNone = -1;

int64_t bits(double v) {
  int64_t b = 0;
  std::memcpy(&b, &v, 8);
  return b;
}

// The words of cast(x of `shape`, dst, { scale, bias, axis, rounding }) as decode_args reads them.
std::vector<int64_t> words(const Shape& shape, DType dst, const std::vector<double>& scale = {},
                           const std::vector<double>& bias = {}, std::optional<int64_t> axis = {}, int rounding = 0) {
  std::vector<int64_t> w{static_cast<int64_t>(shape.size())};
  w.insert(w.end(), shape.begin(), shape.end());
  w.insert(w.end(), {1, static_cast<int64_t>(dst)});
  for (const auto* list : {&scale, &bias}) {
    w.push_back(list->empty() ? kNone : static_cast<int64_t>(list->size()));
    for (double v : *list) w.push_back(bits(v));
  }
  if (axis) w.insert(w.end(), {1, *axis});
  else w.push_back(kNone);
  w.insert(w.end(), {1, rounding});
  return w;
}

Result<Operator> make(DType src, const std::vector<int64_t>& w, bool shape_only = false) {
  return make_operator(cast_op(), src, w.data(), w.size(), -1, shape_only);
}

std::string error_of(DType src, const std::vector<int64_t>& w) {
  const Result<Operator> op = make(src, w);
  return op.ok() ? "ok" : op.status().message();
}

template <class T>
std::vector<unsigned char> bytes_of(const std::vector<T>& v) {
  std::vector<unsigned char> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

}  // namespace

TEST_CASE("cast: the output's dtype and place, and the documented examples") {
  const Result<Operator> op = make(DType::Float32, words({5}, DType::Int16));
  REQUIRE(op.ok());
  CHECK(op.value().output_dtypes == std::vector<DType>{DType::Int16});
  CHECK(op.value().output_bytes == 10);
  CHECK(op.value().output_shape == Shape{5});
  REQUIRE(op.value().kernel != nullptr);
  const std::vector<float> x{2.5f, -2.5f, 3.75f, std::nanf(""), 1e10f};
  std::vector<int16_t> y(5);
  const void* sources[] = {x.data()};
  void* outputs[] = {y.data()};
  op.value().kernel->run(sources, outputs, nullptr);
  CHECK(y == std::vector<int16_t>{2, -2, 3, 0, 32767});

  // With rounding 'nearest' and a scale: int8 -1 to uint8 is 0 (saturated), not 255.
  const Result<Operator> scaled = make(DType::Int8, words({2}, DType::Uint8, {2.0}));
  REQUIRE(scaled.ok());
  const std::vector<int8_t> b{-1, 127};
  std::vector<uint8_t> u(2);
  const void* bs[] = {b.data()};
  void* us[] = {u.data()};
  scaled.value().kernel->run(bs, us, nullptr);
  CHECK(u == std::vector<uint8_t>{0, 254});

  // ops.shapes.cast: no kernel made.
  const Result<Operator> shapes = make(DType::Uint8, words({3, 224, 224}, DType::Float16), true);
  REQUIRE(shapes.ok());
  CHECK(shapes.value().kernel == nullptr);
  CHECK(shapes.value().output_bytes == 3 * 224 * 224 * 2);
}

TEST_CASE("cast: its errors name the parameter and the value") {
  CHECK(error_of(DType::Float32, words({2, 3}, DType::Uint8, {1, 2}, {}, 1)) ==
        "cast: scale [1, 2] has 2 values, but x.shape[1] = 3; give one value, or one per index of axis 1");
  CHECK(error_of(DType::Float32, words({2, 3}, DType::Uint8, {}, {1, 2, 3})) ==
        "cast: bias [1, 2, 3] has 3 values (one per index of an axis), but axis is not given");
  CHECK(error_of(DType::Float32, words({2, 3}, DType::Uint8, {}, {}, 0)) ==
        "cast: axis 0 is given, but neither scale nor bias: give them, or leave axis out");
  CHECK(error_of(DType::Float32, words({2, 3}, DType::Uint8, {0.5}, {}, -3)) ==
        "cast: axis value -3 is out of range [-2, 2) for rank 2");
  CHECK(error_of(DType::Float32, words({2, 3}, DType::Uint8, {1 / 255.0, 0.5})) ==
        "cast: scale [0.003921568627, 0.5] has 2 values (one per index of an axis), but axis is not given");
  CHECK(error_of(DType::Float32, words({2, 3}, DType::Uint8, {1 / 255.0, 0.5}, {}, 0)) == "ok");
  // The output's size is checked in its own dtype: 2^30 uint8 elements fit a
  // 32-bit address space, as float64 they would not (8 GiB).
  if (sizeof(size_t) == 4) {
    CHECK(make(DType::Uint8, words({1 << 30}, DType::Float64), true).status().code() == ErrorCode::OutOfMemory);
  }
}

TEST_CASE("cast: views of any strides give what the materialized input gives") {
  // x: [2, 3, 4] uint8 values 0..23 read through views; per-channel scale along axis 1.
  std::vector<uint8_t> data(24);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 11);
  const std::vector<typed_views::ViewCase> views = {
      {{2, 3, 4}, {12, 4, 1}, 0},     // contiguous
      {{2, 3, 4}, {-12, 4, -1}, 15},  // axes 0 and 2 backwards
      {{4, 3, 2}, {1, 4, 12}, 0},     // transposed
      {{2, 3, 4}, {12, 0, 1}, 4},     // axis 1 broadcast from row 1
      {{2, 3, 2}, {12, 4, 2}, 1},     // every other column, from 1
  };
  for (const typed_views::ViewCase& v : views) {
    for (DType dst : {DType::Float32, DType::Int8, DType::Float16, DType::Int64}) {
      // The same call on the view and on its elements copied out in row-major order.
      const std::vector<int64_t> w = words(v.shape, dst, {0.5, 2.0, -1.0}, {1.0}, 1, 2);
      const std::vector<uint8_t> dense = typed_views::dense_of(data, v, 1);
      const Result<Operator> on_view = make(DType::Uint8, typed_views::viewed(w, v.strides));
      const Result<Operator> on_dense = make(DType::Uint8, w);
      REQUIRE(on_view.ok());
      REQUIRE(on_dense.ok());
      CHECK(typed_views::output_of(on_view.value(), data.data() + v.offset, 0xAA) ==
            typed_views::output_of(on_dense.value(), dense.data(), 0x55));
    }
  }
}

TEST_CASE("cast: the operator cache keeps the kernel, and a hit runs it again") {
  OperatorCache cache;
  const std::vector<int64_t> w = words({4}, DType::Float32, {0.5});
  const Result<Operator> op = make(DType::Int32, w);
  REQUIRE(op.ok());
  const int64_t tag = OperatorCache::tag(20, DType::Int32, false);
  const Operator* stored = cache.store(tag, w.data(), w.size(), op.value());
  REQUIRE(stored != nullptr);
  CHECK(stored->kernel == op.value().kernel);
  CHECK(cache.find(tag, w.data(), w.size()) == stored);
  // Another input dtype is another operator.
  CHECK(cache.find(OperatorCache::tag(20, DType::Uint32, false), w.data(), w.size()) == nullptr);
  const std::vector<int32_t> x{1, -3, 5, 7};
  std::vector<float> y(4);
  const void* s[] = {x.data()};
  void* o[] = {y.data()};
  stored->kernel->run(s, o, nullptr);
  CHECK(bytes_of(y) == bytes_of(std::vector<float>{0.5f, -1.5f, 2.5f, 3.5f}));
  CHECK(cache.next_evicts_kernel() == false);  // 31 slots still empty
}
