// scatterElements through the operation table: ONNX's examples, every index
// dtype giving one result, the index check before anything is written (and
// its message), shape and dtype errors, strided views sent back to be made
// contiguous, and the cache. (The scatter engine itself, reduction by
// reduction and dtype by dtype: test_scatter.cpp.)
#include <catch2/catch.hpp>

#include <cstring>

#include "named_calls.hpp"
#include "operations/scatter_elements.hpp"
#include "runtime/operator_cache.hpp"

using namespace tensor_ops;
using named::Input;

namespace {

// reduction: -1 left out ('none'), else its index in none, add, mul, max, min.
std::vector<int64_t> words(const std::vector<Input>& in, int64_t axis, int reduction = -1) {
  std::vector<int64_t> params{1, axis};
  if (reduction < 0) params.push_back(-1);
  else params.insert(params.end(), {1, reduction});
  return named::words(in, params);
}

Result<Operator> make(const std::vector<int64_t>& w, bool shape_only = false) {
  return make_operator(scatter_elements_op(), DType::Float32, w.data(), w.size(), -1, shape_only);
}

std::string error_of(const std::vector<Input>& in, int64_t axis = 0) {
  const Result<Operator> op = make(words(in, axis));
  return op.ok() ? "ok" : op.status().message();
}

std::vector<float> floats(const std::vector<unsigned char>& bytes) {
  std::vector<float> f(bytes.size() / 4);
  std::memcpy(f.data(), bytes.data(), bytes.size());
  return f;
}

template <class I>
std::vector<float> scatter(const std::vector<float>& x, const Shape& xs, const std::vector<I>& idx, const Shape& is,
                           const std::vector<float>& upd, DType index_dtype, int64_t axis, int reduction = -1) {
  const Result<Operator> op = make(words({{xs, DType::Float32}, {is, index_dtype}, {is, DType::Float32}}, axis, reduction));
  REQUIRE(op.ok());
  const void* sources[] = {x.data(), idx.data(), upd.data()};
  REQUIRE(op.value().kernel->check(sources, nullptr).ok());
  return floats(named::run(op.value(), {x.data(), idx.data(), upd.data()}));
}

}  // namespace

TEST_CASE("scatterElements: ONNX's examples through the table, in every index dtype") {
  const std::vector<float> zeros(9, 0.f);
  CHECK(scatter(zeros, {3, 3}, std::vector<int64_t>{1, 0, 2, 0, 2, 1}, {2, 3}, {1.0f, 1.1f, 1.2f, 2.0f, 2.1f, 2.2f},
                DType::Int64, 0) == std::vector<float>{2.0f, 1.1f, 0, 1.0f, 0, 2.2f, 0, 2.1f, 1.2f});
  const std::vector<float> row{1, 2, 3, 4, 5};
  const std::vector<float> want{1, 1.1f, 3, 2.1f, 5};
  CHECK(scatter(row, {1, 5}, std::vector<int8_t>{1, -2}, {1, 2}, {1.1f, 2.1f}, DType::Int8, 1) == want);
  CHECK(scatter(row, {1, 5}, std::vector<uint8_t>{1, 3}, {1, 2}, {1.1f, 2.1f}, DType::Uint8, -1) == want);
  CHECK(scatter(row, {1, 5}, std::vector<int16_t>{1, 3}, {1, 2}, {1.1f, 2.1f}, DType::Int16, 1) == want);
  CHECK(scatter(row, {1, 5}, std::vector<uint16_t>{1, 3}, {1, 2}, {1.1f, 2.1f}, DType::Uint16, 1) == want);
  CHECK(scatter(row, {1, 5}, std::vector<int32_t>{-4, 3}, {1, 2}, {1.1f, 2.1f}, DType::Int32, 1) == want);
  CHECK(scatter(row, {1, 5}, std::vector<uint32_t>{1, 3}, {1, 2}, {1.1f, 2.1f}, DType::Uint32, 1) == want);
  CHECK(scatter(row, {1, 5}, std::vector<uint64_t>{1, 3}, {1, 2}, {1.1f, 2.1f}, DType::Uint64, 1) == want);
  // Duplicates: the last wins, or the reduction combines them in order.
  CHECK(scatter(row, {1, 5}, std::vector<int32_t>{1, 1}, {1, 2}, {1.1f, 2.1f}, DType::Int32, 1) ==
        std::vector<float>{1, 2.1f, 3, 4, 5});
  CHECK(scatter(row, {1, 5}, std::vector<int32_t>{1, 1}, {1, 2}, {1.1f, 2.1f}, DType::Int32, 1, 1) ==
        std::vector<float>{1, 2 + 1.1f + 2.1f, 3, 4, 5});
  CHECK(scatter(row, {1, 5}, std::vector<int32_t>{1, 1}, {1, 2}, {1.1f, 2.1f}, DType::Int32, 1, 3) ==
        std::vector<float>{1, 2.1f, 3, 4, 5});
  CHECK(scatter(row, {1, 5}, std::vector<int32_t>{1, 1}, {1, 2}, {1.1f, 2.1f}, DType::Int32, 1, 4) ==
        std::vector<float>{1, 1.1f, 3, 4, 5});
}

