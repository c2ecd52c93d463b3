// Times the selection primitives (src/engine/select, band, arg_reduce,
// top_k, one_hot, scatter) against memcpy of the output, or a read of the
// input, of the same bytes. One thread (the calling one) unless a line says
// "pool": numbers for kernel work only, not a test.
//   cmake --build build/native --target bench_selection && build/native/bench/native/bench_selection
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "base/simd.hpp"
#include "engine/arg_reduce.hpp"
#include "engine/band.hpp"
#include "engine/one_hot.hpp"
#include "engine/scatter.hpp"
#include "engine/select.hpp"
#include "engine/top_k.hpp"
#include "runtime/tensor_ops.hpp"

using namespace tensor_ops;

namespace {

template <typename F>
double best_of(int reps, F&& f) {
  double best = 1e9;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
  }
  return best;
}

std::vector<unsigned char> random_bytes(size_t n, uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<unsigned char> v(n);
  for (size_t i = 0; i < n; i += 8) {
    const uint64_t x = g();
    std::memcpy(&v[i], &x, std::min<size_t>(8, n - i));
  }
  return v;
}

// A read of every byte (xor of 16-byte vectors): the floor of a reduction.
uint32_t read_all(const unsigned char* p, size_t n) {
  simd::Vec<uint32_t> acc = simd::splat<uint32_t>(0);
  for (size_t i = 0; i + 64 <= n; i += 64) {
    acc ^= simd::load(reinterpret_cast<const uint32_t*>(p + i)) ^ simd::load(reinterpret_cast<const uint32_t*>(p + i + 16)) ^
           simd::load(reinterpret_cast<const uint32_t*>(p + i + 32)) ^ simd::load(reinterpret_cast<const uint32_t*>(p + i + 48));
  }
  return acc[0] ^ acc[1] ^ acc[2] ^ acc[3];
}

void line(const char* name, double bytes, const char* base_name, double t_base, double t) {
  std::printf("%-50s %8.2f MB  %s %8.3f ms  primitive %8.3f ms  ratio %5.2f\n", name, bytes / 1e6, base_name,
              t_base * 1e3, t * 1e3, t / t_base);
}

volatile uint32_t g_sink;

}  // namespace

