// The row kernels on their own (kernels.hpp), each against an element-by-
// element loop, at every element width and at sizes around their vector
// length (tails, overlapping last vectors, scalar fallbacks); and the loop
// nest choosing them for the copies they are meant for.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <vector>

#include "helpers.hpp"
#include "engine/kernels.hpp"
#include "engine/loop_nest.hpp"
#include "plan_reference.hpp"

using namespace tensor_ops;

namespace {

// An element type of `W` bytes with distinct values.
template <size_t W>
struct Elem {
  unsigned char b[W];
  bool operator==(const Elem& o) const { return std::memcmp(b, o.b, W) == 0; }
};

template <typename T>
std::vector<T> distinct(size_t n, uint64_t seed) {
  std::vector<T> v(n);
  std::mt19937_64 rng(seed);
  for (T& e : v) {
    unsigned char bytes[sizeof(T)];
    for (unsigned char& b : bytes) b = static_cast<unsigned char>(rng());
    std::memcpy(&e, bytes, sizeof(T));
  }
  return v;
}

template <typename T>
void check_transpose(th::Rng& rng) {
  constexpr int64_t L = static_cast<int64_t>(16 / sizeof(T));
  for (int i = 0; i < 60; ++i) {
    // Around the tile and block edges: 0.5 L to 40 L (blocks are 256 bytes).
    const int64_t n0 = rng.uniform(1, 40 * L);
    const int64_t n1 = rng.uniform(1, 40 * L);
    const int64_t ss0 = n1 + rng.uniform(0, 5);  // source rows, maybe padded
    const bool backwards = rng.chance(25);      // rows read last to first
    const int64_t ds1 = n0 + rng.uniform(0, 5);
    std::vector<T> src = distinct<T>(static_cast<size_t>(ss0 * n0), static_cast<uint64_t>(i));
    std::vector<T> got(static_cast<size_t>(ds1 * n1)), want(got.size());
    for (size_t k = 0; k < got.size(); ++k) got[k] = want[k] = src[k % src.size()];
    const T* s = backwards ? src.data() + (n0 - 1) * ss0 : src.data();
    const kernels::Inner in{n0, backwards ? -ss0 : ss0, 1, n1, 1, ds1};
    for (int64_t j = 0; j < n1; ++j) {
      for (int64_t k = 0; k < n0; ++k) want[static_cast<size_t>(j * ds1 + k)] = s[k * in.ss0 + j];
    }
    kernels::transpose_rows(s, got.data(), in);
    INFO("width " << sizeof(T) << " n0 " << n0 << " n1 " << n1 << " ss0 " << in.ss0 << " ds1 " << ds1);
    CHECK(got == want);
  }
}

template <typename T>
void check_reverse(th::Rng& rng) {
  for (int i = 0; i < 60; ++i) {
    const int64_t n0 = rng.uniform(1, 70);
    const int64_t n1 = rng.uniform(1, 3);
    std::vector<T> src = distinct<T>(static_cast<size_t>(n0 * n1), static_cast<uint64_t>(i));
    std::vector<T> got(src.size()), want(src.size());
    const kernels::Inner in{n0, -1, 1, n1, n0, n0};
    for (int64_t j = 0; j < n1; ++j) {
      for (int64_t k = 0; k < n0; ++k) want[static_cast<size_t>(j * n0 + k)] = src[static_cast<size_t>(j * n0 + n0 - 1 - k)];
    }
    kernels::reverse_rows(src.data() + n0 - 1, got.data(), in);
    INFO("width " << sizeof(T) << " n0 " << n0 << " n1 " << n1);
    CHECK(got == want);
  }
}

}  // namespace

