// where through the operation table: named inputs and their dtype checks,
// broadcasting (checked against an element-by-element loop written here
// from numpy's rule), messages, views of any strides against the
// materialized inputs, and the malformed calls the runtime refuses. (The
// select kernel itself, width by width: test_select.cpp.)
#include <catch2/catch.hpp>

#include <cstring>
#include <random>

#include "operations/where.hpp"
#include "named_calls.hpp"
#include "runtime/operator_cache.hpp"

using namespace tensor_ops;

namespace {

using named::Input;
using named::words;

Result<Operator> make(const std::vector<Input>& inputs, bool shape_only = false) {
  const std::vector<int64_t> w = words(inputs);
  return make_operator(where_op(), inputs.size() > 1 ? inputs[1].dtype : DType::Uint8, w.data(), w.size(), -1,
                       shape_only);
}

std::string error_of(const std::vector<Input>& inputs) {
  const Result<Operator> op = make(inputs);
  return op.ok() ? "ok" : op.status().message();
}

std::vector<unsigned char> run(const Operator& op, const void* c, const void* a, const void* b) {
  return named::run(op, {c, a, b});
}

// numpy's rule, element by element: the output index i reads each input at
// i's last dims, a dim of 1 at 0.
int64_t broadcast_offset(const Shape& out, const std::vector<int64_t>& index, const Shape& in,
                         const std::vector<int64_t>& strides) {
  int64_t at = 0;
  for (size_t j = 0; j < in.size(); ++j) {
    const size_t k = out.size() - in.size() + j;
    at += (in[j] == 1 ? 0 : index[k]) * strides[j];
  }
  return at;
}

template <class T>
std::vector<unsigned char> expected(const Shape& out, const std::vector<Input>& in, const unsigned char* c, const T* a,
                                    const T* b) {
  std::vector<unsigned char> y(static_cast<size_t>(volume(out)) * sizeof(T));
  std::vector<int64_t> index(out.size(), 0);
  std::vector<std::vector<int64_t>> strides;
  for (const Input& i : in) strides.push_back(i.strides.empty() ? row_major_strides(i.shape) : i.strides);
  for (int64_t n = 0; n < volume(out); ++n) {
    const bool pick = c[broadcast_offset(out, index, in[0].shape, strides[0])] != 0;
    const T v = pick ? a[broadcast_offset(out, index, in[1].shape, strides[1])]
                     : b[broadcast_offset(out, index, in[2].shape, strides[2])];
    std::memcpy(y.data() + n * static_cast<int64_t>(sizeof(T)), &v, sizeof(T));
    for (size_t k = out.size(); k-- > 0;) {
      if (++index[k] < out[k]) break;
      index[k] = 0;
    }
  }
  return y;
}

}  // namespace

TEST_CASE("where: ONNX's example, the output's dtype, ops.shapes") {
  const Result<Operator> op = make({{{2, 2}, DType::Bool}, {{2, 2}, DType::Float32}, {{2, 2}, DType::Float32}});
  REQUIRE(op.ok());
  CHECK(op.value().output_dtypes == std::vector<DType>{DType::Float32});
  CHECK(op.value().input_elem_sizes == std::vector<size_t>{1, 4, 4});
  const unsigned char c[] = {1, 0, 1, 1};
  const float x[] = {1, 2, 3, 4}, y[] = {9, 8, 7, 6};
  const std::vector<unsigned char> out = run(op.value(), c, x, y);
  float got[4];
  std::memcpy(got, out.data(), sizeof got);
  CHECK(std::vector<float>(got, got + 4) == std::vector<float>{1, 8, 3, 4});
  // The condition's dtype does not decide the output's: a's does.
  const Result<Operator> u8 = make({{{3}, DType::Uint8}, {{}, DType::Int64}, {{2, 1}, DType::Int64}}, true);
  REQUIRE(u8.ok());
  CHECK(u8.value().output_shape == Shape{2, 3});
  CHECK(u8.value().output_dtypes == std::vector<DType>{DType::Int64});
  CHECK(u8.value().kernel == nullptr);
}

TEST_CASE("where: the operator cache keeps each input's element size and the kernel") {
  const std::vector<int64_t> w = words({{{3}, DType::Bool}, {{2, 3}, DType::Int64}, {{}, DType::Int64}});
  const Result<Operator> op = make_operator(where_op(), DType::Int64, w.data(), w.size(), -1, false);
  REQUIRE(op.ok());
  OperatorCache cache;
  const Operator* stored = cache.store(7, w.data(), w.size(), op.value());
  REQUIRE(stored != nullptr);
  CHECK(stored->input_elem_sizes == std::vector<size_t>{1, 8, 8});
  CHECK(stored->kernel == op.value().kernel);
  CHECK(cache.find(7, w.data(), w.size()) == stored);
}

