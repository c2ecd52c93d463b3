// Scatter (scatterElements / scatterND's engine): numpy's fixture (every
// dtype and reduction, duplicates, negative indices, out-of-range errors),
// random cases against a literal reference, large duplicate-heavy cases with
// threads against none.
#include "engine/scatter.hpp"

#include <cmath>

#include "selection_common.hpp"

using namespace tensor_ops;
using sel::Bytes;

namespace {

ScatterReduction reduction_named(const std::string& s) {
  if (s == "add") return ScatterReduction::Add;
  if (s == "mul") return ScatterReduction::Mul;
  if (s == "max") return ScatterReduction::Max;
  if (s == "min") return ScatterReduction::Min;
  return ScatterReduction::None;
}

// The literal reference: float16 / bfloat16 rounding by scaling to the
// format's quantum (apart from the engine's bit manipulation).
uint16_t round16(float f, bool bf16) {
  if (std::isnan(f)) return bf16 ? 0x7FC0 : 0x7E00;
  const double v = f;
  const int min_exp = bf16 ? -126 : -14, mant = bf16 ? 7 : 10;
  const double limit = bf16 ? std::ldexp(1.0, 128) : 65520.0;
  int e = v == 0 ? min_exp : std::ilogb(v);
  if (e < min_exp) e = min_exp;
  const double q = std::ldexp(1.0, e - mant);
  const double m = std::nearbyint(v / q) * q;
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  if (std::fabs(m) >= limit || std::isinf(m)) return sign | (bf16 ? 0x7F80 : 0x7C00);
  if (bf16) {
    const float r = static_cast<float>(m);
    uint32_t u;
    std::memcpy(&u, &r, 4);
    return static_cast<uint16_t>(u >> 16);
  }
  // float16 fields from the exactly representable m.
  const double a = std::fabs(m);
  if (a < std::ldexp(1.0, -14)) return sign | static_cast<uint16_t>(a / std::ldexp(1.0, -24));
  const int ex = std::ilogb(a);
  return sign | static_cast<uint16_t>(((ex + 15) << 10) | static_cast<int>(a / std::ldexp(1.0, ex - 10) - 1024));
}

template <typename T>
T combine_ref(T a, T b, ScatterReduction r) {
  switch (r) {
    case ScatterReduction::None: return b;
    case ScatterReduction::Add: return a + b;
    case ScatterReduction::Mul: return a * b;
    case ScatterReduction::Max:
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
      return b > a ? b : a;
    case ScatterReduction::Min:
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
      return b < a ? b : a;
  }
  return b;
}

// Applies updates (the flat list of (output element, update element)
// pairs in row-major order) to out, as the rules say.
void apply_ref(DType t, ScatterReduction r, Bytes& out, const Bytes& upd,
               const std::vector<std::pair<int64_t, int64_t>>& writes) {
  const size_t w = dtype_bytes(t);
  if (r == ScatterReduction::None) {
    for (auto [o, u] : writes) std::memcpy(&out[static_cast<size_t>(o) * w], &upd[static_cast<size_t>(u) * w], w);
    return;
  }
  if (t == DType::Float16 || t == DType::Bfloat16) {
    std::vector<std::pair<int64_t, float>> acc;  // in order of first touch
    auto find = [&](int64_t o) -> float* {
      for (auto& e : acc) {
        if (e.first == o) return &e.second;
      }
      return nullptr;
    };
    for (auto [o, u] : writes) {
      float* a = find(o);
      if (!a) {
        acc.push_back({o, static_cast<float>(sel::value_of(t, &out[static_cast<size_t>(o) * 2]))});
        a = &acc.back().second;
      }
      *a = combine_ref<float>(*a, static_cast<float>(sel::value_of(t, &upd[static_cast<size_t>(u) * 2])), r);
    }
    for (auto [o, a] : acc) {
      const uint16_t bits = round16(a, t == DType::Bfloat16);
      std::memcpy(&out[static_cast<size_t>(o) * 2], &bits, 2);
    }
    return;
  }
  for (auto [o, u] : writes) {
    unsigned char* d = &out[static_cast<size_t>(o) * w];
    const unsigned char* s = &upd[static_cast<size_t>(u) * w];
    if (t == DType::Float32 || t == DType::Float64) {
      if (t == DType::Float32) {
        float a, b;
        std::memcpy(&a, d, 4);
        std::memcpy(&b, s, 4);
        a = combine_ref(a, b, r);
        std::memcpy(d, &a, 4);
      } else {
        double a, b;
        std::memcpy(&a, d, 8);
        std::memcpy(&b, s, 8);
        a = combine_ref(a, b, r);
        std::memcpy(d, &a, 8);
      }
      continue;
    }
    // Integers: exact values, then wrapped to the width.
    __int128 a = 0, b = 0;
    uint64_t ab = 0, bb = 0;
    for (size_t k = 0; k < w; ++k) {
      ab |= static_cast<uint64_t>(d[k]) << (8 * k);
      bb |= static_cast<uint64_t>(s[k]) << (8 * k);
    }
    const bool sg = is_signed(t);
    auto exact = [&](uint64_t bits) -> __int128 {
      if (sg && w < 8 && ((bits >> (8 * w - 1)) & 1)) bits |= ~uint64_t{0} << (8 * w);
      return sg ? static_cast<__int128>(static_cast<int64_t>(bits)) : static_cast<__int128>(bits);
    };
    a = exact(ab);
    b = exact(bb);
    __int128 v;
    if (t == DType::Bool) {
      v = (r == ScatterReduction::Add || r == ScatterReduction::Max) ? (a || b) : (a && b);
    } else {
      switch (r) {
        case ScatterReduction::Add: v = a + b; break;
        case ScatterReduction::Mul: v = static_cast<__int128>(static_cast<unsigned __int128>(a) * static_cast<unsigned __int128>(b)); break;
        case ScatterReduction::Max: v = b > a ? b : a; break;
        default: v = b < a ? b : a; break;
      }
    }
    const uint64_t bits = static_cast<uint64_t>(v);  // low bits: the wrap
    for (size_t k = 0; k < w; ++k) d[k] = static_cast<unsigned char>(bits >> (8 * k));
  }
}

constexpr DType kAll[] = {DType::Int8,    DType::Uint8,    DType::Bool,  DType::Int16,  DType::Uint16,
                          DType::Float16, DType::Bfloat16, DType::Int32, DType::Uint32, DType::Float32,
                          DType::Int64,   DType::Uint64,   DType::Float64};

// Finite random elements (no NaN: the reference's NaN bits are not the point here).
Bytes finite_elements(th::Rng& rng, DType t, int64_t count) {
  Bytes b = sel::random_elements(rng, t, count);
  const size_t w = dtype_bytes(t);
  for (int64_t i = 0; i < count; ++i) {
    unsigned char* p = &b[static_cast<size_t>(i) * w];
    if (!std::isfinite(sel::value_of(t, p)) || (sel::value_of(t, p) == 0 && (p[w - 1] & 0x80) && t != DType::Int8 &&
                                                 !is_integer(t))) {
      std::memset(p, 0, w);
      p[0] = 0;
    }
  }
  return b;
}

}  // namespace