// The blockings and loop orders bench/native/transpose.cpp sweeps, on the
// same random cases (the engine runs the default only; each must agree).
template <typename T>
void check_transpose_blockings(th::Rng& rng) {
  constexpr int64_t L = static_cast<int64_t>(16 / sizeof(T));
  for (int i = 0; i < 30; ++i) {
    const int64_t n0 = rng.uniform(L, 24 * L), n1 = rng.uniform(L, 24 * L);
    const int64_t ss0 = n1 + rng.uniform(0, 3), ds1 = n0 + rng.uniform(0, 3);
    const bool backwards = rng.chance(30);
    std::vector<T> src = distinct<T>(static_cast<size_t>(ss0 * n0), static_cast<uint64_t>(i) + 500);
    const T* s = backwards ? src.data() + (n0 - 1) * ss0 : src.data();
    const kernels::Inner in{n0, backwards ? -ss0 : ss0, 1, n1, 1, ds1};
    std::vector<T> want(static_cast<size_t>(ds1 * n1));
    for (int64_t j = 0; j < n1; ++j) {
      for (int64_t k = 0; k < n0; ++k) want[static_cast<size_t>(j * ds1 + k)] = s[k * in.ss0 + j];
    }
    std::vector<T> a = want, b = want, c = want;
    for (int64_t j = 0; j < n1; ++j) {
      for (int64_t k = 0; k < n0; ++k) a[static_cast<size_t>(j * ds1 + k)] = b[static_cast<size_t>(j * ds1 + k)] = c[static_cast<size_t>(j * ds1 + k)] = T{};
    }
    kernels::transpose_rows<T, 4 * L, 4 * L, true>(s, a.data(), in);
    kernels::transpose_rows<T, 8 * L, 2 * L, false>(s, b.data(), in);
    kernels::transpose_rows<T, 2 * L, 8 * L, true>(s, c.data(), in);
    INFO("width " << sizeof(T) << " n0 " << n0 << " n1 " << n1 << " ss0 " << in.ss0 << " ds1 " << ds1);
    CHECK(a == want);
    CHECK(b == want);
    CHECK(c == want);
  }
}

TEST_CASE("kernels: tiled transpose, every width, any extents", "[kernels][transpose]") {
  th::Rng rng(8001);
  check_transpose<uint8_t>(rng);
  check_transpose<uint16_t>(rng);
  check_transpose<uint32_t>(rng);
  check_transpose<uint64_t>(rng);
  check_transpose<Elem<16>>(rng);  // no shuffles: the scalar loop
}

TEST_CASE("kernels: tiled transpose, every blocking and loop order", "[kernels][transpose]") {
  th::Rng rng(8011);
  check_transpose_blockings<uint8_t>(rng);
  check_transpose_blockings<uint16_t>(rng);
  check_transpose_blockings<uint32_t>(rng);
  check_transpose_blockings<uint64_t>(rng);
}

TEST_CASE("kernels: a single tile is transposed by the zips", "[kernels][transpose]") {
  simd::Vec<uint8_t> v[16];
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) v[r][c] = static_cast<uint8_t>(r * 16 + c);
  }
  kernels::transpose_tile<uint8_t>(v);
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) CHECK(int(v[r][c]) == c * 16 + r);
  }
}

namespace {

// (De)interleaving by K: K rows of n elements against one row of K*n.
template <typename T, int K>
void check_weaving(th::Rng& rng) {
  for (int i = 0; i < 40; ++i) {
    const int64_t n = rng.uniform(1, 70);
    const int64_t row = n + rng.uniform(0, 3);  // K rows, maybe padded
    const std::vector<T> wide = distinct<T>(static_cast<size_t>(K * n), static_cast<uint64_t>(i));
    const std::vector<T> rows = distinct<T>(static_cast<size_t>(K * row), static_cast<uint64_t>(i) + 99);
    std::vector<T> split(rows.size()), want_split(rows.size()), woven(wide.size()), want_woven(wide.size());
    for (int64_t p = 0; p < K; ++p) {
      for (int64_t j = 0; j < n; ++j) {
        want_split[static_cast<size_t>(p * row + j)] = wide[static_cast<size_t>(j * K + p)];
        want_woven[static_cast<size_t>(j * K + p)] = rows[static_cast<size_t>(p * row + j)];
      }
    }
    split = want_split;  // padding lanes compare equal; the rest is overwritten
    for (int64_t p = 0; p < K; ++p) {
      for (int64_t j = 0; j < n; ++j) split[static_cast<size_t>(p * row + j)] = T{};
    }
    kernels::deinterleave_rows<T, K>(wide.data(), split.data(), {n, K, 1, K, 1, row});
    kernels::interleave_rows<T, K>(rows.data(), woven.data(), {K, row, 1, n, 1, K});
    INFO("width " << sizeof(T) << " K " << K << " n " << n);
    CHECK(split == want_split);
    CHECK(woven == want_woven);
  }
}

template <typename T>
void check_weaving_all(th::Rng& rng) {
  check_weaving<T, 2>(rng);
  check_weaving<T, 3>(rng);
  check_weaving<T, 4>(rng);
}

}  // namespace