TEST_CASE("where: broadcast shapes of every width against numpy's rule, element by element") {
  std::mt19937 rng(20261128);
  auto dim = [&] { return static_cast<int64_t>(rng() % 4); };
  int checked = 0;
  for (int n = 0; n < 300; ++n) {
    Shape out(rng() % 5);
    for (int64_t& d : out) d = dim() == 0 && rng() % 4 == 0 ? 0 : 1 + dim();
    std::vector<Input> in;
    for (DType t : {DType::Bool, DType::Float32, DType::Float32}) {
      const size_t keep = rng() % (out.size() + 1);
      Shape s(out.end() - static_cast<std::ptrdiff_t>(keep), out.end());
      for (int64_t& d : s) d = rng() % 3 == 0 ? 1 : d;
      in.push_back({s, t});
    }
    const DType widths[] = {DType::Uint8, DType::Float16, DType::Float32, DType::Float64};
    const DType t = widths[n % 4];
    in[1].dtype = in[2].dtype = t;
    const Result<Operator> op = make(in);
    REQUIRE(op.ok());
    std::vector<unsigned char> c(static_cast<size_t>(volume(in[0].shape)));
    for (unsigned char& v : c) v = rng() % 3 == 0 ? 0 : static_cast<unsigned char>(rng());
    std::vector<uint64_t> a(static_cast<size_t>(volume(in[1].shape)) + 1), b(static_cast<size_t>(volume(in[2].shape)) + 1);
    for (uint64_t& v : a) v = (static_cast<uint64_t>(rng()) << 32) | rng();
    for (uint64_t& v : b) v = (static_cast<uint64_t>(rng()) << 32) | rng();
    const std::vector<unsigned char> got = run(op.value(), c.data(), a.data(), b.data());
    const Shape& o = op.value().output_shape;
    std::vector<unsigned char> want;
    switch (dtype_bytes(t)) {
      case 1: want = expected(o, in, c.data(), reinterpret_cast<const uint8_t*>(a.data()), reinterpret_cast<const uint8_t*>(b.data())); break;
      case 2: want = expected(o, in, c.data(), reinterpret_cast<const uint16_t*>(a.data()), reinterpret_cast<const uint16_t*>(b.data())); break;
      case 4: want = expected(o, in, c.data(), reinterpret_cast<const uint32_t*>(a.data()), reinterpret_cast<const uint32_t*>(b.data())); break;
      default: want = expected(o, in, c.data(), a.data(), b.data()); break;
    }
    CHECK(got == want);
    checked += got == want;
  }
  CHECK(checked == 300);
}

TEST_CASE("where: views of any strides give what the materialized inputs give") {
  std::vector<uint64_t> data(256);
  for (size_t i = 0; i < data.size(); ++i) data[i] = i * 0x9E3779B97F4A7C15ull;
  std::vector<unsigned char> cond(64);
  for (size_t i = 0; i < cond.size(); ++i) cond[i] = static_cast<unsigned char>((i * 7) % 3);
  // [2, 3, 4] outputs; the inputs as views: backwards, transposed, broadcast by stride 0.
  const std::vector<Input> views = {
      {{2, 3, 4}, DType::Bool, {0, -4, 1}},   // condition: batch broadcast, rows backwards (from element 8)
      {{3, 4}, DType::Int64, {1, 3}},         // a: a transposed [4, 3]
      {{2, 1, 4}, DType::Int64, {-4, 4, -1}}, // b: both axes backwards (from element 7)
  };
  const unsigned char* c0 = cond.data() + 8;
  const uint64_t* a0 = data.data() + 10;
  const uint64_t* b0 = data.data() + 100 + 7;
  const Result<Operator> on_view = make(views);
  REQUIRE(on_view.ok());
  const std::vector<unsigned char> got = run(on_view.value(), c0, a0, b0);
  const std::vector<unsigned char> want = expected<uint64_t>({2, 3, 4}, views, c0, a0, b0);
  CHECK(got == want);
}

TEST_CASE("where: dtype and shape errors name the inputs and values") {
  CHECK(error_of({{{2}, DType::Float32}, {{2}, DType::Float32}, {{2}, DType::Float32}}) ==
        "where: condition.dtype 'float32' is not bool or uint8 (a condition is true where nonzero)");
  CHECK(error_of({{{2}, DType::Bool}, {{2}, DType::Float32}, {{2}, DType::Int32}}) ==
        "where: b.dtype 'int32' differs from a.dtype 'float32'; they must have one dtype");
  CHECK(error_of({{{2, 3}, DType::Bool}, {{3, 2}, DType::Uint8}, {{}, DType::Uint8}}) ==
        "where: condition.shape [2, 3] and a.shape [3, 2] do not broadcast: dim 3 vs 2 at 1 from the end (each dim "
        "must be equal or 1)");
  CHECK(error_of({{{0}, DType::Bool}, {{1}, DType::Uint8}, {{2}, DType::Uint8}}) ==
        "where: condition.shape [0] and b.shape [2] do not broadcast: dim 0 vs 2 at 1 from the end (each dim must "
        "be equal or 1)");
  CHECK(make({{{2}, DType::Bool}, {{2}, DType::Float32}, {{3}, DType::Float32}}).status().code() ==
        ErrorCode::ShapeMismatch);
  CHECK(error_of({{{0, 5}, DType::Uint8}, {{1, 5}, DType::Bool}, {{1}, DType::Bool}}) == "ok");
}

TEST_CASE("where: malformed calls (the wrong number of inputs, an unknown dtype code) are refused") {
  std::vector<int64_t> two = words({{{2}, DType::Bool}, {{2}, DType::Float32}});
  CHECK(!make_operator(where_op(), DType::Float32, two.data(), two.size(), -1, false).ok());
  std::vector<int64_t> bad = words({{{2}, DType::Bool}, {{2}, DType::Float32}, {{2}, DType::Float32}});
  bad[9] = 99;  // b's dtype code
  const Result<Operator> op = make_operator(where_op(), DType::Float32, bad.data(), bad.size(), -1, false);
  REQUIRE(!op.ok());
  CHECK(op.status().message().find("malformed") != std::string::npos);
}