int main() {
  const size_t kOut = 64u << 20;  // 64 MiB outputs
  std::vector<unsigned char> dst(kOut), src = random_bytes(kOut, 1);
  const double t_memcpy = best_of(7, [&] { std::memcpy(dst.data(), src.data(), kOut); });
  // The same bytes copied by rows of 4 KiB: memcpy of short runs stores
  // through the cache (a 64 MiB memcpy streams past it), as the band fill's
  // rows and every row-wise kernel do.
  const double t_rows = best_of(7, [&] {
    for (size_t i = 0; i < kOut; i += 4096) std::memcpy(dst.data() + i, src.data() + i, 4096);
  });
  line("memcpy by rows of 4 KiB (baseline)", kOut, "memcpy", t_memcpy, t_rows);

  // ---- select: float32, 16 Mi elements ----
  {
    const int64_t n = static_cast<int64_t>(kOut / 4);
    const std::vector<unsigned char> a = random_bytes(kOut, 2), b = random_bytes(kOut, 3);
    std::vector<unsigned char> cond = random_bytes(static_cast<size_t>(n), 4);
    for (unsigned char& c : cond) c = c & 1;
    const Shape s{n};
    const SelectPlan full = select_plan(s, s, s, s, 4);
    const SelectPlan scalar_b = select_plan(s, s, s, {}, 4);
    const SelectPlan row_cond = select_plan({4096, 4096}, {4096, 1}, {4096, 4096}, {4096, 4096}, 4);
    line("select f32 cond, a, b all [16Mi]", kOut, "memcpy", t_memcpy,
         best_of(7, [&] { execute_select(full, cond.data(), a.data(), b.data(), dst.data()); }));
    line("select f32 b scalar (where(m, x, 0))", kOut, "memcpy", t_memcpy,
         best_of(7, [&] { execute_select(scalar_b, cond.data(), a.data(), b.data(), dst.data()); }));
    line("select f32 cond [4096,1] (whole rows)", kOut, "memcpy", t_memcpy,
         best_of(7, [&] { execute_select(row_cond, cond.data(), a.data(), b.data(), dst.data()); }));
    const SelectPlan u8 = select_plan({static_cast<int64_t>(kOut)}, {static_cast<int64_t>(kOut)},
                                      {static_cast<int64_t>(kOut)}, {}, 1);
    std::vector<unsigned char> cond8 = random_bytes(kOut, 5);
    line("select u8 [64Mi] b scalar", kOut, "memcpy", t_memcpy,
         best_of(7, [&] { execute_select(u8, cond8.data(), a.data(), b.data(), dst.data()); }));
    ThreadPool pool(2);
    line("select f32 cond, a, b all, pool of 2", kOut, "memcpy", t_memcpy,
         best_of(7, [&] { execute_select(full, cond.data(), a.data(), b.data(), dst.data(), &pool); }));
  }

  // ---- band: float32 [16, 1024, 1024] ----
  {
    for (const int64_t diag : {int64_t{0}, int64_t{512}, int64_t{-300}, int64_t{-5000}, int64_t{5000}}) {
      const BandPlan p = band_plan({16, 1024, 1024}, 4, true, diag);
      char name[80];
      std::snprintf(name, sizeof name, "band f32 [16,1024,1024] upper diag %lld", static_cast<long long>(diag));
      const double t = best_of(7, [&] { execute_band(p, src.data(), dst.data()); });
      line(name, kOut, "memcpy", t_memcpy, t);
      line("  (the same against memcpy by rows)", kOut, "rows  ", t_rows, t);
    }
    const BandPlan lower = band_plan({64, 512, 512}, 4, false, 0);
    line("band f32 [64,512,512] lower", kOut, "memcpy", t_memcpy,
         best_of(7, [&] { execute_band(lower, src.data(), dst.data()); }));
  }

  // ---- arg reduction ----
  {
    // Segmentation: argmax over the 21 channels of [1, 21, 512, 512] float32.
    const Shape x{1, 21, 512, 512};
    const size_t bytes = 21u * 512 * 512 * 4;
    std::vector<unsigned char> in(bytes);
    {
      std::mt19937 g(7);
      std::uniform_real_distribution<float> u(-10.0f, 10.0f);
      for (size_t i = 0; i < bytes; i += 4) {
        const float f = u(g);
        std::memcpy(&in[i], &f, 4);
      }
    }
    const double t_read = best_of(9, [&] { g_sink = read_all(in.data(), bytes); });
    std::vector<unsigned char> out(512 * 512 * 8);
    const ArgReducePlan seg = arg_reduce_plan(x, 1, DType::Float32, true, false, DType::Int32);
    line("argmax f32 [1,21,512,512] axis 1 (channels)", static_cast<double>(bytes), "read", t_read,
         best_of(9, [&] { execute_arg_reduce(seg, in.data(), out.data()); }));
    const ArgReducePlan seg64 = arg_reduce_plan(x, 1, DType::Float32, true, true, DType::Int64);
    line("argmax f32 same, selectLastIndex, int64 out", static_cast<double>(bytes), "read", t_read,
         best_of(9, [&] { execute_arg_reduce(seg64, in.data(), out.data()); }));
    const ArgReducePlan seg8 = arg_reduce_plan(x, 1, DType::Uint8, true, false, DType::Int32);
    const double t_read8 = best_of(9, [&] { g_sink = read_all(in.data(), bytes / 4); });
    line("argmax u8 [1,21,512,512] axis 1", static_cast<double>(bytes) / 4, "read", t_read8,
         best_of(9, [&] { execute_arg_reduce(seg8, in.data(), out.data()); }));
    const ArgReducePlan f16 = arg_reduce_plan(x, 1, DType::Float16, true, false, DType::Int32);
    const double t_read16 = best_of(9, [&] { g_sink = read_all(in.data(), bytes / 2); });
    line("argmax f16 [1,21,512,512] axis 1", static_cast<double>(bytes) / 2, "read", t_read16,
         best_of(9, [&] { execute_arg_reduce(f16, in.data(), out.data()); }));
    // Along the innermost axis: logits [5504, 1000] float32 (the same bytes).
    const ArgReducePlan last = arg_reduce_plan({5505, 1000}, 1, DType::Float32, true, false, DType::Int32);
    line("argmax f32 [5505,1000] axis 1 (innermost)", 5505.0 * 4000, "read", t_read,
         best_of(9, [&] { execute_arg_reduce(last, in.data(), out.data()); }));
    const ArgReducePlan min64 = arg_reduce_plan({2752, 1000}, 1, DType::Float64, false, false, DType::Int32);
    line("argmin f64 [2752,1000] axis 1 (innermost)", 2752.0 * 8000, "read", t_read,
         best_of(9, [&] { execute_arg_reduce(min64, in.data(), out.data()); }));
    ThreadPool pool(2);
    line("argmax f32 channels, pool of 2", static_cast<double>(bytes), "read", t_read,
         best_of(9, [&] { execute_arg_reduce(seg, in.data(), out.data(), &pool); }));
  }

  // ---- topK: [1, 32000] float32, k = 50 ----
  {
    std::vector<float> x(32000);
    std::mt19937 g(11);
    std::normal_distribution<float> nd(0.0f, 3.0f);
    for (float& v : x) v = nd(g);
    std::vector<float> values(50);
    std::vector<int32_t> idx(50);
    const TopKPlan p = top_k_plan({1, 32000}, 1, 50, DType::Float32, true, true, DType::Int32);
    const double t_read = best_of(50, [&] { g_sink = read_all(reinterpret_cast<unsigned char*>(x.data()), 128000); });
    std::vector<float> sorted;
    const double t_sort = best_of(20, [&] {
      sorted = x;
      std::sort(sorted.begin(), sorted.end());
    });
    const double t_topk = best_of(50, [&] { execute_top_k(p, x.data(), values.data(), idx.data()); });
    line("topK f32 [1,32000] k=50", 128000, "read", t_read, t_topk);
    std::printf("%-50s std::sort of the row %.3f ms: topK is %.1fx faster\n", "", t_sort * 1e3, t_sort / t_topk);
    const TopKPlan big = top_k_plan({1, 32000}, 1, 8000, DType::Float32, false, true, DType::Int32);
    std::vector<float> v2(8000);
    std::vector<int32_t> i2(8000);
    line("topK f32 [1,32000] k=8000 smallest (quickselect)", 128000, "read", t_read,
         best_of(20, [&] { execute_top_k(big, x.data(), v2.data(), i2.data()); }));
    // Many rows: [4096, 1000] k = 5.
    std::vector<float> rows(4096 * 1000);
    for (float& v : rows) v = nd(g);
    std::vector<float> rv(4096 * 5);
    std::vector<int32_t> ri(4096 * 5);
    const TopKPlan many = top_k_plan({4096, 1000}, 1, 5, DType::Float32, true, true, DType::Int32);
    const double t_read_rows =
        best_of(9, [&] { g_sink = read_all(reinterpret_cast<unsigned char*>(rows.data()), rows.size() * 4); });
    line("topK f32 [4096,1000] k=5", rows.size() * 4.0, "read", t_read_rows,
         best_of(9, [&] { execute_top_k(many, rows.data(), rv.data(), ri.data()); }));
  }

  // ---- oneHot: [1Mi] int64 indices, depth 16, float32 out (64 MiB) ----
  {
    std::vector<int64_t> idx(1u << 20);
    std::mt19937 g(3);
    for (int64_t& v : idx) v = static_cast<int64_t>(g() % 16);
    const OneHotPlan p = one_hot_plan({1 << 20}, 16, 1, IndexType::Int64, 4, 0, 0x3F800000u);
    line("oneHot [1Mi] depth 16 f32 (axis -1)", kOut, "memcpy", t_memcpy,
         best_of(7, [&] { execute_one_hot(p, idx.data(), dst.data()); }));
    const OneHotPlan p0 = one_hot_plan({1 << 20}, 16, 0, IndexType::Int64, 4, 0, 0x3F800000u);
    line("oneHot [1Mi] depth 16 f32 (axis 0)", kOut, "memcpy", t_memcpy,
         best_of(7, [&] { execute_one_hot(p0, idx.data(), dst.data()); }));
  }

  // ---- scatter: float32 [16Mi] output ----
  {
    const int64_t n = static_cast<int64_t>(kOut / 4);
    const int64_t m = 4 << 20;  // 4 Mi updates at random places
    std::vector<int64_t> idx(static_cast<size_t>(m));
    std::mt19937_64 g(9);
    for (int64_t& v : idx) v = static_cast<int64_t>(g() % static_cast<uint64_t>(n));
    std::vector<float> upd(static_cast<size_t>(m), 1.5f);
    ThreadPool pool(2);
    for (const ScatterReduction r : {ScatterReduction::None, ScatterReduction::Add}) {
      const ScatterPlan p = scatter_elements_plan({n}, {m}, 0, DType::Float32, r, IndexType::Int64);
      BadIndex bad;
      const char* rn = r == ScatterReduction::None ? "none" : "add";
      char name[96];
      std::snprintf(name, sizeof name, "scatterElements f32 [16Mi] 4Mi updates %s, alone", rn);
      line(name, kOut, "memcpy", t_memcpy,
           best_of(5, [&] { execute_scatter(p, src.data(), idx.data(), upd.data(), dst.data(), &bad); }));
      std::snprintf(name, sizeof name, "scatterElements same %s, pool of 2", rn);
      line(name, kOut, "memcpy", t_memcpy,
           best_of(5, [&] { execute_scatter(p, src.data(), idx.data(), upd.data(), dst.data(), &bad, &pool); }));
      // The updates alone (dst already holds x).
      std::snprintf(name, sizeof name, "  updates only (in place) %s, alone", rn);
      line(name, kOut, "memcpy", t_memcpy,
           best_of(5, [&] { execute_scatter(p, nullptr, idx.data(), upd.data(), dst.data(), &bad); }));
      std::snprintf(name, sizeof name, "  updates only (in place) %s, pool of 2", rn);
      line(name, kOut, "memcpy", t_memcpy,
           best_of(5, [&] { execute_scatter(p, nullptr, idx.data(), upd.data(), dst.data(), &bad, &pool); }));
    }
  }
  // ---- scatterND: 8192 row updates of [4096, 1024] float32 (long slices) ----
  {
    std::vector<int64_t> rows(8192);
    std::mt19937_64 g(21);
    for (int64_t& v : rows) v = static_cast<int64_t>(g() % 4096);
    std::vector<unsigned char> upd = random_bytes(8192u * 4096, 22);
    const ScatterPlan p = scatter_nd_plan({4096, 1024}, {8192, 1}, DType::Float32, ScatterReduction::Add, IndexType::Int64);
    ThreadPool pool(2);
    BadIndex bad;
    line("scatterND add f32 [4096,1024], 8192 rows, alone", 16.0 * 1048576, "memcpy", t_memcpy / 4,
         best_of(5, [&] { execute_scatter(p, nullptr, rows.data(), upd.data(), dst.data(), &bad); }));
    line("scatterND same, pool of 2 (columns)", 16.0 * 1048576, "memcpy", t_memcpy / 4,
         best_of(5, [&] { execute_scatter(p, nullptr, rows.data(), upd.data(), dst.data(), &bad, &pool); }));
  }
  return 0;
}
