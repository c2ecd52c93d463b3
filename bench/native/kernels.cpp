// Times engine kernels against memcpy of the same bytes (one thread, the
// calling one). Not a test: numbers for kernel work only.
//   cmake --build build/native --target bench_kernels && build/native/bench/native/bench_kernels
// The same source runs as wasm (em++ -std=c++17 -O3 -msimd128 -mbulk-memory -fexceptions
// -Isrc src/*/*.cpp bench/native/kernels.cpp -sALLOW_MEMORY_GROWTH=1
// -sMAXIMUM_MEMORY=4GB -o kernels.js); run it with node --no-liftoff: V8
// otherwise times its baseline tier for the first calls of a large function
// (and --no-experimental-fetch on Node 18 and later, or Emscripten 3.1.6's
// glue tries to fetch kernels.wasm by URL).
#include <algorithm>
#include <cstdlib>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "engine/rebase.hpp"
#include "engine/view.hpp"
#include "operations/broadcast.hpp"
#include "operations/concat.hpp"
#include "operations/pad.hpp"
#include "operations/roll.hpp"
#include "operations/slice.hpp"
#include "operations/transpose.hpp"
#include "runtime/tensor_ops.hpp"

using namespace tensor_ops;

namespace {

// The fastest of `reps` runs, in seconds.
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

// x viewed with its axes in `perm` order, copied to a contiguous tensor.
CopyPlan permute_plan(const Shape& x, const std::vector<size_t>& perm, size_t w) {
  const std::vector<int64_t> strides = row_major_strides(x);
  StridedCopy c;
  for (size_t a : perm) {
    c.dims.push_back(x[a]);
    c.src_strides.push_back(strides[a]);
  }
  c.dst_strides = row_major_strides(c.dims);
  CopyPlan plan;
  plan.output_shape = c.dims;
  plan.elem_size = w;
  plan.copies = {c};
  return plan;
}

// `sources` buffers of the output's bytes each (enough for every case here).
void bench(const char* name, const CopyPlan& plan, int reps, int sources = 1) {
  const size_t bytes = static_cast<size_t>(volume(plan.output_shape)) * plan.elem_size;
  std::vector<std::vector<unsigned char>> src(static_cast<size_t>(sources), std::vector<unsigned char>(bytes * 2 + 4096, 1));
  std::vector<unsigned char> dst(bytes, 2);
  std::vector<const void*> pointers;
  for (auto& b : src) {
    for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<unsigned char>(i * 7);
    pointers.push_back(b.data());
  }
  const PreparedPlan prepared = prepare_plan(plan);
  const double t_memcpy = best_of(reps, [&] { std::memcpy(dst.data(), src[0].data(), bytes); });
  const double t_plan = best_of(reps, [&] { execute(prepared, pointers.data(), dst.data()); });
  std::printf("%-36s %9.2f MB  memcpy %8.3f ms  plan %8.3f ms  ratio %6.2f  kernel %d\n", name,
              static_cast<double>(bytes) / 1e6, t_memcpy * 1e3, t_plan * 1e3, t_plan / t_memcpy,
              static_cast<int>(prepared.nests[0].kernel));
}

}  // namespace

