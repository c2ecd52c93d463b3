// Band fill (triangular's engine): numpy's fixture, random views against a
// literal reference, diagonals at the int64 limits, threads or not.
#include "engine/band.hpp"

#include <climits>

#include "selection_common.hpp"

using namespace tensor_ops;
using sel::Bytes;

namespace {

Bytes reference(const BandPlan& p, const Bytes& x, Bytes dst) {
  const size_t w = p.elem_size;
  const size_t r = p.dims.size();
  const int64_t n = ref::volume(p.dims);
  for (int64_t pos = 0; pos < n; ++pos) {
    const std::vector<int64_t> i = sel::unflatten(pos, p.dims);
    int64_t s = p.src_offset, d = p.dst_offset;
    for (size_t k = 0; k < r; ++k) {
      s += i[k] * p.src_strides[k];
      d += i[k] * p.dst_strides[k];
    }
    // j - i compared with the diagonal in 128 bits: no overflow anywhere.
    const __int128 diff = static_cast<__int128>(i[r - 1]) - i[r - 2];
    const bool keep = p.upper ? diff >= p.diagonal : diff <= p.diagonal;
    if (keep) std::memcpy(&dst[static_cast<size_t>(d) * w], &x[static_cast<size_t>(s) * w], w);
    else std::memset(&dst[static_cast<size_t>(d) * w], 0, w);
  }
  return dst;
}

// Checks that run(pool) (nullptr: one thread) leaves `want` in the buffer it
// returns, on one thread and then split over a pool even for one byte.
template <typename Run>
void check_alone_and_pooled(const Bytes& want, Run run) {
  for (int pooled = 0; pooled < 2; ++pooled) {
    ThreadPool pool(3);
    if (pooled) set_parallel_min_bytes(1);
    const Bytes got = run(pooled ? &pool : nullptr);
    set_parallel_min_bytes(kParallelMinBytes);
    CHECK(got == want);
  }
}

}  // namespace

TEST_CASE("band: numpy's triu / tril masks, every dtype, huge diagonals", "[band]") {
  const auto cases = sel::cases("band");
  REQUIRE(cases.size() >= 30);
  for (const mj::Value* c : cases) {
    const sel::Tensor x = sel::tensor((*c)["x"]), out = sel::tensor((*c)["out"]);
    const bool upper = (*c)["upper"].b();
    const int64_t diagonal = (*c)["diagonal"].i64();
    INFO(x.dtype << " " << th::str(x.shape) << (upper ? " upper " : " lower ") << diagonal);
    const size_t w = dtype_bytes(sel::dtype_named(x.dtype));
    const BandPlan plan = band_plan(x.shape, w, upper, diagonal);
    const size_t bytes = out.count() * w;
    auto run = [&](ThreadPool* pool, Bytes& dst) { execute_band(plan, x.bytes.data(), dst.data(), pool); };
    Bytes dst(bytes + 8, 0xEE);
    run(nullptr, dst);
    CHECK(sel::same_bytes(dst, out.bytes, bytes, w) == "");
    CHECK(sel::same_with_threads(run, bytes) == "");
  }
}

TEST_CASE("band: random views of x and of the output agree with the literal reference", "[band]") {
  th::Rng rng(515);
  const int64_t diagonals[] = {0, 1, -1, 3, -4, 40, -40, INT64_MAX, INT64_MIN, INT64_MAX - 2, INT64_MIN + 1};
  for (int round = 0; round < 300; ++round) {
    const size_t w = th::kWidths[round % 4];
    const Shape dims = th::random_shape(rng, static_cast<size_t>(rng.uniform(2, 4)), round % 5 == 0 ? 90 : 7, 4000);
    BandPlan p;
    p.dims = dims;
    p.elem_size = w;
    p.upper = rng.chance(50);
    p.diagonal = rng.chance(70) ? diagonals[rng.uniform(0, 10)] : rng.uniform(-10, 10);
    const sel::View sv = sel::random_view(rng, dims);
    const sel::View dv = rng.chance(50) ? sel::View{row_major_strides(dims), 0, ref::volume(dims) + 1}
                                        : sel::random_view(rng, dims);
    p.src_strides = sv.strides;
    p.src_offset = sv.offset;
    p.dst_strides = dv.strides;
    p.dst_offset = dv.offset;
    Bytes x(static_cast<size_t>(sv.span) * w);
    for (unsigned char& b : x) b = static_cast<unsigned char>(rng.engine());
    const Bytes dst(static_cast<size_t>(dv.span) * w, 0xEE);
    const Bytes want = reference(p, x, dst);
    INFO("round " << round << " dims " << th::str(dims) << " upper " << p.upper << " diagonal " << p.diagonal);
    check_alone_and_pooled(want, [&](ThreadPool* pool) {
      Bytes got = dst;
      execute_band(p, x.data(), got.data(), pool);
      return got;
    });
  }
}

TEST_CASE("band: x as its own output (in place) gives what a separate output gets", "[band]") {
  // Dense both sides (triangular's case: a kept x's .data as out, or a plain
  // x copied straight into the output), small matrices and long rows alike.
  th::Rng rng(516);
  for (int round = 0; round < 200; ++round) {
    const size_t w = th::kWidths[round % 4];
    const Shape dims = th::random_shape(rng, static_cast<size_t>(rng.uniform(2, 4)), round % 4 == 0 ? 300 : 9, 60000);
    const BandPlan p = band_plan(dims, w, rng.chance(50), rng.uniform(-12, 12));
    Bytes x(static_cast<size_t>(ref::volume(dims)) * w);
    for (unsigned char& b : x) b = static_cast<unsigned char>(rng.engine() | 1);
    const Bytes want = reference(p, x, Bytes(x.size(), 0xEE));
    INFO("round " << round << " dims " << th::str(dims) << " upper " << p.upper << " diagonal " << p.diagonal);
    check_alone_and_pooled(want, [&](ThreadPool* pool) {
      Bytes got = x;
      execute_band(p, got.data(), got.data(), pool);
      return got;
    });
  }
}

TEST_CASE("band: a few long rows split inside rows over threads", "[band]") {
  // [2, 3, 50000]: pieces start and end in the middle of rows.
  const Shape dims{2, 3, 50000};
  for (const bool upper : {true, false}) {
    const BandPlan p = band_plan(dims, 4, upper, upper ? 20000 : -1);
    std::vector<uint32_t> x(static_cast<size_t>(ref::volume(dims)));
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<uint32_t>(i) | 1u;
    const size_t bytes = x.size() * 4;
    Bytes xb(bytes);
    std::memcpy(xb.data(), x.data(), bytes);
    const Bytes want = reference(p, xb, Bytes(bytes, 0xEE));
    auto run = [&](ThreadPool* pool, Bytes& dst) { execute_band(p, x.data(), dst.data(), pool); };
    Bytes got(bytes + 8);
    run(nullptr, got);
    CHECK(sel::same_bytes(got, want, bytes, 4) == "");
    CHECK(sel::same_with_threads(run, bytes) == "");
  }
}
