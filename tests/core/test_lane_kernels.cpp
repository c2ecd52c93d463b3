// The kernels of short groups of lanes (kernels.hpp): channels sliced away
// (RGBA -> RGB), one element splatted to a group (grey -> RGB), a copy and
// a constant in one pass (pad's new channel), k planes woven into groups of
// k (concat into the last axis), and deinterleaves writing fewer phases than
// they read (channels sliced, then moved to planes; strided slices). Each
// against an element-by-element definition: on its own at every width and
// length around the vector size, with sources that end at the last element
// read (a sanitizer run catches any read past it); and through the engine,
// from the operations' own plans (and views of them), alone and pooled.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <vector>

#include "helpers.hpp"
#include "engine/kernels.hpp"
#include "engine/loop_nest.hpp"
#include "engine/rebase.hpp"
#include "engine/view.hpp"
#include "plan_reference.hpp"
#include "operations/broadcast.hpp"
#include "operations/concat.hpp"
#include "operations/pad.hpp"
#include "operations/roll.hpp"
#include "operations/slice.hpp"

using namespace tensor_ops;
using th::Ints;

namespace {

template <typename T>
std::vector<T> random_elems(size_t n, uint64_t seed) {
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
bool same(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// Lane p of a group: source lane, or -1 for the constant (as regroup_rows documents it).
constexpr int lane_of(int p, int q, int m) { return m < 0 ? 0 : (p >= q && p < q + m) ? p - q : -1; }

template <typename T, int G, int S, int Q, int M>
void check_regroup(th::Rng& rng) {
  int max_lane = 0;
  for (int p = 0; p < G; ++p) max_lane = std::max(max_lane, lane_of(p, Q, M));
  for (int i = 0; i < 25; ++i) {
    const int64_t n = i < 5 ? i + 1 : rng.uniform(1, 90);
    const size_t src_elems = static_cast<size_t>((n - 1) * S + max_lane + 1);  // ends at the last lane read
    const std::vector<T> src = random_elems<T>(src_elems, static_cast<uint64_t>(i) * 31 + G);
    const T value = random_elems<T>(1, static_cast<uint64_t>(i) + 7)[0];
    std::vector<T> got = random_elems<T>(static_cast<size_t>(n * G + 2), 99), want = got;
    for (int64_t j = 0; j < n; ++j) {
      for (int p = 0; p < G; ++p) {
        const int sp = lane_of(p, Q, M);
        want[static_cast<size_t>(1 + j * G + p)] = sp < 0 ? value : src[static_cast<size_t>(j * S + sp)];
      }
    }
    kernels::regroup_rows<T, G, S, Q, M>(src.data(), got.data() + 1, {G, 1, 1, n, S, G}, value);
    INFO("width " << sizeof(T) << " G " << G << " S " << S << " Q " << Q << " M " << M << " n " << n);
    CHECK(same(got, want));
  }
}

template <typename T>
void check_regroups(th::Rng& rng) {
  check_regroup<T, 2, 3, 0, 2>(rng);
  check_regroup<T, 2, 4, 0, 2>(rng);
  check_regroup<T, 3, 4, 0, 3>(rng);
  check_regroup<T, 2, 1, 0, -1>(rng);
  check_regroup<T, 3, 1, 0, -1>(rng);
  check_regroup<T, 4, 1, 0, -1>(rng);
  check_regroup<T, 2, 1, 0, 1>(rng);
  check_regroup<T, 2, 2, 1, 1>(rng);
  check_regroup<T, 3, 2, 0, 2>(rng);
  check_regroup<T, 3, 3, 1, 2>(rng);
  check_regroup<T, 3, 1, 2, 1>(rng);
  check_regroup<T, 4, 3, 0, 3>(rng);
  check_regroup<T, 4, 4, 0, 3>(rng);
  check_regroup<T, 4, 3, 1, 3>(rng);
  check_regroup<T, 4, 4, 1, 3>(rng);
  check_regroup<T, 4, 2, 2, 2>(rng);
  check_regroup<T, 4, 1, 0, 1>(rng);
  check_regroup<T, 4, 4, 3, 1>(rng);
}

// Phases 0..P-1 of a row interleaved by K: the source ends at the last
// position's phase P-1.
template <typename T, int K, int P>
void check_phases(th::Rng& rng) {
  for (int i = 0; i < 25; ++i) {
    const int64_t n = i < 5 ? i + 1 : rng.uniform(1, 90);
    const int64_t row = n + rng.uniform(0, 3);
    const std::vector<T> src = random_elems<T>(static_cast<size_t>((n - 1) * K + P), static_cast<uint64_t>(i) + 5);
    std::vector<T> got = random_elems<T>(static_cast<size_t>(P * row), 77), want = got;
    for (int p = 0; p < P; ++p) {
      for (int64_t j = 0; j < n; ++j) want[static_cast<size_t>(p * row + j)] = src[static_cast<size_t>(j * K + p)];
    }
    kernels::deinterleave_rows<T, K, P>(src.data(), got.data(), {n, K, 1, P, 1, row});
    INFO("width " << sizeof(T) << " K " << K << " P " << P << " n " << n);
    CHECK(same(got, want));
  }
}

template <typename T>
void check_all_phases(th::Rng& rng) {
  check_phases<T, 2, 1>(rng);
  check_phases<T, 3, 1>(rng);
  check_phases<T, 3, 2>(rng);
  check_phases<T, 4, 1>(rng);
  check_phases<T, 4, 2>(rng);
  check_phases<T, 4, 3>(rng);
  check_phases<T, 4, 4>(rng);
}

// K planes of n elements woven into one row of groups of K.
template <typename T, int K>
void check_weave(th::Rng& rng) {
  for (int i = 0; i < 25; ++i) {
    const int64_t n = i < 5 ? i + 1 : rng.uniform(1, 90);
    std::vector<std::vector<T>> planes;
    const T* ptrs[K];
    for (int p = 0; p < K; ++p) {
      planes.push_back(random_elems<T>(static_cast<size_t>(n), static_cast<uint64_t>(i * 8 + p)));
      ptrs[p] = planes.back().data();
    }
    std::vector<T> got = random_elems<T>(static_cast<size_t>(n * K), 3), want = got;
    for (int64_t j = 0; j < n; ++j) {
      for (int p = 0; p < K; ++p) want[static_cast<size_t>(j * K + p)] = planes[static_cast<size_t>(p)][static_cast<size_t>(j)];
    }
    kernels::weave_rows<T, K>(ptrs, 0, got.data(), {n, 1, K, 1, 0, 0});
    INFO("width " << sizeof(T) << " K " << K << " n " << n);
    CHECK(same(got, want));
  }
}

template <size_t W>
struct Wide {
  unsigned char b[W];
};

const std::vector<Kernel> kernels_of(const PreparedPlan& p) {
  std::vector<Kernel> k;
  for (const LoopNest& n : p.nests) k.push_back(n.kernel);
  return k;
}

bool has(const std::vector<Kernel>& ks, Kernel k) { return std::find(ks.begin(), ks.end(), k) != ks.end(); }

// The largest source element a plan reads from `source`, plus one.
int64_t source_extent(const CopyPlan& plan, int source) {
  int64_t end = 0;
  for (const StridedCopy& c : plan.copies) {
    if (c.source != source) continue;
    int64_t at = c.src_offset;
    bool empty = false;
    for (size_t k = 0; k < c.dims.size(); ++k) {
      empty = empty || c.dims[k] == 0;
      if (c.src_strides[k] > 0) at += (c.dims[k] - 1) * c.src_strides[k];
    }
    if (!empty) end = std::max(end, at + 1);
  }
  return end;
}

}  // namespace

TEST_CASE("lane kernels: regrouped lanes, every pattern and width", "[kernels][lanes]") {
  th::Rng rng(9101);
  check_regroups<uint8_t>(rng);
  check_regroups<uint16_t>(rng);
  check_regroups<uint32_t>(rng);
  check_regroups<uint64_t>(rng);
}

TEST_CASE("lane kernels: deinterleaves of fewer phases read nothing past the last", "[kernels][lanes]") {
  th::Rng rng(9102);
  check_all_phases<uint8_t>(rng);
  check_all_phases<uint16_t>(rng);
  check_all_phases<uint32_t>(rng);
  check_all_phases<uint64_t>(rng);
  check_phases<Wide<16>, 4, 3>(rng);
}

TEST_CASE("lane kernels: k planes woven from k buffers", "[kernels][lanes]") {
  th::Rng rng(9103);
  check_weave<uint8_t, 2>(rng);
  check_weave<uint8_t, 3>(rng);
  check_weave<uint8_t, 4>(rng);
  check_weave<uint16_t, 3>(rng);
  check_weave<uint32_t, 3>(rng);
  check_weave<uint32_t, 4>(rng);
  check_weave<uint64_t, 3>(rng);
  check_weave<Wide<16>, 3>(rng);
}

TEST_CASE("lane kernels: the image shapes get them", "[kernels][lanes]") {
  auto kernel = [](const Result<CopyPlan>& plan) {
    REQUIRE(plan.ok());
    return make_loop_nest(plan.value().copies.at(0), plan.value().elem_size).kernel;
  };
  for (size_t w : {size_t{1}, size_t{2}, size_t{4}, size_t{8}}) {
    INFO("width " << w);
    // RGBA -> RGB, and the first two of three channels.
    CHECK(kernel(plan_slice({64, 64, 4}, {0}, {3}, Ints{2}, std::nullopt, w)) == Kernel::Regroup);
    CHECK(kernel(plan_slice({64, 64, 3}, {0}, {2}, Ints{2}, std::nullopt, w)) == Kernel::Regroup);
    // grey -> RGB / RGBA.
    CHECK(kernel(plan_broadcast({64, 64, 1}, {64, 64, 3}, BroadcastMode::Numpy, std::nullopt, w)) == Kernel::Regroup);
    CHECK(kernel(plan_broadcast({64, 64, 1}, {64, 64, 4}, BroadcastMode::Numpy, std::nullopt, w)) == Kernel::Regroup);
    // HWC -> CHW keeping 3 of 4 channels: a deinterleave of 3 of 4 phases.
    View rgb = View::of({64, 64, 4});
    rgb.slice(2, 0, 3, 1).permute({2, 0, 1});
    CHECK(make_loop_nest(copy_to_contiguous(rgb), w).kernel == Kernel::Deinterleave);
    // x[:, ::3]: one phase of three.
    CHECK(kernel(plan_slice({64, 96}, {0}, {96}, Ints{1}, Ints{3}, w)) == Kernel::Deinterleave);
  }
  // RGB -> RGBA with a constant: the copy and the fill in one nest.
  const Result<CopyPlan> rgba = plan_pad({64, 64, 3}, {0, 0, 0}, {0, 0, 1}, PadMode::Constant, 255, 1);
  REQUIRE(rgba.ok());
  const PreparedPlan padded = prepare_plan(rgba.value());
  CHECK(kernels_of(padded) == std::vector<Kernel>{Kernel::Regroup});
  // Three planes into HWC: one nest reading the three.
  const Result<CopyPlan> hwc = plan_concat({{64, 64, 1}, {64, 64, 1}, {64, 64, 1}}, 2, 1);
  REQUIRE(hwc.ok());
  CHECK(kernels_of(prepare_plan(hwc.value())) == std::vector<Kernel>{Kernel::Weave});
}

TEST_CASE("lane kernels: channels sliced away, any shape, view and width", "[engine][lanes]") {
  ThreadPool pool(3);
  th::Rng rng(9104);
  for (int i = 0; i < 120; ++i) {
    const bool large = i % 12 == 0;
    const int64_t c = rng.uniform(2, 5);
    const int64_t h = rng.uniform(1, large ? 300 : 9), w = rng.uniform(1, large ? 400 : 40);
    const int64_t m = rng.uniform(1, c - 1), at = rng.uniform(0, c - m);
    // Sometimes a crop or a step along W too, or a reversed H.
    const int64_t w0 = rng.chance(30) ? rng.uniform(0, w - 1) : 0;
    const int64_t wstep = rng.chance(20) ? 2 : 1;
    Result<CopyPlan> plan = plan_slice({h, w, c}, {w0, at}, {w, at + m}, Ints{1, 2}, Ints{wstep, 1}, 1);
    REQUIRE(plan.ok());
    CopyPlan p = plan.value();
    if (rng.chance(25)) p.copies[0].src_strides[0] = -p.copies[0].src_strides[0], p.copies[0].src_offset += (h - 1) * w * c;
    for (size_t width : th::kWidths) {
      p.elem_size = width;
      INFO("case " << i << " " << pref::describe(p.copies[0]) << " width " << width);
      CHECK(pref::compare_with_engine(p, {h * w * c}, volume(p.output_shape), &pool, static_cast<uint64_t>(i)) == "");
    }
  }
}

TEST_CASE("lane kernels: one element broadcast over a short last axis", "[engine][lanes]") {
  ThreadPool pool(3);
  th::Rng rng(9105);
  for (int i = 0; i < 100; ++i) {
    const bool large = i % 10 == 0;
    const int64_t g = rng.uniform(2, 5);
    const Shape x = {rng.uniform(1, large ? 300 : 7), rng.uniform(1, large ? 500 : 50), 1};
    Result<CopyPlan> plan = plan_broadcast(x, {x[0], x[1], g}, BroadcastMode::Numpy, std::nullopt, 1);
    REQUIRE(plan.ok());
    CopyPlan p = plan.value();
    for (size_t width : th::kWidths) {
      p.elem_size = width;
      INFO("case " << i << " " << pref::describe(p.copies[0]) << " width " << width);
      CHECK(pref::compare_with_engine(p, {volume(x)}, volume(p.output_shape), &pool, static_cast<uint64_t>(i)) == "");
    }
  }
}

TEST_CASE("lane kernels: pad's constant channel in the copy's pass", "[engine][lanes][fill]") {
  ThreadPool pool(3);
  th::Rng rng(9106);
  int fused = 0;
  for (int i = 0; i < 160; ++i) {
    const bool large = i % 10 == 0;
    const int64_t m = rng.uniform(1, 3);
    const Shape x = {rng.uniform(1, large ? 200 : 6), rng.uniform(1, large ? 400 : 40), m};
    const int64_t f = rng.uniform(1, 4 - m);
    const bool before = rng.chance(40);
    // Pads (or crops) of H and W too, sometimes.
    Ints pb = {rng.chance(30) ? rng.uniform(-1, 2) : 0, rng.chance(30) ? rng.uniform(0, 3) : 0, before ? f : 0};
    Ints pe = {rng.chance(30) ? rng.uniform(0, 2) : 0, rng.chance(30) ? rng.uniform(-1, 3) : 0, before ? 0 : f};
    if (x[0] + pb[0] + pe[0] <= 0) pb[0] = 0;
    if (x[1] + pb[1] + pe[1] <= 0) pe[1] = 0;
    for (size_t width : th::kWidths) {
      Result<CopyPlan> plan = plan_pad(x, pb, pe, PadMode::Constant, uint64_t{0xA5} + uint64_t{width}, width);
      REQUIRE(plan.ok());
      CopyPlan p = plan.value();
      // The input a view: RGB of RGBA (groups of the output's size apart), sometimes.
      int64_t extent = volume(x);
      if (i % 3 == 1) {
        View v = View::of({x[0], x[1], m + f});
        v.slice(2, 0, m, 1);
        REQUIRE(rebase_source(p, 0, x, v));
        extent = x[0] * x[1] * (m + f);
      }
      const PreparedPlan prepared = prepare_plan(p);
      fused += has(kernels_of(prepared), Kernel::Regroup);
      INFO("case " << i << " x " << th::str(x) << " pb " << th::str(pb) << " pe " << th::str(pe) << " width " << width);
      CHECK(pref::compare_with_engine(p, {extent}, volume(p.output_shape), &pool, static_cast<uint64_t>(i)) == "");
    }
  }
  CHECK(fused > 300);
}

TEST_CASE("lane kernels: planes concatenated into their last axis in one pass", "[engine][lanes]") {
  ThreadPool pool(3);
  th::Rng rng(9107);
  for (int i = 0; i < 100; ++i) {
    const bool large = i % 10 == 0;
    const int64_t k = rng.uniform(2, 5);
    const int64_t c = rng.chance(70) ? 1 : rng.uniform(2, 3);
    const Shape plane = {rng.uniform(1, large ? 300 : 7), rng.uniform(1, large ? 400 : 50), c};
    Result<CopyPlan> plan = plan_concat(std::vector<Shape>(static_cast<size_t>(k), plane), 2, 1);
    REQUIRE(plan.ok());
    CopyPlan p = plan.value();
    std::vector<int64_t> extents(static_cast<size_t>(k), volume(plane));
    if (i % 4 == 3) {  // one plane a transposed view: that copy alone, the others still right
      View v = View::of({plane[1], plane[0], c});
      v.permute({1, 0, 2});
      REQUIRE(rebase_source(p, 1, plane, v));
    }
    for (size_t width : th::kWidths) {
      p.elem_size = width;
      INFO("case " << i << " k " << k << " plane " << th::str(plane) << " width " << width);
      CHECK(pref::compare_with_engine(p, extents, volume(p.output_shape), &pool, static_cast<uint64_t>(i)) == "");
    }
  }
}

TEST_CASE("lane kernels: RGBA -> RGB planes, then roll on any axis (wrapped outer dims)", "[engine][lanes][wrap]") {
  // bench/views.mjs's chain: [N, H, W, 4] sliced to 3 channels, transposed
  // to [N, 3, H, W], then rolled: a deinterleave of 3 of 4 phases under
  // wrapped outer dims.
  ThreadPool pool(3);
  th::Rng rng(9108);
  for (int i = 0; i < 80; ++i) {
    const bool large = i % 10 == 0;
    const int64_t n = rng.uniform(1, 3), h = rng.uniform(1, large ? 128 : 12), w = rng.uniform(1, large ? 300 : 40);
    const int64_t c = rng.uniform(3, 4), kept = rng.uniform(1, c - 1);
    View v = View::of({n, h, w, c});
    v.slice(3, 0, kept, 1).permute({0, 3, 1, 2});
    const Shape shape = {n, kept, h, w};
    const int64_t axis = rng.uniform(0, 3);
    const int64_t shift = rng.uniform(-5, 5);
    Result<CopyPlan> plan = plan_roll(shape, {shift}, {axis}, 1);
    REQUIRE(plan.ok());
    CopyPlan p = plan.value();
    REQUIRE(rebase_source(p, 0, shape, v));
    if (axis == 2 && h > 1 && w > 1 && kept >= 2) {
      // H and W one rotated row of deinterleaved pixels.
      const LoopNest nest = make_loop_nest(p.copies[0], 4);
      CHECK(nest.kernel == Kernel::Deinterleave);
      CHECK(nest.dims.back().n == h * w);
      CHECK(nest.rotate == ((shift % h + h) % h) * w);
    }
    for (size_t width : th::kWidths) {
      p.elem_size = width;
      INFO("case " << i << " " << pref::describe(p.copies[0]) << " width " << width);
      CHECK(pref::compare_with_engine(p, {source_extent(p, 0)}, volume(shape), &pool, static_cast<uint64_t>(i)) == "");
    }
  }
}

TEST_CASE("lane kernels: strided slices by 2, 3 and 4", "[engine][lanes]") {
  ThreadPool pool(3);
  th::Rng rng(9109);
  for (int i = 0; i < 100; ++i) {
    const bool large = i % 10 == 0;
    const Shape x = {rng.uniform(1, large ? 200 : 6), rng.uniform(1, large ? 2000 : 90)};
    const int64_t step = rng.uniform(2, 4);
    const int64_t start = rng.uniform(0, x[1] - 1);
    Result<CopyPlan> plan = plan_slice(x, {start, 0}, {x[1], x[0]}, Ints{1, 0}, Ints{step, rng.chance(30) ? 2 : 1}, 1);
    REQUIRE(plan.ok());
    CopyPlan p = plan.value();
    for (size_t width : th::kWidths) {
      p.elem_size = width;
      INFO("case " << i << " " << pref::describe(p.copies[0]) << " width " << width);
      CHECK(pref::compare_with_engine(p, {volume(x)}, volume(p.output_shape), &pool, static_cast<uint64_t>(i)) == "");
    }
  }
}
