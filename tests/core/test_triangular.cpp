// triangular through the operation table: the call's checks and messages,
// upper's default, diagonals of any int64, the kernel on views of any
// strides against the materialized input, and the operator cache keeping
// the kernel. (The band fill itself, dtype by dtype: test_band.cpp.)
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

#include "operations/triangular.hpp"
#include "runtime/operator.hpp"
#include "runtime/operator_cache.hpp"
#include "typed_views.hpp"

using namespace tensor_ops;
using typed_views::run;

namespace {

constexpr int64_t kNone = -1;

// The words of triangular(x of `shape`, { upper, diagonal }) as decode_args reads them.
std::vector<int64_t> words(const Shape& shape, std::optional<bool> upper = {}, std::optional<int64_t> diagonal = {}) {
  std::vector<int64_t> w{static_cast<int64_t>(shape.size())};
  w.insert(w.end(), shape.begin(), shape.end());
  if (upper) w.insert(w.end(), {1, *upper ? 1 : 0});
  else w.push_back(kNone);
  if (diagonal) w.insert(w.end(), {1, *diagonal});
  else w.push_back(kNone);
  return w;
}

Result<Operator> make(DType dtype, const std::vector<int64_t>& w, bool shape_only = false) {
  return make_operator(triangular_op(), dtype, w.data(), w.size(), -1, shape_only);
}

std::string error_of(const std::vector<int64_t>& w) {
  const Result<Operator> op = make(DType::Float32, w);
  return op.ok() ? "ok" : op.status().message();
}

const std::vector<float> k3x3{1, 2, 3, 4, 5, 6, 7, 8, 9};

}  // namespace

TEST_CASE("triangular: the output's dtype and place, upper's default, and the documented examples") {
  const Result<Operator> op = make(DType::Float32, words({3, 3}));
  REQUIRE(op.ok());
  CHECK(op.value().output_dtypes == std::vector<DType>{DType::Float32});
  CHECK(op.value().output_shape == Shape{3, 3});
  CHECK(op.value().output_bytes == 36);
  // Left out, upper is true (a Bool left out arrives as not given); false must be said.
  CHECK(run(op.value(), k3x3) == std::vector<float>{1, 2, 3, 0, 5, 6, 0, 0, 9});
  CHECK(run(make(DType::Float32, words({3, 3}, true)).value(), k3x3) == std::vector<float>{1, 2, 3, 0, 5, 6, 0, 0, 9});
  CHECK(run(make(DType::Float32, words({3, 3}, false)).value(), k3x3) == std::vector<float>{1, 0, 0, 4, 5, 0, 7, 8, 9});
  CHECK(run(make(DType::Float32, words({3, 3}, true, 1)).value(), k3x3) == std::vector<float>{0, 2, 3, 0, 0, 6, 0, 0, 0});
  CHECK(run(make(DType::Float32, words({3, 3}, false, -1)).value(), k3x3) == std::vector<float>{0, 0, 0, 4, 0, 0, 7, 8, 0});
  // Diagonals past the matrix, up to the int64 extremes: all kept or all zero.
  const int64_t big = std::numeric_limits<int64_t>::max(), small = std::numeric_limits<int64_t>::min();
  CHECK(run(make(DType::Float32, words({3, 3}, true, big)).value(), k3x3) == std::vector<float>(9, 0));
  CHECK(run(make(DType::Float32, words({3, 3}, true, small)).value(), k3x3) == k3x3);
  CHECK(run(make(DType::Float32, words({3, 3}, false, big)).value(), k3x3) == k3x3);
  CHECK(run(make(DType::Float32, words({3, 3}, false, small)).value(), k3x3) == std::vector<float>(9, 0));
  // A batch of 2 x [2, 3] int64 matrices; -0 kept as its bits, zeros written as +0.
  const Result<Operator> batch = make(DType::Int64, words({2, 2, 3}, false));
  REQUIRE(batch.ok());
  CHECK(run(batch.value(), std::vector<int64_t>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}) ==
        std::vector<int64_t>{1, 0, 0, 4, 5, 0, 7, 0, 0, 10, 11, 0});
  const std::vector<float> negzero = run(make(DType::Float32, words({2, 2})).value(), std::vector<float>{-0.f, -1, -2, -0.f});
  CHECK(std::signbit(negzero[0]));
  CHECK(!std::signbit(negzero[2]));
  // ops.shapes.triangular: no kernel made.
  const Result<Operator> shapes = make(DType::Uint8, words({4, 5}), true);
  REQUIRE(shapes.ok());
  CHECK(shapes.value().kernel == nullptr);
}

