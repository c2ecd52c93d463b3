// argMin through the operation table: the call's checks and messages, the
// output's shape (keepDims) and dtype (int32 or int64), NaN (which wins here
// too), -0, ties and extremes, the kernel on views of any strides against
// the materialized input, and the operator cache keeping the kernel. (The
// reduction itself, dtype by dtype and path by path: test_arg_reduce.cpp.)
#include <cmath>
#include <limits>

#include "arg_reduce_calls.hpp"
#include "operations/arg_min.hpp"
#include "runtime/operator_cache.hpp"

using namespace tensor_ops;
using argt::words;

namespace {

Result<Operator> make(DType dtype, const std::vector<int64_t>& w, bool shape_only = false) {
  return argt::make(arg_min_op(), dtype, w, shape_only);
}

template <class T>
std::vector<int64_t> arg_min(const Shape& shape, const std::vector<T>& x, DType dtype, int64_t axis, bool last = false) {
  const Result<Operator> op = make(dtype, words(shape, axis, {}, last));
  REQUIRE(op.ok());
  return argt::run(op.value(), x);
}

const float kNaN = std::numeric_limits<float>::quiet_NaN();

}  // namespace

TEST_CASE("argMin: the output's shape and dtype, and the documented examples") {
  const Result<Operator> op = make(DType::Float32, words({2, 3}, 1));
  REQUIRE(op.ok());
  CHECK(op.value().output_shape == Shape{2});
  CHECK(op.value().output_dtypes == std::vector<DType>{DType::Int32});
  const Result<Operator> kept = make(DType::Int16, words({2, 3}, 0, true, {}, 1));
  REQUIRE(kept.ok());
  CHECK(kept.value().output_shape == Shape{1, 3});
  CHECK(kept.value().output_dtypes == std::vector<DType>{DType::Int64});
  CHECK(kept.value().output_bytes == 24);

  // NaN wins in this direction too (numpy): it is nobody's largest and smallest number.
  const std::vector<float> x{3, 1, 1, 2, kNaN, kNaN};
  CHECK(argt::run(op.value(), x) == std::vector<int64_t>{1, 1});
  CHECK(arg_min({2, 3}, x, DType::Float32, 1, true) == std::vector<int64_t>{2, 2});
  CHECK(arg_min({2, 3}, x, DType::Float32, 0) == std::vector<int64_t>{1, 1, 1});
  CHECK(arg_min({2}, std::vector<float>{0.f, -0.f}, DType::Float32, 0) == std::vector<int64_t>{0});
  CHECK(arg_min({2}, std::vector<float>{0.f, -0.f}, DType::Float32, 0, true) == std::vector<int64_t>{1});
  CHECK(arg_min({3}, std::vector<float>{INFINITY, 1e30f, -INFINITY}, DType::Float32, 0) == std::vector<int64_t>{2});
  CHECK(arg_min({3}, std::vector<uint8_t>{1, 0, 0}, DType::Bool, 0) == std::vector<int64_t>{1});
  CHECK(arg_min({3}, std::vector<int64_t>{-1, std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min()},
                DType::Int64, 0) == std::vector<int64_t>{2});
  CHECK(arg_min({2}, std::vector<uint64_t>{~uint64_t{0}, 1}, DType::Uint64, 0) == std::vector<int64_t>{1});
  CHECK(arg_min({2}, std::vector<uint8_t>{1, 0xFF}, DType::Int8, 0) == std::vector<int64_t>{1});
  CHECK(arg_min({2}, std::vector<uint8_t>{1, 0xFF}, DType::Uint8, 0) == std::vector<int64_t>{0});
  // bfloat16 bits: 0xBF80 is -1, 0x3F80 is 1, 0xFF81 a NaN.
  CHECK(arg_min({3}, std::vector<uint16_t>{0x3F80, 0xBF80, 0x3F80}, DType::Bfloat16, 0) == std::vector<int64_t>{1});
  CHECK(arg_min({3}, std::vector<uint16_t>{0x3F80, 0xBF80, 0xFF81}, DType::Bfloat16, 0) == std::vector<int64_t>{2});
}

TEST_CASE("argMin: its errors name the axis and the dim") {
  const OpSpec& spec = arg_min_op();
  CHECK(argt::error_of(spec, words({}, -1)) ==
        "argMin: x is a scalar (shape []): there is no axis to take an index along; give x of rank >= 1");
  CHECK(argt::error_of(spec, words({4}, 1)) == "argMin: axis value 1 is out of range [-1, 1) for rank 1");
  CHECK(argt::error_of(spec, words({3, 0, 2}, 1)) == "argMin: axis 1 has no element to take the index of: x.shape[1] = 0");
  CHECK(argt::error_of(spec, words({3, 0, 2}, -2)) == "argMin: axis -2 has no element to take the index of: x.shape[1] = 0");
  CHECK(argt::error_of(spec, words({3, 0, 2}, 2)) == "ok");
}

TEST_CASE("argMin: views of any strides give what the materialized input gives") { argt::check_views(arg_min_op()); }

TEST_CASE("argMin: the operator cache keeps the kernel, and a hit runs it again") {
  OperatorCache cache;
  const std::vector<int64_t> w = words({3}, 0, true, true);
  const Result<Operator> op = make(DType::Int32, w);
  REQUIRE(op.ok());
  const int64_t tag = OperatorCache::tag(23, DType::Int32, false);
  const Operator* stored = cache.store(tag, w.data(), w.size(), op.value());
  REQUIRE(stored != nullptr);
  CHECK(stored->kernel == op.value().kernel);
  CHECK(cache.find(tag, w.data(), w.size()) == stored);
  CHECK(cache.find(OperatorCache::tag(23, DType::Uint32, false), w.data(), w.size()) == nullptr);
  // uint32 would read -5 as the largest; int32 as the smallest (the last of the two).
  CHECK(argt::run(*stored, std::vector<int32_t>{-5, 7, -5}) == std::vector<int64_t>{2});
  CHECK(stored->output_shape == Shape{1});
}
