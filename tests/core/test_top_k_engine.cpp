// Partial selection (topK's engine): numpy's fixture, random views against a
// literal reference (a full stable sort), both selection paths, threads or not.
#include "engine/top_k.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "selection_common.hpp"

using namespace tensor_ops;
using sel::Bytes;

namespace {

bool is_int(DType t) { return t != DType::Float16 && t != DType::Bfloat16 && t != DType::Float32 && t != DType::Float64; }

__int128 int_of(DType t, const unsigned char* p) {
  const size_t w = dtype_bytes(t);
  uint64_t bits = 0;
  for (size_t k = 0; k < w; ++k) bits |= static_cast<uint64_t>(p[k]) << (8 * k);
  if (is_signed(t) && w < 8 && ((bits >> (8 * w - 1)) & 1)) bits |= ~uint64_t{0} << (8 * w);
  return is_signed(t) ? static_cast<__int128>(static_cast<int64_t>(bits)) : static_cast<__int128>(bits);
}

// a before b in the order the outputs list them: by value (NaN above
// +Infinity), largest or smallest first, then by index.
bool before(DType t, const unsigned char* a, int64_t ia, const unsigned char* b, int64_t ib, bool largest) {
  int c;  // a against b by value
  if (is_int(t)) {
    const __int128 x = int_of(t, a), y = int_of(t, b);
    c = x < y ? -1 : x > y ? 1 : 0;
  } else {
    const double x = sel::value_of(t, a), y = sel::value_of(t, b);
    const bool nx = std::isnan(x), ny = std::isnan(y);
    c = nx || ny ? (nx && ny ? 0 : nx ? 1 : -1) : x < y ? -1 : x > y ? 1 : 0;
  }
  if (!largest) c = -c;
  return c > 0 || (c == 0 && ia < ib);
}

struct Outputs {
  Bytes values;
  std::vector<int64_t> indices;
  bool operator==(const Outputs& o) const { return values == o.values && indices == o.indices; }
};

// Sort each whole slice (stably, by the rule above), keep the first k.
Outputs reference(const TopKPlan& p, const Bytes& x, size_t out_count) {
  const size_t w = dtype_bytes(p.dtype);
  Outputs o{Bytes(out_count * w + 8, 0xEE), std::vector<int64_t>(out_count, -7)};
  const int64_t n = ref::volume(p.dims);
  for (int64_t pos = 0; pos < n; ++pos) {
    const std::vector<int64_t> i = sel::unflatten(pos, p.dims);
    int64_t s = p.src_offset, d = p.dst_offset;
    for (size_t k = 0; k < i.size(); ++k) {
      s += i[k] * p.src_strides[k];
      d += i[k] * p.dst_strides[k];
    }
    auto at = [&](int64_t a) { return &x[static_cast<size_t>(s + a * p.axis_stride) * w]; };
    std::vector<int64_t> order(static_cast<size_t>(p.axis_size));
    std::iota(order.begin(), order.end(), int64_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](int64_t a, int64_t b) { return before(p.dtype, at(a), a, at(b), b, p.largest); });
    order.resize(static_cast<size_t>(p.k));
    if (!p.sorted) std::sort(order.begin(), order.end());
    for (int64_t j = 0; j < p.k; ++j) {
      const size_t to = static_cast<size_t>(d + j * p.dst_axis_stride);
      std::memcpy(&o.values[to * w], at(order[static_cast<size_t>(j)]), w);
      o.indices[to] = order[static_cast<size_t>(j)];
    }
  }
  return o;
}

Outputs run(const TopKPlan& p, const Bytes& x, size_t out_count, ThreadPool* pool) {
  const size_t w = dtype_bytes(p.dtype);
  const size_t iw = p.index_dtype == DType::Int64 ? 8 : 4;
  Outputs o{Bytes(out_count * w + 8, 0xEE), std::vector<int64_t>(out_count, -7)};
  Bytes idx(out_count * iw + 8);
  for (size_t i = 0; i < out_count; ++i) {
    const int64_t m7 = -7;
    std::memcpy(&idx[i * iw], &m7, iw);  // little-endian: -7 in either width
  }
  execute_top_k(p, x.data(), o.values.data(), idx.data(), pool);
  for (size_t i = 0; i < out_count; ++i) {
    if (iw == 8) {
      std::memcpy(&o.indices[i], &idx[i * 8], 8);
    } else {
      int32_t v;
      std::memcpy(&v, &idx[i * 4], 4);
      o.indices[i] = v;
    }
  }
  return o;
}

Outputs run_pooled(const TopKPlan& p, const Bytes& x, size_t out_count) {
  ThreadPool pool(3);
  set_parallel_min_bytes(1);
  Outputs o = run(p, x, out_count, &pool);
  set_parallel_min_bytes(kParallelMinBytes);
  return o;
}

constexpr DType kAll[] = {DType::Int8,    DType::Uint8,    DType::Bool,  DType::Int16,  DType::Uint16,
                          DType::Float16, DType::Bfloat16, DType::Int32, DType::Uint32, DType::Float32,
                          DType::Int64,   DType::Uint64,   DType::Float64};

}  // namespace