TEST_CASE("triangular: its errors name x's shape and rank") {
  CHECK(error_of(words({4})) == "triangular: x.shape [4] has rank 1; triangular needs rank >= 2 (matrices in the last two dims)");
  CHECK(error_of(words({})) == "triangular: x.shape [] has rank 0; triangular needs rank >= 2 (matrices in the last two dims)");
  CHECK(error_of(words({0, 3}, false, -5)) == "ok");
  CHECK(make(DType::Float32, words({4}), true).status().code() == ErrorCode::InvalidArgument);
}

TEST_CASE("triangular: views of any strides give what the materialized input gives") {
  std::vector<uint8_t> data(24 * 8);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 37 + 1);
  const std::vector<typed_views::ViewCase> views = {
      {{2, 3, 4}, {12, 4, 1}, 0},     // contiguous
      {{2, 3, 4}, {-12, 4, -1}, 15},  // axes 0 and 2 backwards
      {{2, 4, 3}, {12, 1, 4}, 0},     // matrices transposed
      {{2, 3, 4}, {12, 0, 1}, 4},     // rows broadcast from row 1
      {{2, 3, 2}, {12, 4, 2}, 1},     // every other column, from 1
      {{3, 3, 2}, {0, -4, 12}, 8},    // batch broadcast, rows backwards
  };
  for (const typed_views::ViewCase& v : views) {
    for (DType dtype : {DType::Uint8, DType::Float16, DType::Float32, DType::Int64}) {
      for (int64_t diagonal : {-1, 0, 2}) {
        const size_t w = dtype_bytes(dtype);
        const std::vector<int64_t> plain = words(v.shape, diagonal != 0, diagonal);
        const std::vector<uint8_t> dense = typed_views::dense_of(data, v, w);
        const Result<Operator> on_view = make(dtype, typed_views::viewed(plain, v.strides));
        const Result<Operator> on_dense = make(dtype, plain);
        REQUIRE(on_view.ok());
        REQUIRE(on_dense.ok());
        CHECK(typed_views::output_of(on_view.value(), data.data() + v.offset * static_cast<int64_t>(w), 0xAA) ==
              typed_views::output_of(on_dense.value(), dense.data(), 0x55));
      }
    }
  }
}

TEST_CASE("triangular: the operator cache keeps the kernel, and a hit runs it again") {
  OperatorCache cache;
  const std::vector<int64_t> w = words({2, 2}, false);
  const Result<Operator> op = make(DType::Int32, w);
  REQUIRE(op.ok());
  const int64_t tag = OperatorCache::tag(21, DType::Int32, false);
  const Operator* stored = cache.store(tag, w.data(), w.size(), op.value());
  REQUIRE(stored != nullptr);
  CHECK(stored->kernel == op.value().kernel);
  CHECK(cache.find(tag, w.data(), w.size()) == stored);
  // Another dtype of the same width is another operator; upper left out is another call.
  CHECK(cache.find(OperatorCache::tag(21, DType::Float32, false), w.data(), w.size()) == nullptr);
  const std::vector<int64_t> left_out = words({2, 2});
  CHECK(cache.find(tag, left_out.data(), left_out.size()) == nullptr);
  CHECK(run(*stored, std::vector<int32_t>{1, 2, 3, 4}) == std::vector<int32_t>{1, 0, 3, 4});
}