TEST_CASE("scatter: numpy's scatterElements / scatterND, every dtype and reduction, duplicates, errors", "[scatter]") {
  int elements = 0, nd = 0, errors = 0;
  for (const char* kind : {"scatter_elements", "scatter_nd"}) {
    for (const mj::Value* c : sel::cases(kind)) {
      const sel::Tensor x = sel::tensor((*c)["x"]), idx = sel::tensor((*c)["indices"]), upd = sel::tensor((*c)["updates"]);
      const DType t = sel::dtype_named(x.dtype);
      const IndexType it = sel::index_type_named(idx.dtype);
      const ScatterReduction r = reduction_named((*c)["reduction"].str());
      const bool is_nd = std::string(kind) == "scatter_nd";
      (is_nd ? nd : elements)++;
      INFO(kind << " " << x.dtype << " x " << th::str(x.shape) << " indices " << idx.dtype << th::str(idx.shape)
                << " reduction " << (*c)["reduction"].str());
      const ScatterPlan p = is_nd ? scatter_nd_plan(x.shape, idx.shape, t, r, it)
                                  : scatter_elements_plan(x.shape, idx.shape, (*c)["axis"].i64(), t, r, it);
      const size_t w = dtype_bytes(t), bytes = x.count() * w;
      Bytes dst(bytes + 8, 0xEE);
      BadIndex bad;
      const bool ok = execute_scatter(p, x.bytes.data(), idx.bytes.data(), upd.bytes.data(), dst.data(), &bad);
      if (c->has("error")) {
        ++errors;
        CHECK_FALSE(ok);
        CHECK(bad.position == (*c)["error"]["position"].i64());
        const std::string value = index_type_is_signed(it) ? std::to_string(static_cast<int64_t>(bad.bits))
                                                           : std::to_string(bad.bits);
        CHECK(value == (*c)["error"]["value"].str());
        CHECK(dst == Bytes(bytes + 8, 0xEE));  // nothing written
        continue;
      }
      REQUIRE(ok);
      const sel::Tensor out = sel::tensor((*c)["out"]);
      CHECK(sel::same_bytes(dst, out.bytes, bytes, w) == "");
      auto go = [&](ThreadPool* pool, Bytes& d) {
        BadIndex b;
        execute_scatter(p, x.bytes.data(), idx.bytes.data(), upd.bytes.data(), d.data(), &b, pool);
      };
      CHECK(sel::same_with_threads(go, bytes) == "");
    }
  }
  CHECK(elements >= 50);
  CHECK(nd >= 50);
  CHECK(errors >= 8);
}

