// Block sizes and loop orders of the tiled transpose (kernels::transpose_rows),
// one thread, in strips of source rows as the engine's pieces are, against
// memcpy of the same bytes; rounds interleave the variants (a shared,
// noisy machine hits all alike) and each keeps its best. Not a test.
//   cmake --build build/native --target bench_transpose && build/native/bench/native/bench_transpose
// As wasm: em++ -O3 -msimd128 -mbulk-memory -Isrc bench/native/transpose.cpp -sINITIAL_MEMORY=1GB
//   -o transpose.js && node --no-experimental-fetch --no-liftoff transpose.js
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "engine/kernels.hpp"

using namespace tensor_ops;

namespace {

using Fn = void (*)(const void*, void*, int64_t, int64_t, int64_t, int64_t);

// [batch, rows, cols] -> [batch, cols, rows], each matrix in strips of `strip` source rows.
template <typename T, int64_t BI, int64_t BJ, bool RowsOuter>
void transpose(const void* src, void* dst, int64_t batch, int64_t rows, int64_t cols, int64_t strip) {
  const T* s = static_cast<const T*>(src);
  T* d = static_cast<T*>(dst);
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t r = 0; r < rows; r += strip) {
      const int64_t n = std::min(strip, rows - r);
      const kernels::Inner in{n, cols, 1, cols, 1, rows};
      kernels::transpose_rows<T, BI, BJ, RowsOuter>(s + (b * rows + r) * cols, d + b * rows * cols + r, in);
    }
  }
}

struct Variant {
  const char* name;
  Fn fn;
  double best = 1e9;
};

template <typename T>
void sweep(const char* name, int64_t batch, int64_t rows, int64_t cols, int64_t strip, int rounds) {
  constexpr int64_t E = static_cast<int64_t>(sizeof(T));
  std::vector<Variant> vs = {
      {"256 B x 256 B (the engine's)", transpose<T, 256 / E, 256 / E, false>},
      {"256 B x 256 B rows-outer", transpose<T, 256 / E, 256 / E, true>},
      {"128 B x 128 B", transpose<T, 128 / E, 128 / E, false>},
      {"512 B x 128 B", transpose<T, 512 / E, 128 / E, false>},
      {"1024 B x 64 B", transpose<T, 1024 / E, 64 / E, false>},
      {"256 B x 128 B", transpose<T, 256 / E, 128 / E, false>},
      {"256 B x 64 B rows-outer", transpose<T, 256 / E, 64 / E, true>},
      {"128 B x 64 B rows-outer", transpose<T, 128 / E, 64 / E, true>},
      {"64 B x 64 B rows-outer", transpose<T, 64 / E, 64 / E, true>},
  };
  const size_t n = static_cast<size_t>(batch * rows * cols);
  std::vector<T> src(n), dst(n, T{1});
  for (size_t i = 0; i < n; ++i) src[i] = static_cast<T>(i * 7);
  double copy = 1e9;
  for (int r = 0; r < rounds; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    std::memcpy(dst.data(), src.data(), n * sizeof(T));
    copy = std::min(copy, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    for (Variant& v : vs) {
      t0 = std::chrono::steady_clock::now();
      v.fn(src.data(), dst.data(), batch, rows, cols, strip);
      v.best = std::min(v.best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
  }
  unsigned sum = 0;  // the output is read: no build may drop the work
  for (size_t i = 0; i < n; i += 4097) sum += static_cast<unsigned>(dst[i]);
  std::printf("%s, strips of %lld rows: memcpy %.2f ms (%u)\n", name, static_cast<long long>(strip), copy * 1e3, sum % 10);
  for (const Variant& v : vs) std::printf("  %-26s %8.3f ms  ratio %5.2f\n", v.name, v.best * 1e3, v.best / copy);
  std::fflush(stdout);
}

}  // namespace

int main() {
  sweep<uint32_t>("f32 4096x4096", 1, 4096, 4096, 512, 15);
  sweep<uint32_t>("f32 yolo 24x84x8400", 24, 84, 8400, 84, 15);
  sweep<uint8_t>("u8 8192x8192", 1, 8192, 8192, 1024, 15);
  sweep<uint16_t>("u16 4096x8192", 1, 4096, 8192, 512, 15);
  // In cache (L2 / L3): what the tiles themselves cost.
  sweep<uint8_t>("u8 512x512 (L2)", 1, 512, 512, 512, 200);
  sweep<uint32_t>("f32 256x256 (L2)", 1, 256, 256, 256, 200);
  return 0;
}