int main() {
  // Image channel work, uint8 1024 x 1024 (kernels of short groups of lanes).
  {
    const int64_t H = 1024, W = 1024;
    bench("RGBA -> RGB u8", plan_slice({H, W, 4}, {0}, {3}, std::vector<int64_t>{2}, std::nullopt, 1).value(), 30);
    bench("RGB -> RGBA pad 255 u8", plan_pad({H, W, 3}, {0, 0, 0}, {0, 0, 1}, PadMode::Constant, 255, 1).value(), 30);
    bench("grey -> RGB u8", plan_broadcast({H, W, 1}, {H, W, 3}, BroadcastMode::Numpy, std::nullopt, 1).value(), 30);
    bench("3 planes -> HWC u8", plan_concat({{H, W, 1}, {H, W, 1}, {H, W, 1}}, 2, 1).value(), 30, 3);
    bench("HWC -> CHW u8", plan_transpose({H, W, 3}, std::vector<int64_t>{2, 0, 1}, 1).value(), 30);
    bench("CHW -> HWC u8", plan_transpose({3, H, W}, std::vector<int64_t>{1, 2, 0}, 1).value(), 30);
    bench("RGBA -> RGB f32", plan_slice({512, 512, 4}, {0}, {3}, std::vector<int64_t>{2}, std::nullopt, 4).value(), 30);
  }
  {
    // bench/views.mjs's chain: a [N, 64, 16, 4] float32 tensor's RGB planes,
    // rolled along H, against the roll of contiguous planes.
    const Shape planes = {1024, 3, 64, 16};
    CopyPlan roll = plan_roll(planes, {1}, {2}, 4).value();
    bench("roll of contiguous planes f32", roll, 10);
    View v = View::of({1024, 64, 16, 4});
    v.slice(3, 0, 3, 1).permute({0, 3, 1, 2});
    rebase_source(roll, 0, planes, v);
    bench("roll of RGBA -> RGB planes view f32", roll, 10);
    CopyPlan crop = plan_transpose({1024, 3, 64, 16}, std::vector<int64_t>{0, 1, 2, 3}, 4).value();
    rebase_source(crop, 0, planes, v);
    bench("RGBA -> RGB planes f32 (no roll)", crop, 10);
  }
  {
    // bench/views.mjs's other chain: a crop of [N, 64, 64] float32,
    // transposed, padded by 2 (reflect), against the pad of a contiguous one.
    const Shape x = {1024, 62, 62};
    CopyPlan pad = plan_pad(x, {0, 2, 2}, {0, 2, 2}, PadMode::Reflect, std::nullopt, 4).value();
    bench("pad reflect of contiguous f32", pad, 10);
    View v = View::of({1024, 64, 64});
    v.slice(1, 1, 62, 1).slice(2, 1, 62, 1).permute({0, 2, 1});
    rebase_source(pad, 0, x, v);
    bench("pad reflect of crop^T view f32", pad, 10);
    CopyPlan t = plan_transpose(x, std::vector<int64_t>{0, 1, 2}, 4).value();
    rebase_source(t, 0, x, v);
    bench("crop^T view made contiguous f32", t, 10);
  }
  {
    // A reversed last axis of a kept view made contiguous (as ops.contiguous does).
    const Shape x = {1, 4, 256, 256};
    CopyPlan c = plan_transpose(x, std::vector<int64_t>{0, 1, 2, 3}, 4).value();
    View v = View::of(x);
    v.reverse(3);
    rebase_source(c, 0, x, v);
    bench("reversed view [1,4,256,256] made contiguous", c, 200);
  }
  if (std::getenv("IMAGES_ONLY")) return 0;
  bench("transpose 4096x4096 f32", permute_plan({4096, 4096}, {1, 0}, 4), 10);
  bench("transpose 4096x4096 u16", permute_plan({4096, 4096}, {1, 0}, 2), 10);
  bench("transpose 4096x4096 u8", permute_plan({4096, 4096}, {1, 0}, 1), 10);
  bench("transpose 2048x2048 f64", permute_plan({2048, 2048}, {1, 0}, 8), 10);
  for (size_t w : {1, 4}) {
    const char* t = w == 1 ? "u8" : "f32";
    char name[64];
    std::snprintf(name, sizeof name, "NHWC->NCHW [1,1024,1024,3] %s", t);
    bench(name, permute_plan({1, 1024, 1024, 3}, {0, 3, 1, 2}, w), 10);
    std::snprintf(name, sizeof name, "NCHW->NHWC [1,3,1024,1024] %s", t);
    bench(name, permute_plan({1, 3, 1024, 1024}, {0, 2, 3, 1}, w), 10);
    std::snprintf(name, sizeof name, "NHWC->NCHW [1,512,512,64] %s", t);
    bench(name, permute_plan({1, 512, 512, 64}, {0, 3, 1, 2}, w), 10);
    std::snprintf(name, sizeof name, "NCHW->NHWC [1,64,512,512] %s", t);
    bench(name, permute_plan({1, 64, 512, 512}, {0, 2, 3, 1}, w), 10);
  }
  // H and W swapped under C channels: runs of C elements widened.
  bench("HWC->WHC [2048,2048,4] f32", permute_plan({2048, 2048, 4}, {1, 0, 2}, 4), 10);
  bench("HWC->WHC [1024,1024,16] f32", permute_plan({1024, 1024, 16}, {1, 0, 2}, 4), 10);
  StridedCopy rev;  // a reversed last axis
  rev.dims = {1024, 4096};
  rev.src_strides = {4096, -1};
  rev.dst_strides = {4096, 1};
  rev.src_offset = 4095;
  for (size_t w : {1, 4}) {
    CopyPlan plan;
    plan.output_shape = rev.dims;
    plan.elem_size = w;
    plan.copies = {rev};
    bench(w == 1 ? "reverse last axis [1024,4096] u8" : "reverse last axis [1024,4096] f32", plan, 10);
  }
  return 0;
}