TEST_CASE("scatter: random scatterElements / scatterND of every dtype, index dtype and reduction", "[scatter]") {
  th::Rng rng(1234);
  const IndexType types[] = {IndexType::Int8,  IndexType::Uint8,  IndexType::Int16, IndexType::Uint16,
                             IndexType::Int32, IndexType::Uint32, IndexType::Int64, IndexType::Uint64};
  for (int round = 0; round < 600; ++round) {
    const DType t = kAll[round % 13];
    const IndexType it = types[(round / 13) % 8];
    const ScatterReduction r = static_cast<ScatterReduction>(round % 5);
    const bool is_nd = round % 2 == 1;
    const size_t rank = static_cast<size_t>(rng.uniform(1, 3));
    Shape x = th::random_shape(rng, rank, 6, 500);
    for (int64_t& d : x) d = std::max<int64_t>(d, 1);
    Shape ishape;
    std::vector<std::pair<int64_t, int64_t>> writes;
    std::vector<int64_t> values;
    const std::vector<int64_t> xs = row_major_strides(x);
    const bool sg = index_type_is_signed(it);
    auto pick = [&](int64_t d) { return rng.uniform(sg ? -d : 0, d - 1); };
    int64_t axis = 0;
    Shape ushape;
    if (!is_nd) {
      axis = rng.uniform(0, static_cast<int64_t>(rank) - 1);
      for (size_t a = 0; a < rank; ++a) {
        ishape.push_back(static_cast<int64_t>(a) == axis ? rng.uniform(0, 9) : rng.uniform(0, x[a]));
      }
      ushape = ishape;
      const int64_t n = ref::volume(ishape);
      for (int64_t pos = 0; pos < n; ++pos) {
        std::vector<int64_t> i = sel::unflatten(pos, ishape);
        const int64_t v = pick(x[static_cast<size_t>(axis)]);
        values.push_back(v);
        i[static_cast<size_t>(axis)] = v < 0 ? v + x[static_cast<size_t>(axis)] : v;
        int64_t o = 0;
        for (size_t a = 0; a < rank; ++a) o += i[a] * xs[a];
        writes.push_back({o, pos});
      }
    } else {
      const int64_t k = rng.uniform(1, static_cast<int64_t>(rank));
      ishape = th::random_shape(rng, static_cast<size_t>(rng.uniform(0, 2)), 8, 60);
      const int64_t positions = ref::volume(ishape);
      ishape.push_back(k);
      ushape.assign(ishape.begin(), ishape.end() - 1);
      int64_t slice = 1;
      for (size_t a = static_cast<size_t>(k); a < rank; ++a) {
        ushape.push_back(x[a]);
        slice *= x[a];
      }
      for (int64_t pos = 0; pos < positions; ++pos) {
        int64_t o = 0;
        for (int64_t j = 0; j < k; ++j) {
          const int64_t d = x[static_cast<size_t>(j)];
          const int64_t v = pick(d);
          values.push_back(v);
          o += (v < 0 ? v + d : v) * xs[static_cast<size_t>(j)];
        }
        for (int64_t s = 0; s < slice; ++s) writes.push_back({o + s, pos * slice + s});
      }
    }
    const size_t iw = index_type_bytes(it);
    Bytes idx(values.size() * iw + 8);
    for (size_t i = 0; i < values.size(); ++i) {
      for (size_t b = 0; b < iw; ++b) idx[i * iw + b] = static_cast<unsigned char>(static_cast<uint64_t>(values[i]) >> (8 * b));
    }
    const Bytes xb = finite_elements(rng, t, ref::volume(x));
    const Bytes ub = finite_elements(rng, t, ref::volume(ushape));
    const size_t w = dtype_bytes(t), bytes = static_cast<size_t>(ref::volume(x)) * w;
    Bytes want(xb.begin(), xb.begin() + static_cast<std::ptrdiff_t>(bytes));
    apply_ref(t, r, want, ub, writes);
    const ScatterPlan p = is_nd ? scatter_nd_plan(x, ishape, t, r, it) : scatter_elements_plan(x, ishape, axis, t, r, it);
    INFO("round " << round << " " << dtype_name(t) << " x " << th::str(x) << " indices " << index_type_name(it)
                  << th::str(ishape) << (is_nd ? " nd" : " elements") << " reduction " << static_cast<int>(r));
    for (int pooled = 0; pooled < 2; ++pooled) {
      ThreadPool pool(3);
      if (pooled) set_parallel_min_bytes(1);
      // In place: dst already holds x (x = null).
      Bytes got(xb.begin(), xb.begin() + static_cast<std::ptrdiff_t>(bytes));
      BadIndex bad;
      CHECK(execute_scatter(p, nullptr, idx.data(), ub.data(), got.data(), &bad, pooled ? &pool : nullptr));
      set_parallel_min_bytes(kParallelMinBytes);
      CHECK(sel::same_bytes(got, want, bytes, w) == "");
    }
  }
}