TEST_CASE("topk: numpy's order, every dtype, NaN above +Infinity, ties by index, sorted or not", "[topk]") {
  const auto cases = sel::cases("topk");
  REQUIRE(cases.size() >= 40);
  for (const mj::Value* c : cases) {
    const sel::Tensor x = sel::tensor((*c)["x"]), values = sel::tensor((*c)["values"]),
                      indices = sel::tensor((*c)["indices"]);
    const int64_t axis = (*c)["axis"].i64(), k = (*c)["k"].i64();
    const bool largest = (*c)["largest"].b(), sorted = (*c)["sorted"].b();
    const DType it = sel::dtype_named((*c)["index_dtype"].str());
    INFO(x.dtype << " " << th::str(x.shape) << " axis " << axis << " k " << k << (largest ? " largest" : " smallest")
                 << (sorted ? " sorted" : ""));
    const DType t = sel::dtype_named(x.dtype);
    const TopKPlan p = top_k_plan(x.shape, axis, k, t, largest, sorted, it);
    const size_t n = values.count(), w = dtype_bytes(t), iw = dtype_bytes(it);
    Bytes v(n * w + 8, 0xEE), i(n * iw + 8, 0xEE);
    execute_top_k(p, x.bytes.data(), v.data(), i.data());
    CHECK(sel::same_bytes(v, values.bytes, n * w, w) == "");
    CHECK(sel::same_bytes(i, indices.bytes, n * iw, iw) == "");
    auto go = [&](ThreadPool* pool, Bytes& dst) { execute_top_k(p, x.bytes.data(), dst.data(), dst.data() + n * w, pool); };
    CHECK(sel::same_with_threads(go, n * (w + iw)) == "");
  }
}

TEST_CASE("topk: random views, every dtype, heap and quickselect paths, agree with a full sort", "[topk]") {
  th::Rng rng(777);
  for (int round = 0; round < 500; ++round) {
    const DType t = kAll[round % 13];
    const size_t rank = static_cast<size_t>(rng.uniform(1, 3));
    Shape x = th::random_shape(rng, rank, round % 4 == 0 ? 300 : 8, 3000);
    const size_t axis = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(rank) - 1));
    const int64_t n = x[axis];
    const int64_t k = rng.chance(40) ? rng.uniform(0, std::max<int64_t>(0, n / 16)) : rng.uniform(0, n);
    const sel::View v = sel::random_view(rng, x);
    Shape out = x;
    out[axis] = k;
    const sel::View ov = rng.chance(50) ? sel::View{row_major_strides(out), 0, ref::volume(out) + 1}
                                        : sel::random_view(rng, out);
    TopKPlan p;
    p.dtype = t;
    for (size_t a = 0; a < rank; ++a) {
      if (a == axis) continue;
      p.dims.push_back(x[a]);
      p.src_strides.push_back(v.strides[a]);
      p.dst_strides.push_back(ov.strides[a]);
    }
    p.axis_size = n;
    p.axis_stride = v.strides[axis];
    p.src_offset = v.offset;
    p.dst_axis_stride = ov.strides[axis];
    p.dst_offset = ov.offset;
    p.k = k;
    p.largest = rng.chance(50);
    p.sorted = rng.chance(70);
    p.index_dtype = rng.chance(50) ? DType::Int32 : DType::Int64;
    const Bytes data = sel::random_elements(rng, t, v.span);
    INFO("round " << round << " " << dtype_name(t) << " x " << th::str(x) << " axis " << axis << " k " << k);
    const size_t count = static_cast<size_t>(ov.span);
    const Outputs want = reference(p, data, count);
    CHECK(run(p, data, count, nullptr) == want);
    CHECK(run_pooled(p, data, count) == want);
  }
}

TEST_CASE("topk: [1, 32000] float32, k = 50, both orders, with NaN and repeats", "[topk]") {
  th::Rng rng(5);
  const Shape x{1, 32000};
  Bytes data = sel::random_elements(rng, DType::Float32, 32000);
  for (const bool largest : {true, false}) {
    for (const bool sorted : {true, false}) {
      const TopKPlan p = top_k_plan(x, 1, 50, DType::Float32, largest, sorted, DType::Int64);
      CHECK(run(p, data, 50, nullptr) == reference(p, data, 50));
    }
  }
}

TEST_CASE("topk: rows with k up to 16 (kept in order by insertion), every dtype, float32 rows in blocks", "[topk]") {
  th::Rng rng(16);
  for (int round = 0; round < 600; ++round) {
    // Half the rounds contiguous float32, the case turned away 16 (and 64) at a time.
    const DType t = round % 2 == 0 ? DType::Float32 : kAll[(round / 2) % 13];
    const int64_t rows = rng.uniform(1, round % 5 == 0 ? 3 : 40);
    const int64_t n = rng.uniform(1, round % 5 == 0 ? 5000 : 250);
    const int64_t k = rng.uniform(0, std::min<int64_t>(16, n));
    const Shape x{rows, n};
    const TopKPlan p = top_k_plan(x, 1, k, t, rng.chance(50), rng.chance(70), rng.chance(50) ? DType::Int32 : DType::Int64);
    const Bytes data = sel::random_elements(rng, t, rows * n);
    INFO("round " << round << " " << dtype_name(t) << " [" << rows << ", " << n << "] k " << k);
    const size_t count = static_cast<size_t>(rows * k);
    CHECK(run(p, data, count, nullptr) == reference(p, data, count));
  }
}
