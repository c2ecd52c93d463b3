// Times dtype conversion (engine/convert.hpp) against memcpy of the output's
// bytes, one thread (the calling one), the vector kernels and the generic
// element loop. Not a test: numbers for kernel work only.
//   cmake --build build/native --target bench_convert && build/native/bench/native/bench_convert
// As wasm (what the package runs): em++ -O3 -std=c++17 -msimd128 -mbulk-memory
// -fno-exceptions -ffp-contract=off -Isrc src/base/*.cpp src/engine/*.cpp
// bench/native/convert.cpp -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -o bench_convert.js;
// node --no-experimental-fetch --no-liftoff bench_convert.js
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "engine/convert.hpp"

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

const char* kernel_name(ConvertKernel k) {
  switch (k) {
    case ConvertKernel::Empty: return "empty";
    case ConvertKernel::Copy: return "copy";
    case ConvertKernel::Generic: return "generic";
    case ConvertKernel::Contiguous: return "contiguous";
    case ConvertKernel::Deinterleave: return "deinterleave";
  }
  return "?";
}

void bench(const char* name, const ConvertCopy& c, int64_t src_elements, int reps = 15) {
  int64_t n = 1;
  for (int64_t d : c.dims) n *= d;
  const size_t out_bytes = static_cast<size_t>(n) * dtype_bytes(c.dst_type);
  std::vector<unsigned char> src(static_cast<size_t>(src_elements) * dtype_bytes(c.src_type));
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<unsigned char>(i * 7 + (i >> 9));
  if (c.src_type == DType::Float32) {  // values of pixels, not bit noise
    for (size_t i = 0; i < src.size() / 4; ++i) {
      const float v = static_cast<float>(i % 1000) * 0.3f - 20.0f;
      std::memcpy(&src[4 * i], &v, 4);
    }
  }
  std::vector<unsigned char> dst(out_bytes, 1), copy_src(out_bytes, 2);
  const PreparedConvert fast = prepare_convert(c), generic = prepare_convert(c, false);
  const double t_memcpy = best_of(reps, [&] { std::memcpy(dst.data(), copy_src.data(), out_bytes); });
  const double t_fast = best_of(reps, [&] { execute_convert(fast, src.data(), dst.data()); });
  const double t_generic = best_of(reps, [&] { execute_convert(generic, src.data(), dst.data()); });
  std::printf("%-44s %6.2f MB out  memcpy %7.3f ms  %-12s %7.3f ms (x%5.2f)  generic %7.3f ms (x%5.2f)\n", name,
              static_cast<double>(out_bytes) / 1e6, t_memcpy * 1e3, kernel_name(fast.kernel), t_fast * 1e3,
              t_fast / t_memcpy, t_generic * 1e3, t_generic / t_memcpy);
}

// An H x W image of k interleaved uint8 channels, its first `channels` as
// float32 planes [channels, H, W] (NCHW with N = 1), scaled by 1/255 per channel.
ConvertCopy image_to_planes(int64_t h, int64_t w, int64_t k, int64_t channels, DType to, bool normalize) {
  ConvertCopy c;
  c.dims = {channels, h, w};
  c.src_strides = {1, w * k, k};
  c.dst_strides = {h * w, w, 1};
  c.src_type = DType::Uint8;
  c.dst_type = to;
  c.channel_dim = 0;
  for (int64_t i = 0; i < channels; ++i) {
    c.scale.push_back(1.0 / 255.0);
    if (normalize) {  // (x / 255 - mean) / std, ImageNet's
      const double mean[] = {0.485, 0.456, 0.406, 0.5}, std[] = {0.229, 0.224, 0.225, 0.25};
      c.scale.back() /= std[i];
      c.bias.push_back(-mean[i] / std[i]);
    }
  }
  return c;
}

ConvertCopy contiguous(int64_t n, DType from, DType to, bool affine) {
  ConvertCopy c;
  c.dims = {n};
  c.src_strides = {1};
  c.dst_strides = {1};
  c.src_type = from;
  c.dst_type = to;
  if (affine) c.scale.push_back(1.0 / 255.0), c.bias.push_back(-0.5);
  return c;
}

}  // namespace

int main() {
  const int64_t H = 640, W = 640;
  bench("RGBA 640x640 u8 -> 4 planes f32, /255", image_to_planes(H, W, 4, 4, DType::Float32, false), H * W * 4);
  bench("RGBA 640x640 u8 -> RGB planes f32, /255", image_to_planes(H, W, 4, 3, DType::Float32, false), H * W * 4);
  bench("RGBA 640x640 u8 -> RGB planes f32, ImageNet", image_to_planes(H, W, 4, 3, DType::Float32, true), H * W * 4);
  bench("RGB 640x640 u8 -> RGB planes f32, /255", image_to_planes(H, W, 3, 3, DType::Float32, false), H * W * 3);
  bench("RGBA 640x640 u8 -> RGB planes f16, /255", image_to_planes(H, W, 4, 3, DType::Float16, false), H * W * 4);
  const int64_t n = H * W * 4;
  bench("u8 -> f32 contiguous, x*s+b", contiguous(n, DType::Uint8, DType::Float32, true), n);
  bench("u8 -> f32 contiguous", contiguous(n, DType::Uint8, DType::Float32, false), n);
  bench("f32 -> u8 contiguous, nearest + saturate", contiguous(n, DType::Float32, DType::Uint8, false), n);
  bench("f32 -> u8 contiguous, x*s+b", contiguous(n, DType::Float32, DType::Uint8, true), n);
  bench("f32 -> f16 contiguous", contiguous(n, DType::Float32, DType::Float16, false), n);
  bench("f16 -> f32 contiguous", contiguous(n, DType::Float16, DType::Float32, false), n);
  bench("f32 -> bf16 contiguous", contiguous(n, DType::Float32, DType::Bfloat16, false), n);
  bench("i32 -> f32 contiguous", contiguous(n, DType::Int32, DType::Float32, false), n);
  bench("f32 -> i32 contiguous", contiguous(n, DType::Float32, DType::Int32, false), n);
  bench("i64 -> f32 contiguous", contiguous(n, DType::Int64, DType::Float32, false), n);
  bench("f32 -> i64 contiguous", contiguous(n, DType::Float32, DType::Int64, false), n);
  bench("f64 -> f32 contiguous", contiguous(n, DType::Float64, DType::Float32, false), n);
  bench("i32 -> u32 contiguous (same bits)", contiguous(n, DType::Int32, DType::Uint32, false), n);
  return 0;
}