TEST_CASE("scatter: many duplicates, float32 add and 'none', threads give the serial result", "[scatter]") {
  th::Rng rng(99);
  // scatterElements on [4096] with 300,000 updates to 64 places: order matters
  // for float32 sums, and the last write wins for 'none'.
  const Shape x{4096}, ishape{300000};
  std::vector<int32_t> idx(300000);
  for (int32_t& v : idx) v = static_cast<int32_t>(rng.uniform(-64, 63)) * 64;
  std::vector<float> upd(300000), xs(4096, 0.5f);
  for (float& v : upd) v = static_cast<float>(rng.uniform(-1000, 1000)) / 7.0f;
  for (const ScatterReduction r : {ScatterReduction::None, ScatterReduction::Add, ScatterReduction::Mul,
                                   ScatterReduction::Max}) {
    const ScatterPlan p = scatter_elements_plan(x, ishape, 0, DType::Float32, r, IndexType::Int32);
    auto go = [&](ThreadPool* pool, Bytes& d) {
      BadIndex bad;
      execute_scatter(p, xs.data(), idx.data(), upd.data(), d.data(), &bad, pool);
    };
    CHECK(sel::same_with_threads(go, 4096 * 4) == "");
    // Against the reference too.
    Bytes want(4096 * 4 + 8);
    std::memcpy(want.data(), xs.data(), 4096 * 4);
    std::vector<std::pair<int64_t, int64_t>> writes;
    for (size_t i = 0; i < idx.size(); ++i) writes.push_back({idx[i] < 0 ? idx[i] + 4096 : idx[i], static_cast<int64_t>(i)});
    Bytes ub(upd.size() * 4);
    std::memcpy(ub.data(), upd.data(), ub.size());
    apply_ref(DType::Float32, r, want, ub, writes);
    Bytes got(4096 * 4 + 8);
    go(nullptr, got);
    CHECK(sel::same_bytes(got, want, 4096 * 4, 4) == "");
  }
  // scatterND with long slices (split by columns) and float16 accumulators
  // (split by owned ranges): [64, 2048] rows, 5000 row updates.
  const Shape x2{64, 2048}, i2{5000, 1};
  std::vector<int64_t> rows(5000);
  for (int64_t& v : rows) v = rng.uniform(-64, 63);
  for (const DType t : {DType::Float16, DType::Float32, DType::Int8}) {
    const size_t w = dtype_bytes(t);
    const Bytes xb = finite_elements(rng, t, 64 * 2048), ub = finite_elements(rng, t, 5000 * 2048);
    for (const ScatterReduction r : {ScatterReduction::None, ScatterReduction::Add}) {
      const ScatterPlan p = scatter_nd_plan(x2, i2, t, r, IndexType::Int64);
      auto go = [&](ThreadPool* pool, Bytes& d) {
        BadIndex bad;
        execute_scatter(p, xb.data(), rows.data(), ub.data(), d.data(), &bad, pool);
      };
      INFO(dtype_name(t) << " reduction " << static_cast<int>(r));
      CHECK(sel::same_with_threads(go, 64 * 2048 * w) == "");
    }
  }
}