TEST_CASE("scatterElements: an index out of range is found before anything is written, and named") {
  const Result<Operator> op = make(words({{{2, 3}, DType::Float32}, {{2, 2}, DType::Int16}, {{2, 2}, DType::Float32}}, 1));
  REQUIRE(op.ok());
  const std::vector<float> x(6, 1.f), upd(4, 7.f);
  const std::vector<int16_t> idx{0, 2, -3, 3};
  const void* sources[] = {x.data(), idx.data(), upd.data()};
  const Status s = op.value().kernel->check(sources, nullptr);
  CHECK(s.code() == ErrorCode::InvalidArgument);
  CHECK(s.message() == "scatterElements: indices[1, 1] value 3 is out of range [-3, 3) of x.shape[1] = 3");
  const std::vector<uint64_t> big{0, 1, 2, UINT64_MAX};
  const Result<Operator> u64 = make(words({{{2, 3}, DType::Float32}, {{2, 2}, DType::Uint64}, {{2, 2}, DType::Float32}}, 1));
  const void* big_sources[] = {x.data(), big.data(), upd.data()};
  CHECK(u64.value().kernel->check(big_sources, nullptr).message() ==
        "scatterElements: indices[1, 1] value 18446744073709551615 is out of range [-3, 3) of x.shape[1] = 3");
}

TEST_CASE("scatterElements: shape and dtype errors name the inputs") {
  CHECK(error_of({{{4, 3}, DType::Float32}, {{2}, DType::Int32}, {{2}, DType::Float32}}) ==
        "scatterElements: indices.shape [2] has rank 1, but x.shape [4, 3] has rank 2; they must have one rank");
  CHECK(error_of({{{4, 3}, DType::Float32}, {{2, 3}, DType::Int32}, {{3, 2}, DType::Float32}}) ==
        "scatterElements: updates.shape [3, 2] differs from indices.shape [2, 3]; each index has its update");
  CHECK(error_of({{{4, 3}, DType::Float32}, {{2, 4}, DType::Int32}, {{2, 4}, DType::Float32}}) ==
        "scatterElements: indices.shape [2, 4] has dim 4 at index 1, more than x.shape [4, 3] has (3); off the "
        "axis (0) indices may not be larger than x");
  CHECK(error_of({{{4, 3}, DType::Float32}, {{9, 3}, DType::Int32}, {{9, 3}, DType::Float32}}) == "ok");
  CHECK(error_of({{{4, 3}, DType::Float32}, {{2, 3}, DType::Int32}, {{2, 3}, DType::Float32}}, 2) ==
        "scatterElements: axis value 2 is out of range [-2, 2) for rank 2");
  CHECK(error_of({{{}, DType::Float32}, {{}, DType::Int32}, {{}, DType::Float32}}).find("x.shape [] is a scalar") !=
        std::string::npos);
  CHECK(error_of({{{4}, DType::Float32}, {{2}, DType::Float16}, {{2}, DType::Float32}}) ==
        "scatterElements: indices.dtype 'float16' is not an integer dtype (int8, uint8, int16, uint16, int32, uint32, "
        "int64, uint64)");
  CHECK(error_of({{{4}, DType::Float32}, {{2}, DType::Int32}, {{2}, DType::Int32}}) ==
        "scatterElements: updates.dtype 'int32' differs from x.dtype 'float32'; they must have one dtype");
}

TEST_CASE("scatterElements: strided views are sent back to be made contiguous; dense ones are read in place") {
  const std::vector<Input> dense = {{{2, 3}, DType::Float32}, {{2, 3}, DType::Int32}, {{2, 3}, DType::Float32}};
  for (size_t k = 0; k < 3; ++k) {
    std::vector<Input> in = dense;
    in[k].strides = {1, 2};  // a transposed [3, 2]
    const Result<Operator> op = make(words(in, 0));
    REQUIRE(op.ok());
    CHECK(op.value().needs_contiguous == static_cast<int>(k));
    CHECK(op.value().kernel == nullptr);
    in[k].strides = {3, 1};  // row-major: read in place
    CHECK(make(words(in, 0)).value().needs_contiguous == -1);
  }
  std::vector<Input> ones = dense;
  ones[0] = {{1, 3}, DType::Float32, {99, 1}};  // a dim of 1: any stride
  CHECK(make(words(ones, 0)).value().needs_contiguous == -1);
}

TEST_CASE("scatterElements: the cache keeps each input's element size and the kernel") {
  const std::vector<int64_t> w = words({{{4, 3}, DType::Float64}, {{2, 3}, DType::Int8}, {{2, 3}, DType::Float64}}, 0, 1);
  const Result<Operator> op = make(w);
  REQUIRE(op.ok());
  CHECK(op.value().output_dtypes == std::vector<DType>{DType::Float64});
  OperatorCache cache;
  const Operator* stored = cache.store(3, w.data(), w.size(), op.value());
  REQUIRE(stored != nullptr);
  CHECK(stored->input_elem_sizes == std::vector<size_t>{8, 1, 8});
  CHECK(stored->kernel == op.value().kernel);
  CHECK(make(w, true).value().kernel == nullptr);
}

TEST_CASE("scatterElements: hundreds of dims of 1 (the walk over positions keeps 64 at most)") {
  const Shape ones(300, 1);
  const std::vector<float> x{3}, upd{5};
  const std::vector<int8_t> idx{-1};
  CHECK(scatter(x, ones, idx, ones, upd, DType::Int8, 299, 1) == std::vector<float>{8});
}