TEST_CASE("kernels: deinterleave and interleave by 2, 3 and 4, every width", "[kernels][weave]") {
  th::Rng rng(8004);
  check_weaving_all<uint8_t>(rng);
  check_weaving_all<uint16_t>(rng);
  check_weaving_all<uint32_t>(rng);
  check_weaving_all<uint64_t>(rng);
  check_weaving_all<Elem<16>>(rng);
}

TEST_CASE("kernels: HWC <-> CHW of three channels through the engine", "[kernels][weave]") {
  ThreadPool pool(3);
  th::Rng rng(8005);
  for (int i = 0; i < 40; ++i) {
    const int64_t h = rng.uniform(1, i % 8 == 0 ? 300 : 20), w = rng.uniform(1, i % 8 == 0 ? 400 : 70);
    for (int to_planes = 0; to_planes < 2; ++to_planes) {
      const Shape x = to_planes ? Shape{2, h, w, 3} : Shape{2, 3, h, w};
      const std::vector<size_t> perm = to_planes ? std::vector<size_t>{0, 3, 1, 2} : std::vector<size_t>{0, 2, 3, 1};
      const Shape strides = row_major_strides(x);
      StridedCopy c;
      for (size_t a : perm) {
        c.dims.push_back(x[a]);
        c.src_strides.push_back(strides[a]);
      }
      c.dst_strides = row_major_strides(c.dims);
      CopyPlan plan;
      plan.output_shape = c.dims;
      plan.copies = {c};
      for (size_t width : th::kWidths) {
        plan.elem_size = width;
        INFO("x " << th::str(x) << " width " << width);
        CHECK(pref::compare_with_engine(plan, {ref::volume(x)}, ref::volume(x), &pool, static_cast<uint64_t>(i)) == "");
      }
    }
  }
}

TEST_CASE("kernels: reversed rows, every width", "[kernels][reverse]") {
  th::Rng rng(8002);
  check_reverse<uint8_t>(rng);
  check_reverse<uint16_t>(rng);
  check_reverse<uint32_t>(rng);
  check_reverse<uint64_t>(rng);
  check_reverse<Elem<32>>(rng);
}

TEST_CASE("kernels: 2-D transposes inside a nest choose Transpose", "[kernels][transpose]") {
  auto permuted = [](const Shape& x, const std::vector<size_t>& perm) {
    const Shape strides = row_major_strides(x);
    StridedCopy c;
    for (size_t a : perm) {
      c.dims.push_back(x[a]);
      c.src_strides.push_back(strides[a]);
    }
    c.dst_strides = row_major_strides(c.dims);
    return c;
  };
  for (size_t w : th::kWidths) {
    INFO("width " << w);
    CHECK(make_loop_nest(permuted({64, 48}, {1, 0}), w).kernel == Kernel::Transpose);
    CHECK(make_loop_nest(permuted({1, 32, 32, 64}, {0, 3, 1, 2}), w).kernel == Kernel::Transpose);
    CHECK(make_loop_nest(permuted({1, 64, 32, 32}, {0, 2, 3, 1}), w).kernel == Kernel::Transpose);
    CHECK(make_loop_nest(permuted({5, 40, 3, 24}, {2, 0, 3, 1}), w).kernel == Kernel::Transpose);
    // Too narrow for a tile (8-byte tiles are 2 x 2): element by element.
    StridedCopy narrow;  // 3 of every 5 elements, to planes
    narrow.dims = {3, 64};
    narrow.src_strides = {1, 5};
    narrow.dst_strides = {64, 1};
    CHECK(make_loop_nest(narrow, w).kernel == (w == 8 ? Kernel::Transpose : Kernel::Strided));
    // Three channels to planes and back (HWC <-> CHW images): k = 3.
    const LoopNest planes = make_loop_nest(permuted({1, 20, 30, 3}, {0, 3, 1, 2}), w);
    CHECK(planes.kernel == Kernel::Deinterleave);
    CHECK(planes.factor == 3);
    const LoopNest pixels = make_loop_nest(permuted({1, 3, 20, 30}, {0, 2, 3, 1}), w);
    CHECK(pixels.kernel == Kernel::Interleave);
    CHECK(pixels.factor == 3);
    // Runs of channels widened into elements of 16 bytes and more: blocked.
    const LoopNest wide = make_loop_nest(permuted({40, 30, 16}, {1, 0, 2}), w);
    CHECK(wide.kernel == Kernel::Transpose);
    CHECK(wide.elem_size == 16 * w);
    // k = 2 or 4 phases keep their (de)interleaving kernels.
    CHECK(make_loop_nest(permuted({64, 2}, {1, 0}), w).kernel == Kernel::Deinterleave);
    CHECK(make_loop_nest(permuted({4, 64}, {1, 0}), w).kernel == Kernel::Interleave);
  }
}

