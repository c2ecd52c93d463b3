// Arg reduction (argMax / argMin's engine): numpy's fixture, random views
// against a literal reference, both vector paths at every dtype (long axes,
// NaN and ties placed on purpose), threads or not.
#include "engine/arg_reduce.hpp"

#include <cmath>

#include "selection_common.hpp"

using namespace tensor_ops;
using sel::Bytes;

namespace {

bool is_int(DType t) { return t != DType::Float16 && t != DType::Bfloat16 && t != DType::Float32 && t != DType::Float64; }

// An integer element exactly.
__int128 int_of(DType t, const unsigned char* p) {
  const size_t w = dtype_bytes(t);
  uint64_t bits = 0;
  for (size_t k = 0; k < w; ++k) bits |= static_cast<uint64_t>(p[k]) << (8 * k);
  if (is_signed(t) && w < 8 && ((bits >> (8 * w - 1)) & 1)) bits |= ~uint64_t{0} << (8 * w);
  return is_signed(t) ? static_cast<__int128>(static_cast<int64_t>(bits)) : static_cast<__int128>(bits);
}

// -1, 0, 1: a against b, NaN above every number (for max) or below (for min)
// and equal to NaN.
int compare(DType t, const unsigned char* a, const unsigned char* b, bool max) {
  if (is_int(t)) {
    const __int128 x = int_of(t, a), y = int_of(t, b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const double x = sel::value_of(t, a), y = sel::value_of(t, b);
  const bool nx = std::isnan(x), ny = std::isnan(y);
  if (nx || ny) return nx && ny ? 0 : (nx ? 1 : -1) * (max ? 1 : -1);
  return x < y ? -1 : x > y ? 1 : 0;
}

int64_t reference_one(const ArgReducePlan& p, const unsigned char* x, int64_t start) {
  const size_t w = dtype_bytes(p.dtype);
  int64_t best = 0;
  for (int64_t a = 1; a < p.axis_size; ++a) {
    const int c = compare(p.dtype, x + static_cast<size_t>(start + a * p.axis_stride) * w,
                          x + static_cast<size_t>(start + best * p.axis_stride) * w, p.max);
    const int better = p.max ? c : -c;
    if (better > 0 || (better == 0 && p.last)) best = a;
  }
  return best;
}

std::vector<int64_t> reference(const ArgReducePlan& p, const Bytes& x) {
  const int64_t n = ref::volume(p.dims);
  std::vector<int64_t> out(static_cast<size_t>(n));
  for (int64_t pos = 0; pos < n; ++pos) {
    const std::vector<int64_t> i = sel::unflatten(pos, p.dims);
    int64_t s = p.src_offset;
    for (size_t k = 0; k < i.size(); ++k) s += i[k] * p.src_strides[k];
    out[static_cast<size_t>(pos)] = reference_one(p, x.data(), s);
  }
  return out;
}

std::vector<int64_t> run(const ArgReducePlan& p, const Bytes& x, ThreadPool* pool) {
  const size_t n = static_cast<size_t>(ref::volume(p.dims));
  const size_t ow = p.index_dtype == DType::Int64 ? 8 : 4;
  Bytes out(n * ow + 8, 0xEE);
  execute_arg_reduce(p, x.data(), out.data(), pool);
  std::vector<int64_t> v(n);
  for (size_t i = 0; i < n; ++i) {
    if (ow == 8) {
      std::memcpy(&v[i], &out[i * 8], 8);
    } else {
      int32_t s;
      std::memcpy(&s, &out[i * 4], 4);
      v[i] = s;
    }
  }
  CHECK(out[n * ow] == 0xEE);
  return v;
}

std::vector<int64_t> run_pooled(const ArgReducePlan& p, const Bytes& x) {
  ThreadPool pool(3);
  set_parallel_min_bytes(1);
  std::vector<int64_t> v = run(p, x, &pool);
  set_parallel_min_bytes(kParallelMinBytes);
  return v;
}

constexpr DType kAll[] = {DType::Int8,    DType::Uint8,  DType::Bool,    DType::Int16, DType::Uint16,
                          DType::Float16, DType::Bfloat16, DType::Int32, DType::Uint32, DType::Float32,
                          DType::Int64,   DType::Uint64, DType::Float64};

}  // namespace

TEST_CASE("argreduce: numpy's argmax / argmin, every dtype, NaN, ties, selectLastIndex", "[argreduce]") {
  const auto cases = sel::cases("arg");
  REQUIRE(cases.size() >= 40);
  for (const mj::Value* c : cases) {
    const sel::Tensor x = sel::tensor((*c)["x"]), out = sel::tensor((*c)["out"]);
    const int64_t axis = (*c)["axis"].i64();
    const bool max = (*c)["max"].b(), last = (*c)["last"].b();
    const DType it = sel::dtype_named((*c)["index_dtype"].str());
    INFO(x.dtype << " " << th::str(x.shape) << " axis " << axis << (max ? " max" : " min") << (last ? " last" : ""));
    const ArgReducePlan p = arg_reduce_plan(x.shape, axis, sel::dtype_named(x.dtype), max, last, it);
    const size_t bytes = out.count() * dtype_bytes(it);
    auto go = [&](ThreadPool* pool, Bytes& dst) { execute_arg_reduce(p, x.bytes.data(), dst.data(), pool); };
    Bytes dst(bytes + 8, 0xEE);
    go(nullptr, dst);
    CHECK(sel::same_bytes(dst, out.bytes, bytes, dtype_bytes(it)) == "");
    CHECK(sel::same_with_threads(go, bytes) == "");
  }
}

TEST_CASE("argreduce: random views of every dtype agree with the literal reference", "[argreduce]") {
  th::Rng rng(2024);
  for (int round = 0; round < 500; ++round) {
    const DType t = kAll[round % 13];
    const size_t rank = static_cast<size_t>(rng.uniform(1, 4));
    Shape x = th::random_shape(rng, rank, round % 6 == 0 ? 80 : 6, 3000);
    const size_t axis = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(rank) - 1));
    if (x[axis] == 0) x[axis] = 1;
    const sel::View v = sel::random_view(rng, x);
    ArgReducePlan p;
    p.dtype = t;
    for (size_t k = 0; k < rank; ++k) {
      if (k == axis) continue;
      p.dims.push_back(x[k]);
      p.src_strides.push_back(v.strides[k]);
    }
    p.axis_size = x[axis];
    p.axis_stride = v.strides[axis];
    p.src_offset = v.offset;
    p.max = rng.chance(50);
    p.last = rng.chance(50);
    p.index_dtype = rng.chance(50) ? DType::Int32 : DType::Int64;
    const Bytes data = sel::random_elements(rng, t, v.span);
    INFO("round " << round << " " << dtype_name(t) << " x " << th::str(x) << " axis " << axis << " max " << p.max
                  << " last " << p.last);
    const std::vector<int64_t> want = reference(p, data);
    CHECK(run(p, data, nullptr) == want);
    CHECK(run_pooled(p, data) == want);
  }
}

