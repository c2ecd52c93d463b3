// scatterND through the operation table: ONNX's examples, tuples of every
// length, the index check before anything is written (and its message),
// shape errors, strided views sent back to be made contiguous. (The scatter
// engine itself: test_scatter.cpp; the named inputs' rules:
// test_scatter_elements.cpp and test_where.cpp.)
#include <catch2/catch.hpp>

#include <cstring>

#include "named_calls.hpp"
#include "operations/scatter_nd.hpp"

using namespace tensor_ops;
using named::Input;

namespace {

std::vector<int64_t> words(const std::vector<Input>& in, int reduction = -1) {
  return named::words(in, reduction < 0 ? std::vector<int64_t>{-1} : std::vector<int64_t>{1, reduction});
}

Result<Operator> make(const std::vector<Input>& in, int reduction = -1) {
  const std::vector<int64_t> w = words(in, reduction);
  return make_operator(scatter_nd_op(), DType::Float32, w.data(), w.size(), -1, false);
}

std::string error_of(const std::vector<Input>& in) {
  const Result<Operator> op = make(in);
  return op.ok() ? "ok" : op.status().message();
}

template <class I>
std::vector<float> scatter(const std::vector<float>& x, const Shape& xs, const std::vector<I>& idx, const Shape& is,
                           const std::vector<float>& upd, const Shape& us, DType index_dtype, int reduction = -1) {
  const Result<Operator> op = make({{xs, DType::Float32}, {is, index_dtype}, {us, DType::Float32}}, reduction);
  REQUIRE(op.ok());
  const void* sources[] = {x.data(), idx.data(), upd.data()};
  REQUIRE(op.value().kernel->check(sources, nullptr).ok());
  const std::vector<unsigned char> bytes = named::run(op.value(), {x.data(), idx.data(), upd.data()});
  std::vector<float> f(bytes.size() / 4);
  std::memcpy(f.data(), bytes.data(), bytes.size());
  return f;
}

}  // namespace

TEST_CASE("scatterND: ONNX's examples, tuples of every length, reductions") {
  CHECK(scatter({1, 2, 3, 4, 5, 6, 7, 8}, {8}, std::vector<int64_t>{4, 3, 1, 7}, {4, 1}, {9, 10, 11, 12}, {4},
                DType::Int64) == std::vector<float>{1, 11, 3, 10, 9, 6, 7, 12});
  const std::vector<float> x{0, 1, 2, 3, 4, 5};  // [2, 3]
  // Rows (tuples of 1), elements (tuples of 2), and the whole x (tuples of 0).
  CHECK(scatter(x, {2, 3}, std::vector<uint8_t>{1}, {1, 1}, {7, 8, 9}, {1, 3}, DType::Uint8) ==
        std::vector<float>{0, 1, 2, 7, 8, 9});
  CHECK(scatter(x, {2, 3}, std::vector<int16_t>{-1, -1, 0, 0}, {2, 2}, {7, 8}, {2}, DType::Int16) ==
        std::vector<float>{8, 1, 2, 3, 4, 7});
  CHECK(scatter(x, {2, 3}, std::vector<int32_t>{}, {0}, {6, 5, 4, 3, 2, 1}, {2, 3}, DType::Int32) ==
        std::vector<float>{6, 5, 4, 3, 2, 1});
  // Duplicates: multiplied in order, or the last one.
  CHECK(scatter(x, {2, 3}, std::vector<uint32_t>{1, 2, 1, 2}, {2, 2}, {2, 3}, {2}, DType::Uint32, 2) ==
        std::vector<float>{0, 1, 2, 3, 4, 30});
  CHECK(scatter(x, {2, 3}, std::vector<uint32_t>{1, 2, 1, 2}, {2, 2}, {2, 3}, {2}, DType::Uint32) ==
        std::vector<float>{0, 1, 2, 3, 4, 3});
}

TEST_CASE("scatterND: an index out of range is found before anything is written, and named") {
  const Result<Operator> op = make({{{4, 3}, DType::Float32}, {{2, 2}, DType::Int8}, {{2}, DType::Float32}});
  REQUIRE(op.ok());
  const std::vector<float> x(12, 1.f), upd(2, 7.f);
  const std::vector<int8_t> idx{0, 2, 1, -4};
  const void* sources[] = {x.data(), idx.data(), upd.data()};
  CHECK(op.value().kernel->check(sources, nullptr).message() ==
        "scatterND: indices[1, 1] value -4 is out of range [-3, 3) of x.shape[1] = 3");
}

TEST_CASE("scatterND: shape errors name the shapes they compare") {
  CHECK(error_of({{{4, 3}, DType::Float32}, {{}, DType::Int32}, {{}, DType::Float32}}) ==
        "scatterND: indices.shape [] is a scalar; scatterND needs indices of rank >= 1 (their last dim holds each "
        "tuple's coordinates)");
  CHECK(error_of({{{4, 3}, DType::Float32}, {{1, 3}, DType::Int32}, {{1}, DType::Float32}}) ==
        "scatterND: indices.shape [1, 3] has tuples of 3 coordinates (its last dim), more than x.shape [4, 3] has "
        "dims (2)");
  CHECK(error_of({{{4, 3}, DType::Float32}, {{2, 1}, DType::Int32}, {{2, 2}, DType::Float32}}) ==
        "scatterND: updates.shape [2, 2] is not [2, 3] (indices.shape[:-1] + x.shape[1:], with indices.shape [2, 1] "
        "and x.shape [4, 3])");
  CHECK(make({{{4, 3}, DType::Float32}, {{2, 1}, DType::Int32}, {{2, 2}, DType::Float32}}).status().code() ==
        ErrorCode::ShapeMismatch);
  CHECK(error_of({{{0, 3}, DType::Float32}, {{0, 1}, DType::Int32}, {{0, 3}, DType::Float32}}) == "ok");
}

TEST_CASE("scatterND: a strided view of x or of the indices is sent back to be made contiguous") {
  std::vector<Input> in = {{{3, 2}, DType::Float32, {1, 3}}, {{1, 1}, DType::Int32}, {{1, 2}, DType::Float32}};
  CHECK(make(in).value().needs_contiguous == 0);
  in[0].strides = {};
  in[1].strides = {0, 1};  // a broadcast: not dense
  in[1].shape = {2, 1};
  in[2].shape = {2, 2};
  CHECK(make(in).value().needs_contiguous == 1);
}