TEST_CASE("kernels: transposes through the engine, alone and pooled", "[kernels][transpose]") {
  // Random permutations of random 2- to 4-D shapes with dims large enough
  // for tiles, some reversed, some on many rows and above the pool's threshold.
  ThreadPool pool(3);
  th::Rng rng(8003);
  for (int i = 0; i < 120; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(2, 4));
    const Shape x = th::random_shape(rng, rank, 80, i % 8 == 0 ? 300000 : 20000);
    const Shape strides = row_major_strides(x);
    std::vector<size_t> perm(rank);
    for (size_t a = 0; a < rank; ++a) perm[a] = a;
    for (size_t a = rank; a > 1; --a) std::swap(perm[a - 1], perm[static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(a) - 1))]);
    StridedCopy c;
    for (size_t a : perm) {
      c.dims.push_back(x[a]);
      c.src_strides.push_back(strides[a]);
      if (rng.chance(15) && x[a] > 0) {
        c.src_offset += (x[a] - 1) * strides[a];
        c.src_strides.back() = -strides[a];
      }
    }
    c.dst_strides = row_major_strides(c.dims);
    CopyPlan plan;
    plan.output_shape = c.dims;
    plan.copies = {c};
    for (size_t w : th::kWidths) {
      plan.elem_size = w;
      INFO("case " << i << " width " << w << ": " << pref::describe(c) << " kernel "
                   << static_cast<int>(make_loop_nest(c, w).kernel));
      CHECK(pref::compare_with_engine(plan, {ref::volume(x)}, ref::volume(x), &pool, static_cast<uint64_t>(i)) == "");
    }
  }
}

// copy_run goes by 2 KiB pieces when the destination starts 1 to 31 bytes
// after the source modulo 4 KiB (kernels.hpp): every byte is still copied,
// and none beside the run, at lengths around a piece and at the relative
// offsets on both sides of that window.
TEST_CASE("kernels: copy_run at every relative offset around the rep movsb window", "[kernels][copy]") {
  const auto source = distinct<unsigned char>(3 * 4096 + 40000, 7);
  std::vector<unsigned char> dst(source.size() + 3 * 4096);
  for (const size_t bytes : {size_t{2047}, size_t{2048}, size_t{2049}, size_t{4096}, size_t{4097}, size_t{6151}, size_t{40000}}) {
    for (const size_t shift : {size_t{0}, size_t{1}, size_t{8}, size_t{16}, size_t{31}, size_t{32}, size_t{33}, size_t{4095}}) {
      const unsigned char* s = source.data() + 3;
      // dst's address less s's, modulo 4 KiB, is `shift`.
      const uintptr_t gap = (reinterpret_cast<uintptr_t>(s) + shift - reinterpret_cast<uintptr_t>(dst.data())) & 4095u;
      unsigned char* d = dst.data() + gap;
      REQUIRE(((reinterpret_cast<uintptr_t>(d) - reinterpret_cast<uintptr_t>(s)) & 4095u) == shift);
      CHECK(kernels::rep_movsb_aliased(d, s) == (shift >= 1 && shift <= 31));
      std::fill(dst.begin(), dst.end(), 0xa5);
      kernels::copy_run(d, s, bytes);
      INFO("bytes " << bytes << ", shift " << shift);
      CHECK(std::memcmp(d, s, bytes) == 0);
      CHECK(std::all_of(dst.data(), d, [](unsigned char b) { return b == 0xa5; }));
      CHECK(std::all_of(d + bytes, dst.data() + dst.size(), [](unsigned char b) { return b == 0xa5; }));
    }
  }
}