TEST_CASE("argreduce: vector paths across planes and along long axes, every dtype", "[argreduce]") {
  th::Rng rng(31337);
  // [outer, axis, inner] contiguous: inner > 1 reduces across planes, inner
  // == 1 along a contiguous axis (600 > a 1-byte lane's 256 positions).
  const Shape shapes[] = {{2, 21, 300}, {1, 5, 4099}, {3, 600, 1}, {2, 70000, 1}, {4, 33, 17}, {1, 3, 1}};
  for (const DType t : kAll) {
    for (const Shape& x : shapes) {
      for (int mode = 0; mode < 4; ++mode) {
        const ArgReducePlan p = arg_reduce_plan(x, 1, t, mode < 2, mode % 2 == 1, DType::Int32);
        Bytes data = sel::random_elements(rng, t, ref::volume(x));
        // Make the best value appear more than once: copy some elements over others.
        const size_t w = dtype_bytes(t);
        for (int k = 0; k < 200; ++k) {
          const size_t a = static_cast<size_t>(rng.uniform(0, ref::volume(x) - 1)),
                       b = static_cast<size_t>(rng.uniform(0, ref::volume(x) - 1));
          std::memcpy(&data[a * w], &data[b * w], w);
        }
        INFO(dtype_name(t) << " x " << th::str(x) << " mode " << mode);
        const std::vector<int64_t> want = reference(p, data);
        CHECK(run(p, data, nullptr) == want);
        CHECK(run_pooled(p, data) == want);
      }
    }
  }
}

TEST_CASE("argreduce: NaN wins in both directions, first or last; -0 equals +0", "[argreduce]") {
  const float nan = std::nanf("");
  std::vector<float> x(40, 1.0f);
  x[7] = nan;
  x[30] = nan;
  x[12] = 5.0f;
  x[3] = -4.0f;
  Bytes b(x.size() * 4 + 8);
  std::memcpy(b.data(), x.data(), x.size() * 4);
  for (const bool max : {true, false}) {
    for (const bool last : {false, true}) {
      const ArgReducePlan p = arg_reduce_plan({40}, 0, DType::Float32, max, last, DType::Int64);
      CHECK(run(p, b, nullptr) == std::vector<int64_t>{last ? 30 : 7});
    }
  }
  const std::vector<float> zeros{-0.0f, 0.0f, -0.0f};
  Bytes z(20);
  std::memcpy(z.data(), zeros.data(), 12);
  CHECK(run(arg_reduce_plan({3}, 0, DType::Float32, true, false, DType::Int32), z, nullptr) == std::vector<int64_t>{0});
  CHECK(run(arg_reduce_plan({3}, 0, DType::Float32, false, true, DType::Int32), z, nullptr) == std::vector<int64_t>{2});
}

TEST_CASE("argreduce: short float rows (two passes: the best value, then its place), ties, zeros of both signs, NaN",
          "[argreduce]") {
  th::Rng rng(64);
  for (int round = 0; round < 400; ++round) {
    const DType t = round % 3 == 0 ? DType::Float64 : DType::Float32;
    const int64_t rows = rng.uniform(1, 20);
    const int64_t n = rng.uniform(1, 1100);
    const Shape x{rows, n};
    const int mode = round % 4;
    const ArgReducePlan p = arg_reduce_plan(x, 1, t, mode < 2, mode % 2 == 1, DType::Int64);
    const size_t w = dtype_bytes(t);
    Bytes data = sel::random_elements(rng, t, rows * n);
    // Few distinct values (many ties), zeros of both signs, and now and then a NaN.
    for (int64_t i = 0; i < rows * n; ++i) {
      const int64_t pick = rng.uniform(0, 9);
      const double v = pick == 0 ? -0.0 : pick == 1 ? 0.0 : round % 5 == 0 && rng.chance(1) ? std::nan("") : double(pick % 4);
      if (t == DType::Float64) std::memcpy(&data[static_cast<size_t>(i) * w], &v, w);
      else {
        const float f = static_cast<float>(v);
        std::memcpy(&data[static_cast<size_t>(i) * w], &f, w);
      }
    }
    INFO("round " << round << " " << dtype_name(t) << " x " << th::str(x) << " mode " << mode);
    CHECK(run(p, data, nullptr) == reference(p, data));
  }
}
