// argMax through the operation table: the call's checks and messages, the
// output's shape (keepDims) and dtype (int32 or int64), NaN, -0, ties and
// extremes, the kernel on views of any strides against the materialized
// input, and the operator cache keeping the kernel. (The reduction itself,
// dtype by dtype and path by path: test_arg_reduce.cpp.)
#include <cmath>
#include <limits>

#include "arg_reduce_calls.hpp"
#include "operations/arg_max.hpp"
#include "runtime/operator_cache.hpp"

using namespace tensor_ops;
using argt::words;

namespace {

Result<Operator> make(DType dtype, const std::vector<int64_t>& w, bool shape_only = false) {
  return argt::make(arg_max_op(), dtype, w, shape_only);
}

template <class T>
std::vector<int64_t> arg_max(const Shape& shape, const std::vector<T>& x, DType dtype, int64_t axis, bool last = false) {
  const Result<Operator> op = make(dtype, words(shape, axis, {}, last));
  REQUIRE(op.ok());
  return argt::run(op.value(), x);
}

const float kNaN = std::numeric_limits<float>::quiet_NaN();

}  // namespace

TEST_CASE("argMax: the output's shape and dtype, and the documented examples") {
  const Result<Operator> op = make(DType::Float32, words({2, 3}, 1));
  REQUIRE(op.ok());
  CHECK(op.value().output_shape == Shape{2});
  CHECK(op.value().output_dtypes == std::vector<DType>{DType::Int32});
  CHECK(op.value().output_bytes == 8);
  const Result<Operator> kept = make(DType::Float32, words({2, 3}, -1, true, {}, 1));
  REQUIRE(kept.ok());
  CHECK(kept.value().output_shape == Shape{2, 1});
  CHECK(kept.value().output_dtypes == std::vector<DType>{DType::Int64});
  CHECK(kept.value().output_bytes == 16);
  CHECK(make(DType::Uint8, words({3, 4, 5}, 0)).value().output_shape == Shape{4, 5});
  CHECK(make(DType::Uint8, words({3, 4, 5}, -2, true)).value().output_shape == Shape{3, 1, 5});
  CHECK(make(DType::Uint8, words({0, 4}, 1)).value().output_shape == Shape{0});

  const std::vector<float> x{1, 5, 5, kNaN, 2, kNaN};
  CHECK(argt::run(op.value(), x) == std::vector<int64_t>{1, 0});
  CHECK(arg_max({2, 3}, x, DType::Float32, 1, true) == std::vector<int64_t>{2, 2});
  CHECK(arg_max({2, 3}, x, DType::Float32, 0) == std::vector<int64_t>{1, 0, 1});
  // -0 equals +0: a tie.
  CHECK(arg_max({2}, std::vector<float>{-0.f, 0.f}, DType::Float32, 0) == std::vector<int64_t>{0});
  CHECK(arg_max({2}, std::vector<float>{-0.f, 0.f}, DType::Float32, 0, true) == std::vector<int64_t>{1});
  CHECK(arg_max({3}, std::vector<float>{-INFINITY, -1e30f, -INFINITY}, DType::Float32, 0) == std::vector<int64_t>{1});
  // bool: false < true; the extremes of the 64-bit integers.
  CHECK(arg_max({3}, std::vector<uint8_t>{0, 1, 1}, DType::Bool, 0) == std::vector<int64_t>{1});
  CHECK(arg_max({3}, std::vector<int64_t>{std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), -1},
                DType::Int64, 0) == std::vector<int64_t>{1});
  CHECK(arg_max({2}, std::vector<uint64_t>{~uint64_t{0}, 0}, DType::Uint64, 0) == std::vector<int64_t>{0});
  // The same bits mean other values in other dtypes: 0xFF is int8 -1, uint8 255.
  CHECK(arg_max({2}, std::vector<uint8_t>{0xFF, 1}, DType::Int8, 0) == std::vector<int64_t>{1});
  CHECK(arg_max({2}, std::vector<uint8_t>{0xFF, 1}, DType::Uint8, 0) == std::vector<int64_t>{0});
  // float16 bits: 0x7E00 is NaN, 0x3C00 is 1, 0xFC00 -Infinity.
  CHECK(arg_max({3}, std::vector<uint16_t>{0x3C00, 0x7E00, 0xFC00}, DType::Float16, 0) == std::vector<int64_t>{1});
  // ops.shapes.argMax: no kernel made.
  const Result<Operator> shapes = make(DType::Uint8, words({1, 21, 512, 512}, 1), true);
  REQUIRE(shapes.ok());
  CHECK(shapes.value().kernel == nullptr);
  CHECK(shapes.value().output_shape == Shape{1, 512, 512});
}

TEST_CASE("argMax: its errors name the axis and the dim") {
  const OpSpec& spec = arg_max_op();
  CHECK(argt::error_of(spec, words({}, 0)) ==
        "argMax: x is a scalar (shape []): there is no axis to take an index along; give x of rank >= 1");
  CHECK(argt::error_of(spec, words({2, 3}, 2)) == "argMax: axis value 2 is out of range [-2, 2) for rank 2");
  CHECK(argt::error_of(spec, words({2, 3}, -3)) == "argMax: axis value -3 is out of range [-2, 2) for rank 2");
  CHECK(argt::error_of(spec, words({2, 0}, 1)) == "argMax: axis 1 has no element to take the index of: x.shape[1] = 0");
  CHECK(argt::error_of(spec, words({2, 0}, -1)) == "argMax: axis -1 has no element to take the index of: x.shape[1] = 0");
  CHECK(argt::error_of(spec, words({2, 0}, 0)) == "ok");
  CHECK(make(DType::Float32, words({}, 0), true).status().code() == ErrorCode::InvalidArgument);
  // The output's size is checked in its own dtype: 2^30 int64 indices do not fit a 32-bit address space.
  if (sizeof(size_t) == 4) {
    CHECK(make(DType::Uint8, words({1 << 30, 1}, 1, {}, {}, 1), true).status().code() == ErrorCode::OutOfMemory);
  }
}

TEST_CASE("argMax: views of any strides give what the materialized input gives") { argt::check_views(arg_max_op()); }

TEST_CASE("argMax: the operator cache keeps the kernel, and a hit runs it again") {
  OperatorCache cache;
  const std::vector<int64_t> w = words({2, 2}, 1, {}, {}, 1);
  const Result<Operator> op = make(DType::Float64, w);
  REQUIRE(op.ok());
  const int64_t tag = OperatorCache::tag(22, DType::Float64, false);
  const Operator* stored = cache.store(tag, w.data(), w.size(), op.value());
  REQUIRE(stored != nullptr);
  CHECK(stored->kernel == op.value().kernel);
  CHECK(cache.find(tag, w.data(), w.size()) == stored);
  // Another dtype of the same width, or int32 indices, is another operator.
  CHECK(cache.find(OperatorCache::tag(22, DType::Int64, false), w.data(), w.size()) == nullptr);
  const std::vector<int64_t> narrow = words({2, 2}, 1);
  CHECK(cache.find(tag, narrow.data(), narrow.size()) == nullptr);
  CHECK(stored->output_dtypes == std::vector<DType>{DType::Int64});
  CHECK(argt::run(*stored, std::vector<double>{1, 2, 4, 3}) == std::vector<int64_t>{1, 0});
}