TEST_CASE("scatter: scatterElements over several dims with threads gives the serial result, duplicates and all", "[scatter]") {
  th::Rng rng(4242);
  // Updates [3000, 40, 7] into x [16, 40, 7] along axis 0, and [40, 3000]
  // into [40, 16] along axis 1: about 190 writes per element, so the order
  // of the writes to each one decides the result. (A split of the updates
  // along a dim other than the axis keeps that order; one along the axis
  // does not. Such a split was 1.5x faster natively and 1.2x slower in wasm
  // here, so the updates run on one thread.)
  struct Case {
    Shape x, indices;
    int64_t axis;
  };
  for (const Case& c : {Case{{16, 40, 7}, {3000, 40, 7}, 0}, Case{{40, 16}, {40, 3000}, 1}}) {
    const int64_t n = volume(c.indices), xn = volume(c.x);
    std::vector<int16_t> idx(static_cast<size_t>(n));
    for (int16_t& v : idx) v = static_cast<int16_t>(rng.uniform(-16, 15));
    std::vector<float> upd(static_cast<size_t>(n)), xs(static_cast<size_t>(xn), 0.25f);
    for (float& v : upd) v = static_cast<float>(rng.uniform(-1000, 1000)) / 7.0f;
    Bytes ub(upd.size() * 4);
    std::memcpy(ub.data(), upd.data(), ub.size());
    // The writes in row-major order of the positions: output offset, update offset.
    const std::vector<int64_t> xst = row_major_strides(c.x), ist = row_major_strides(c.indices);
    std::vector<std::pair<int64_t, int64_t>> writes;
    for (int64_t e = 0; e < n; ++e) {
      int64_t off = 0;
      for (size_t a = 0; a < c.x.size(); ++a) {
        const int64_t coord = e / ist[a] % c.indices[a];
        const int64_t v = idx[static_cast<size_t>(e)];
        off += (static_cast<int64_t>(a) == c.axis ? (v < 0 ? v + 16 : v) : coord) * xst[a];
      }
      writes.push_back({off, e});
    }
    for (const ScatterReduction r : {ScatterReduction::None, ScatterReduction::Add, ScatterReduction::Mul,
                                     ScatterReduction::Max}) {
      INFO("x " << th::str(c.x) << " axis " << c.axis << " reduction " << static_cast<int>(r));
      const ScatterPlan p = scatter_elements_plan(c.x, c.indices, c.axis, DType::Float32, r, IndexType::Int16);
      auto go = [&](ThreadPool* pool, Bytes& d) {
        BadIndex bad;
        execute_scatter(p, xs.data(), idx.data(), upd.data(), d.data(), &bad, pool);
      };
      CHECK(sel::same_with_threads(go, static_cast<size_t>(xn) * 4) == "");
      Bytes want(static_cast<size_t>(xn) * 4 + 8);
      std::memcpy(want.data(), xs.data(), static_cast<size_t>(xn) * 4);
      apply_ref(DType::Float32, r, want, ub, writes);
      ThreadPool pool(3);
      set_parallel_min_bytes(1);
      Bytes got(static_cast<size_t>(xn) * 4 + 8);
      go(&pool, got);
      set_parallel_min_bytes(kParallelMinBytes);
      CHECK(sel::same_bytes(got, want, static_cast<size_t>(xn) * 4, 4) == "");
    }
  }
}

TEST_CASE("scatter: the first bad index (row-major) is reported, at the index types' limits", "[scatter]") {
  // scatterND indices [3, 2] into x [4, 5]: components range 4 and 5.
  const Shape x{4, 5};
  std::vector<int8_t> idx{0, 0, -4, -5, 3, 5};  // position 5 (component 1) = 5 is out of [−5, 5)
  std::vector<float> xs(20, 1.0f), upd(3, 2.0f), dst(20, -1.0f);
  const ScatterPlan p = scatter_nd_plan(x, {3, 2}, DType::Float32, ScatterReduction::None, IndexType::Int8);
  BadIndex bad;
  CHECK_FALSE(execute_scatter(p, xs.data(), idx.data(), upd.data(), dst.data(), &bad));
  CHECK(bad.position == 5);
  CHECK(bad.component == 1);
  CHECK(bad.bits == 5);
  CHECK(dst == std::vector<float>(20, -1.0f));
  idx = {0, 0, -5, 0, 3, 4};  // -5 is out of [-4, 4) for component 0
  CHECK_FALSE(execute_scatter(p, xs.data(), idx.data(), upd.data(), dst.data(), &bad));
  CHECK(bad.position == 2);
  CHECK(static_cast<int64_t>(bad.bits) == -5);
  std::vector<uint16_t> u16{1, 65535};
  const ScatterPlan q = scatter_elements_plan({3}, {2}, 0, DType::Float32, ScatterReduction::Add, IndexType::Uint16);
  CHECK_FALSE(execute_scatter(q, xs.data(), u16.data(), upd.data(), dst.data(), &bad));
  CHECK(bad.position == 1);
  CHECK(bad.bits == 65535);
}
