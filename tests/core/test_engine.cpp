// The engine's fast paths: each kernel is chosen where it should be, gives
// the reference's bytes on shapes long enough for its SIMD loops and tails,
// and the thread pool changes nothing but speed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <optional>

#include "helpers.hpp"
#include "engine/loop_nest.hpp"
#include "plan_reference.hpp"
#include "ops/reshape/reference.hpp"
#include "ops/broadcast/reference.hpp"
#include "ops/space_to_depth/reference.hpp"
#include "ops/depth_to_space/reference.hpp"
#include "ops/roll/reference.hpp"

using namespace tensor_ops;
using th::NHWC, th::NCHW, th::VECT, th::BF, th::DF;

namespace {


Kernel kernel_of(const CopyPlan& plan) { return make_loop_nest(plan.copies.at(0), plan.elem_size).kernel; }

// Runs `plan` on distinct bytes alone and on a pool, and compares both with
// the reference gather.
void check_threads_agree(const CopyPlan& plan, const Shape& input, const ref::Gather& gather,
                         ThreadPool& pool) {
  const size_t w = plan.elem_size;
  const size_t in_bytes = static_cast<size_t>(ref::volume(input)) * w;
  const size_t out_bytes = static_cast<size_t>(ref::volume(plan.output_shape)) * w;
  std::vector<unsigned char> src(in_bytes + 1), alone(out_bytes + 1), pooled(out_bytes + 1);
  for (size_t i = 0; i < in_bytes; ++i) src[i] = static_cast<unsigned char>(i * 131 + (i >> 8));
  execute(plan, src.data(), alone.data());
  execute(plan, src.data(), pooled.data(), &pool);
  REQUIRE(std::memcmp(alone.data(), pooled.data(), out_bytes) == 0);
  for (size_t i = 0; i < gather.from.size(); ++i) {
    if (std::memcmp(&alone[i * w], &src[static_cast<size_t>(gather.from[i]) * w], w) != 0) {
      FAIL("element " << i << " differs from the reference");
    }
  }
}

}  // namespace

TEST_CASE("engine: the benchmarked shapes get their fast kernels", "[engine]") {
  // NCHW block 2/4: a source row read once, split into b destination rows.
  CHECK(kernel_of(plan_space_to_depth({1, 3, 64, 64}, 2, DataFormat::NCHW, BF, 4)) == Kernel::Deinterleave);
  CHECK(kernel_of(plan_space_to_depth({1, 3, 64, 64}, 4, DataFormat::NCHW, BF, 4)) == Kernel::Deinterleave);
  CHECK(kernel_of(plan_depth_to_space({1, 12, 32, 32}, 2, DataFormat::NCHW, BF, 4)) == Kernel::Interleave);
  CHECK(kernel_of(plan_depth_to_space({1, 48, 16, 16}, 4, DataFormat::NCHW, BF, 1)) == Kernel::Interleave);
  // NHWC: runs of b*C elements, interleaved at that width when it is small.
  CHECK(kernel_of(plan_space_to_depth({1, 64, 64, 1}, 2, DataFormat::NHWC, BF, 4)) == Kernel::Interleave);
  CHECK(kernel_of(plan_depth_to_space({1, 32, 32, 4}, 2, DataFormat::NHWC, BF, 4)) == Kernel::Deinterleave);
  // Runs of up to 64 bytes are one wide element: still whole rows interleaved.
  CHECK(kernel_of(plan_space_to_depth({1, 64, 64, 8}, 2, DataFormat::NHWC, BF, 4)) == Kernel::Interleave);
  CHECK(make_loop_nest(plan_space_to_depth({1, 64, 64, 8}, 2, DataFormat::NHWC, BF, 4).value().copies[0], 4).elem_size == 32 * 2);
  CHECK(kernel_of(plan_depth_to_space({1, 32, 32, 64}, 4, DataFormat::NHWC, BF, 4)) == Kernel::Deinterleave);
  CHECK(kernel_of(plan_space_to_depth({1, 64, 64, 32}, 2, DataFormat::NHWC, BF, 4)) == Kernel::CopyRows);
  // Broadcast: a splat for inner repeats, row copies for outer ones.
  CHECK(kernel_of(plan_broadcast({8, 1, 1}, {1, 8, 32, 32}, BroadcastMode::Numpy, {}, 4)) == Kernel::SplatRows);
  CHECK(kernel_of(plan_broadcast({2, 1, 32, 32}, {2, 8, 32, 32}, BroadcastMode::Numpy, {}, 4)) == Kernel::CopyRows);
  // Roll: rows rotated in one pass (two block copies per row), the outer
  // rolled axes wrapped by the loops: one copy for any number of axes.
  const CopyPlan roll2 = plan_roll({64, 64}, {3, 5}, {0, 1}, 4);
  CHECK(roll2.copies.size() == 1);
  CHECK(kernel_of(roll2) == Kernel::RotateRows);
  CHECK(plan_roll({6, 7, 8, 9}, {1, 2, 3, 4}, {0, 1, 2, 3}, 4).value().copies.size() == 1);
  // The rolled axis before the rotated rows stays the kernel's second dim
  // (the engine runs its rows in two parts): one call covers every row of a
  // plane, not one call per row.
  const LoopNest planes = make_loop_nest(plan_roll({1, 4, 32, 32}, {3, -6}, {2, 3}, 4).value().copies.at(0), 4);
  CHECK(planes.kernel == Kernel::RotateRows);
  CHECK(planes.rows() == 4);
  // An outer axis alone: the whole tensor is one rotated row.
  const LoopNest outer = make_loop_nest(plan_roll({64, 64}, {3}, {0}, 4).value().copies.at(0), 4);
  CHECK(outer.kernel == Kernel::RotateRows);
  CHECK(outer.rows() == 1);
  CHECK(outer.bytes() == 64 * 64 * 4);
}

TEST_CASE("engine: long rows and every width agree with the reference, alone and pooled", "[engine]") {
  ThreadPool pool(3);
  th::Rng rng(20261121);
  for (size_t w : th::kWidths) {
    for (int64_t b : {2, 3, 4}) {
      for (BlockMode m : {BF, DF}) {
        INFO("width " << w << " block " << b);
        // Rows of 64 * b elements cover the SIMD loops (16 bytes) and their tails.
        const Shape nchw{2, 3, 4 * b, 64 * b + b * rng.uniform(0, 3)};
        check_threads_agree(plan_space_to_depth(nchw, b, DataFormat::NCHW, m, w), nchw,
                            *ref::space_to_depth(nchw, b, DataFormat::NCHW, m), pool);
        const Shape depth{2, 3 * b * b, 4, 64 + rng.uniform(0, 5)};
        check_threads_agree(plan_depth_to_space(depth, b, DataFormat::NCHW, m, w), depth,
                            *ref::depth_to_space(depth, b, DataFormat::NCHW, m), pool);
        for (int64_t c : {1, 2, 3, 8}) {
          const Shape nhwc{2, 4 * b, 32 * b, c};
          check_threads_agree(plan_space_to_depth(nhwc, b, DataFormat::NHWC, m, w), nhwc,
                              *ref::space_to_depth(nhwc, b, DataFormat::NHWC, m), pool);
          const Shape nhwc_depth{2, 4, 33, c * b * b};
          check_threads_agree(plan_depth_to_space(nhwc_depth, b, DataFormat::NHWC, m, w), nhwc_depth,
                              *ref::depth_to_space(nhwc_depth, b, DataFormat::NHWC, m), pool);
        }
      }
    }
    const Shape bc{5, 1, 1};
    check_threads_agree(plan_broadcast(bc, {2, 5, 7, 67}, BroadcastMode::Numpy, {}, w), bc,
                        *ref::broadcast(bc, {2, 5, 7, 67}, BroadcastMode::Numpy, {}), pool);
    const Shape rolled{9, 131};
    check_threads_agree(plan_roll(rolled, {-4, 77}, {0, 1}, w), rolled,
                        *ref::roll(rolled, {-4, 77}, {0, 1}), pool);
  }
}

TEST_CASE("engine: large copies split over the pool give identical bytes", "[engine]") {
  // Above kParallelMinBytes, so the pool really runs: rows split, and single
  // long rows split by position.
  ThreadPool pool(4);
  const Shape big{1, 4, 128, 256};  // 512 KiB of float32
  for (BlockMode m : {BF, DF}) {
    check_threads_agree(plan_space_to_depth(big, 2, DataFormat::NCHW, m, 4), big,
                        *ref::space_to_depth(big, 2, DataFormat::NCHW, m), pool);
    const Shape depth{1, 16, 64, 128};
    check_threads_agree(plan_depth_to_space(depth, 2, DataFormat::NCHW, m, 4), depth,
                        *ref::depth_to_space(depth, 2, DataFormat::NCHW, m), pool);
  }
  const Shape flat{1, 1, 1, 300000};
  check_threads_agree(plan_space_to_depth(flat, 1, DataFormat::NHWC, BF, 4), flat,
                      *ref::space_to_depth(flat, 1, DataFormat::NHWC, BF), pool);
  const Shape one{1};
  check_threads_agree(plan_broadcast(one, {300000}, BroadcastMode::Numpy, {}, 2), one,
                      *ref::broadcast(one, {300000}, BroadcastMode::Numpy, {}), pool);
  const Shape wide{3, 100000};
  check_threads_agree(plan_roll(wide, {1, 12345}, {0, 1}, 8), wide,
                      *ref::roll(wide, {1, 12345}, {0, 1}), pool);
  const Shape rows{4000, 40};  // many short rotated rows, split by rows
  check_threads_agree(plan_roll(rows, {-7, 13}, {0, 1}, 4), rows, *ref::roll(rows, {-7, 13}, {0, 1}), pool);
  const Shape planes{16, 37, 300};  // plain rows under a rolled axis: split by rows across the wrap
  check_threads_agree(plan_roll(planes, {5}, {1}, 4), planes, *ref::roll(planes, {5}, {1}), pool);
  check_threads_agree(plan_roll(planes, {-30, 11}, {1, 2}, 4), planes, *ref::roll(planes, {-30, 11}, {1, 2}), pool);
  const Shape line{1, 300000};  // one long row: block copies, split by position
  check_threads_agree(plan_roll(line, {77}, {1}, 2), line, *ref::roll(line, {77}, {1}), pool);
}

// Found by fuzzing (tests/fuzz, UndefinedBehaviorSanitizer): elements are
// widened to 2, 4 or 8 bytes where strides allow, but the kernels then read
// and wrote them as uint16_t/uint32_t/uint64_t at addresses only aligned to
// the real element (a typed-array view at any element offset, as x.data may
// be in WebAssembly memory). Every access now goes through memcpy. Checked
// here at every element offset; the sanitizer build (scripts/sanitize.sh)
// flags any misaligned access.
TEST_CASE("engine: data aligned only to its element, at every offset", "[engine][regression]") {
  ThreadPool pool(3);
  for (size_t w : th::kWidths) {
    const Shape nhwc{2, 4, 8, 6};
    const Shape vect{1, 2, 4, 8, 4};
    const Shape rows{6, 40};
    const Shape col{6, 1};
    const Shape pair{2, 2};
    const Shape pairs{1, 4, 6, 2};
    struct Case {
      CopyPlan plan;
      Shape input;
      std::optional<ref::Gather> gather;
    };
    const Case cases[] = {
        {plan_reshape(rows, {-1}, false, w), rows, ref::reshape(rows, {-1}, false)},
        {plan_space_to_depth(nhwc, 2, DataFormat::NHWC, BF, w), nhwc,
         ref::space_to_depth(nhwc, 2, DataFormat::NHWC, BF)},
        {plan_depth_to_space(nhwc, 2, DataFormat::NCHW, DF, w), nhwc,
         ref::depth_to_space(nhwc, 2, DataFormat::NCHW, DF)},
        {plan_space_to_depth(vect, 2, DataFormat::NCHW_VECT_C, DF, w), vect,
         ref::space_to_depth(vect, 2, DataFormat::NCHW_VECT_C, DF)},
        {plan_broadcast(col, {6, 48}, BroadcastMode::Numpy, {}, w), col,
         ref::broadcast(col, {6, 48}, BroadcastMode::Numpy, {})},
        {plan_roll(rows, {1, 8}, {0, 1}, w), rows, ref::roll(rows, {1, 8}, {0, 1})},
        // Runs of 2 to 8 bytes, moved as one wider element.
        {plan_reshape(pair, {4}, false, w), pair, ref::reshape(pair, {4}, false)},
        {plan_roll(pair, {1}, {0}, w), pair, ref::roll(pair, {1}, {0})},
        {plan_space_to_depth(pairs, 2, DataFormat::NHWC, BF, w), pairs,
         ref::space_to_depth(pairs, 2, DataFormat::NHWC, BF)},
        {plan_depth_to_space(pairs, 1, DataFormat::NHWC, DF, w), pairs,
         ref::depth_to_space(pairs, 1, DataFormat::NHWC, DF)},
    };
    for (const Case& c : cases) {
      REQUIRE(c.gather);
      const size_t in_bytes = static_cast<size_t>(ref::volume(c.input)) * w;
      const size_t out_bytes = c.gather->from.size() * w;
      for (size_t offset = 1; offset < 4; ++offset) {
        INFO("width " << w << ", input " << th::str(c.input) << ", offset " << offset);
        std::vector<unsigned char> src(in_bytes + 4 * w), dst(out_bytes + 4 * w);
        for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<unsigned char>(i * 37 + 11);
        const unsigned char* in = src.data() + offset * w;
        for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
          std::fill(dst.begin(), dst.end(), 0);
          execute(c.plan, in, dst.data() + offset * w, p);
          for (size_t i = 0; i < c.gather->from.size(); ++i) {
            const size_t from = static_cast<size_t>(c.gather->from[i]);
            if (std::memcmp(&dst[(offset + i) * w], in + from * w, w) != 0) {
              FAIL("element " << i << " differs from the reference");
            }
          }
        }
      }
    }
  }
}

TEST_CASE("engine: prepared plans of random views agree with the naive reference", "[engine][prepared]") {
  ThreadPool pool(3);
  th::Rng rng(7001);
  for (int i = 0; i < 400; ++i) {
    const pref::RandomView view = pref::random_view(rng, 5, 9, 3000);
    CopyPlan plan;
    plan.copies = {pref::gather_copy(view)};
    plan.output_shape = plan.copies[0].dims;
    for (size_t w : th::kWidths) {
      plan.elem_size = w;
      INFO("case " << i << " width " << w << ": " << pref::describe(plan.copies[0]));
      CHECK(pref::compare_with_engine(plan, {ref::volume(view.shape)}, pref::count(view.axes), &pool,
                                      static_cast<uint64_t>(i)) == "");
    }
  }
}

TEST_CASE("engine: one prepared plan runs on many buffers", "[engine][prepared]") {
  th::Rng rng(7002);
  for (size_t w : th::kWidths) {
    const pref::RandomView view = pref::random_view(rng, 4, 12, 2000);
    CopyPlan plan;
    plan.elem_size = w;
    plan.copies = {pref::gather_copy(view)};
    const PreparedPlan prepared = prepare_plan(plan);
    CHECK(prepared.elem_size == w);
    CHECK(prepared.nests.size() == 1);
    const size_t in = static_cast<size_t>(ref::volume(view.shape)) * w;
    const size_t out = static_cast<size_t>(pref::count(view.axes)) * w;
    for (int call = 0; call < 5; ++call) {
      INFO("width " << w << " call " << call << ": " << pref::describe(plan.copies[0]));
      std::vector<unsigned char> src(in + 8 * w), dst(out + 1), want(out + 1);
      for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<unsigned char>(i * 13 + call);
      const unsigned char* s = src.data() + static_cast<size_t>(call) * w;  // a new place each call
      const void* sources[] = {s};
      pref::naive_execute(plan, {s}, want.data());
      execute(prepared, sources, dst.data());
      CHECK(dst == want);
    }
  }
}

TEST_CASE("engine: copies read the source they name", "[engine][prepared]") {
  // A concat along a random axis of two tensors: one copy per source.
  ThreadPool pool(2);
  th::Rng rng(7003);
  for (int i = 0; i < 100; ++i) {
    Shape a = th::random_shape(rng, static_cast<size_t>(rng.uniform(1, 4)), 8, 600);
    const size_t axis = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(a.size()) - 1));
    Shape b = a;
    b[axis] = rng.uniform(0, 6);
    Shape out = a;
    out[axis] += b[axis];
    const Shape out_strides = row_major_strides(out);
    CopyPlan plan;
    plan.output_shape = out;
    for (int source = 0; source < 2; ++source) {
      StridedCopy c;
      c.dims = source == 0 ? a : b;
      c.src_strides = row_major_strides(c.dims);
      c.dst_strides = out_strides;
      c.dst_offset = source == 0 ? 0 : a[axis] * out_strides[axis];
      c.source = source;
      plan.copies.push_back(c);
    }
    for (size_t w : th::kWidths) {
      plan.elem_size = w;
      INFO("a " << th::str(a) << " b " << th::str(b) << " axis " << axis << " width " << w);
      CHECK(pref::compare_with_engine(plan, {ref::volume(a), ref::volume(b)}, ref::volume(out), &pool,
                                      static_cast<uint64_t>(i)) == "");
    }
  }
}

TEST_CASE("engine: reversed axes, at every width", "[engine][reverse]") {
  // Negative source strides: a random subset of the axes of random shapes
  // reversed, read into a contiguous destination (rows long enough for the
  // SIMD loops and their tails, and pieces split over the pool).
  ThreadPool pool(3);
  th::Rng rng(7101);
  for (int i = 0; i < 300; ++i) {
    const size_t rank = static_cast<size_t>(rng.uniform(1, 5));
    const int64_t max_volume = i % 10 == 0 ? 400000 : 4000;
    const Shape shape = th::random_shape(rng, rank, i % 3 == 0 ? 300 : 12, max_volume);
    const Shape strides = row_major_strides(shape);
    StridedCopy c;
    c.dims = shape;
    c.dst_strides = strides;
    c.src_strides = strides;
    for (size_t a = 0; a < rank; ++a) {
      if (!rng.chance(50) || shape[a] == 0) continue;
      c.src_offset += (shape[a] - 1) * strides[a];
      c.src_strides[a] = -strides[a];
    }
    if (rng.chance(20)) {  // write backwards instead, along some axes
      for (size_t a = 0; a < rank; ++a) {
        if (!rng.chance(50) || shape[a] == 0) continue;
        c.dst_offset += (shape[a] - 1) * strides[a];
        c.dst_strides[a] = -strides[a];
      }
    }
    CopyPlan plan;
    plan.output_shape = shape;
    plan.copies = {c};
    for (size_t w : th::kWidths) {
      plan.elem_size = w;
      INFO("case " << i << " width " << w << ": " << pref::describe(c));
      CHECK(pref::compare_with_engine(plan, {ref::volume(shape)}, ref::volume(shape), &pool,
                                      static_cast<uint64_t>(i)) == "");
    }
  }
}

TEST_CASE("engine: a reversed last axis runs the reversing kernel", "[engine][reverse]") {
  StridedCopy c;
  c.dims = {4, 100};
  c.src_strides = {100, -1};
  c.dst_strides = {100, 1};
  c.src_offset = 99;
  for (size_t w : th::kWidths) CHECK(make_loop_nest(c, w).kernel == Kernel::ReverseRows);
  // Reversed as a whole, the two axes merge into one.
  c.src_strides = {-100, -1};
  c.src_offset = 399;
  const LoopNest whole = make_loop_nest(c, 4);
  CHECK(whole.kernel == Kernel::ReverseRows);
  CHECK(whole.rows() == 1);
  CHECK(whole.dims.back().n == 400);
}

TEST_CASE("engine: wrapped source dims, at every width, alone and pooled", "[engine][wrap]") {
  // Random views (permuted, reversed, sliced, broadcast sources) with random
  // wraps on random dims; every tenth large enough for the pool to split
  // rows, so pieces start inside wrapped dims.
  ThreadPool pool(3);
  th::Rng rng(7201);
  for (int i = 0; i < 300; ++i) {
    const bool large = i % 10 == 0;
    const pref::RandomView view = pref::random_view(rng, 5, large ? 90 : 9, large ? 300000 : 3000);
    StridedCopy c = pref::gather_copy(view);
    c.src_wrap.assign(c.dims.size(), 0);
    for (size_t k = 0; k < c.dims.size(); ++k) {
      if (rng.chance(50)) c.src_wrap[k] = rng.uniform(-2 * c.dims[k], 2 * c.dims[k]);
    }
    if (rng.chance(20) && !c.dims.empty()) c.rotate = rng.uniform(1, 5);  // adds to the last wrap
    CopyPlan plan;
    plan.output_shape = c.dims;
    plan.copies = {c};
    for (size_t w : th::kWidths) {
      plan.elem_size = w;
      INFO("case " << i << " width " << w << ": " << pref::describe(c));
      CHECK(pref::compare_with_engine(plan, {ref::volume(view.shape)}, pref::count(view.axes), &pool,
                                      static_cast<uint64_t>(i)) == "");
    }
  }
}

TEST_CASE("engine: roll over many axes is one copy, at every width", "[engine][wrap]") {
  ThreadPool pool(3);
  th::Rng rng(7202);
  for (int i = 0; i < 150; ++i) {
    const bool large = i % 10 == 0;
    const Shape x = th::random_shape(rng, static_cast<size_t>(rng.uniform(1, 6)), large ? 200 : 10,
                                     large ? 400000 : 2000);
    std::vector<int64_t> axes, shifts;
    for (size_t a = 0; a < x.size(); ++a) {
      if (!rng.chance(60)) continue;
      axes.push_back(static_cast<int64_t>(a));
      shifts.push_back(rng.uniform(-30, 30));
    }
    if (axes.empty()) continue;
    for (size_t w : th::kWidths) {
      const CopyPlan plan = plan_roll(x, shifts, axes, w);
      INFO("case " << i << " x " << th::str(x) << " shifts " << th::str(shifts) << " axes " << th::str(axes)
                   << " width " << w);
      REQUIRE(plan.copies.size() == 1);
      check_threads_agree(plan, x, *ref::roll(x, shifts, axes), pool);
    }
  }
}

TEST_CASE("engine: a wrapped dim never merges into its neighbours", "[engine][wrap]") {
  StridedCopy c;
  c.dims = {4, 5, 7};  // odd rows: no widening
  c.src_strides = {35, 7, 1};
  c.dst_strides = {35, 7, 1};
  c.src_wrap = {0, 2, 0};
  // The wrapped middle dim takes the inner one along (its wrap scaled), but
  // the outer dim cannot take it: two loops, the outer one plain.
  const LoopNest nest = make_loop_nest(c, 1);
  REQUIRE(nest.dims.size() == 2);
  CHECK(nest.kernel == Kernel::RotateRows);
  CHECK(nest.rotate == 14);
  CHECK(nest.dims[0].n == 4);
  CHECK(nest.dims[0].wrap_at == 4);
  CHECK(nest.dims[1].n == 35);
  // Wrapped outer dims step back where they wrap.
  c.src_wrap = {1, 0, 3};
  c.src_strides = {35, 1, 5};  // the inner two transposed: no RotateRows
  const LoopNest outer = make_loop_nest(c, 1);
  CHECK(outer.dims.front().wrap_at == 1);
}

TEST_CASE("engine: pieces of a wrapped nest start at wrapped indices", "[engine][wrap]") {
  // Large enough for 12 pieces over 3 threads: rows split inside both
  // wrapped outer dims, and one long rotated row split by position.
  ThreadPool pool(3);
  StridedCopy c;
  c.dims = {64, 37, 301};
  c.src_strides = {37 * 301, 301, 1};
  c.dst_strides = c.src_strides;
  c.src_wrap = {5, -11, 100};
  CopyPlan plan;
  plan.output_shape = c.dims;
  plan.elem_size = 4;
  plan.copies = {c};
  CHECK(pref::compare_with_engine(plan, {64 * 37 * 301}, 64 * 37 * 301, &pool, 1) == "");
  plan.copies[0].src_strides = {1, 64, 64 * 37};  // transposed, wrapped, element by element
  CHECK(pref::compare_with_engine(plan, {64 * 37 * 301}, 64 * 37 * 301, &pool, 2) == "");
  StridedCopy line;
  line.dims = {1, 500000};
  line.src_strides = line.dst_strides = {500000, 1};
  line.src_wrap = {0, 12345};
  plan.copies = {line};
  plan.elem_size = 2;
  CHECK(make_loop_nest(line, 2).kernel == Kernel::RotateRows);
  CHECK(pref::compare_with_engine(plan, {500000}, 500000, &pool, 3) == "");
}

namespace {

// Bytes of a random element, different for each fill.
void random_value(th::Rng& rng, Fill* fill) {
  for (unsigned char& b : fill->value) b = static_cast<unsigned char>(rng.uniform(0, 255));
}

}  // namespace

TEST_CASE("engine: constant fills around a copy (pad), at every width", "[engine][fill]") {
  // The input, some axes reversed (a mirrored interior), in the middle of
  // a larger output; each axis' borders before and after are two fills of
  // their own value, over the interior of the axes before it and the whole
  // of the axes after it: disjoint, and with the copy they cover the output.
  ThreadPool pool(3);
  th::Rng rng(7301);
  // Large cases (split over the pool) are few and their borders modest: the
  // reference walks every output element at every width, which under the
  // sanitizers was 34 s of the suite.
  for (int i = 0; i < 250; ++i) {
    const bool large = i % 25 == 0;
    const Shape x = th::random_shape(rng, static_cast<size_t>(rng.uniform(1, 4)), large ? 300 : 9,
                                     large ? 60000 : 1500);
    const size_t rank = x.size();
    Shape before(rank), after(rank), out(rank);
    for (size_t a = 0; a < rank; ++a) {
      before[a] = rng.uniform(0, large ? 8 : 3);
      after[a] = rng.uniform(0, large ? 8 : 3);
      out[a] = before[a] + x[a] + after[a];
    }
    const Shape os = row_major_strides(out);
    CopyPlan plan;
    plan.output_shape = out;
    StridedCopy inside;
    inside.dims = x;
    inside.src_strides = row_major_strides(x);
    inside.dst_strides = os;
    for (size_t a = 0; a < rank; ++a) {
      inside.dst_offset += before[a] * os[a];
      if (rng.chance(30) && x[a] > 0) {
        inside.src_offset += (x[a] - 1) * inside.src_strides[a];
        inside.src_strides[a] = -inside.src_strides[a];
      }
    }
    plan.copies = {inside};
    for (size_t a = 0; a < rank; ++a) {
      for (int side = 0; side < 2; ++side) {
        Fill f;
        f.dst_strides = os;
        for (size_t k = 0; k < rank; ++k) {
          f.dims.push_back(k < a ? x[k] : k > a ? out[k] : side == 0 ? before[k] : after[k]);
          if (k < a) f.dst_offset += before[k] * os[k];
        }
        if (side == 1) f.dst_offset += (before[a] + x[a]) * os[a];
        random_value(rng, &f);
        plan.fills.push_back(f);
      }
    }
    for (size_t w : th::kWidths) {
      plan.elem_size = w;
      INFO("case " << i << " x " << th::str(x) << " before " << th::str(before) << " after " << th::str(after)
                   << " width " << w);
      CHECK(pref::compare_with_engine(plan, {ref::volume(x)}, ref::volume(out), &pool, static_cast<uint64_t>(i)) == "");
    }
  }
}

TEST_CASE("engine: fills choose the fill kernel and run in prepared plans", "[engine][fill]") {
  Fill f;
  f.dims = {3, 1, 50};
  f.dst_strides = {100, 50, 2};  // every other element
  f.value[0] = 0xAB;
  f.value[1] = 0xCD;
  CHECK(make_fill_nest(f, 2).kernel == Kernel::Fill);
  f.dims = {0, 5};
  f.dst_strides = {5, 1};
  CHECK(make_fill_nest(f, 2).kernel == Kernel::Empty);
  // Only fills: no source at all.
  CopyPlan plan;
  plan.elem_size = 2;
  f.dims = {300000};
  f.dst_strides = {1};
  plan.fills = {f};
  std::vector<uint16_t> out(300001, 7);
  ThreadPool pool(2);
  const PreparedPlan prepared = prepare_plan(plan);
  execute(prepared, nullptr, out.data(), &pool);
  CHECK(std::count(out.begin(), out.end() - 1, uint16_t{0xCDAB}) == 300000);
  CHECK(out.back() == 7);
}

TEST_CASE("engine: two sources and fills in one plan (concat with a gap)", "[engine][fill]") {
  // out = [a | constant gap | b] along a random axis.
  ThreadPool pool(2);
  th::Rng rng(7302);
  for (int i = 0; i < 100; ++i) {
    const Shape a = th::random_shape(rng, static_cast<size_t>(rng.uniform(1, 4)), 8, 600);
    const size_t axis = static_cast<size_t>(rng.uniform(0, static_cast<int64_t>(a.size()) - 1));
    Shape b = a, gap = a, out = a;
    b[axis] = rng.uniform(0, 6);
    gap[axis] = rng.uniform(0, 3);
    out[axis] = a[axis] + gap[axis] + b[axis];
    const Shape os = row_major_strides(out);
    CopyPlan plan;
    plan.output_shape = out;
    for (int source = 0; source < 2; ++source) {
      StridedCopy c;
      c.dims = source == 0 ? a : b;
      c.src_strides = row_major_strides(c.dims);
      c.dst_strides = os;
      c.dst_offset = source == 0 ? 0 : (a[axis] + gap[axis]) * os[axis];
      c.source = source;
      plan.copies.push_back(c);
    }
    Fill f;
    f.dims = gap;
    f.dst_strides = os;
    f.dst_offset = a[axis] * os[axis];
    random_value(rng, &f);
    plan.fills = {f};
    for (size_t w : th::kWidths) {
      plan.elem_size = w;
      INFO("a " << th::str(a) << " gap " << th::str(gap) << " b " << th::str(b) << " width " << w);
      CHECK(pref::compare_with_engine(plan, {ref::volume(a), ref::volume(b)}, ref::volume(out), &pool,
                                      static_cast<uint64_t>(i)) == "");
    }
  }
}

// The indexed copy (gather*): a hand-made one with strided dims, two
// components per index and slices of every size class (one element, a wide
// element, odd lengths through copy_run), every index dtype, against an
// element-by-element loop over its definition, alone and pooled; and the
// index check at the type limits.
TEST_CASE("engine: indexed copies follow their definition, alone and pooled", "[engine][indexed]") {
  th::Rng rng(77);
  const IndexType types[] = {IndexType::Int32, IndexType::Uint32, IndexType::Int64, IndexType::Uint64};
  for (int round = 0; round < 200; ++round) {
    const size_t elem = th::kWidths[round % 4];
    const IndexType type = types[(round / 4) % 4];
    const bool is_signed = type == IndexType::Int32 || type == IndexType::Int64;
    const size_t iw = index_type_bytes(type);
    // x: [A, D0, D1, S] with components indexing D0 and D1 (or D0 alone).
    const int64_t A = rng.uniform(1, 4), D0 = rng.uniform(1, 5), D1 = rng.uniform(1, 5);
    const int64_t S = rng.pick(std::vector<int64_t>{1, 2, 3, 7, 16, 33, 300});
    const int64_t k = rng.uniform(1, 2);
    const int64_t N = rng.uniform(0, 700);  // indices per batch row
    IndexedCopy c;
    c.dims = {A, N};
    c.src_strides = {D0 * D1 * S, 0};
    c.dst_strides = {N * S, S};
    c.index_strides = {N * k, k};
    c.slice = S;
    c.axis_dims = k == 2 ? std::vector<int64_t>{D0, D1} : std::vector<int64_t>{D0};
    c.axis_strides = k == 2 ? std::vector<int64_t>{D1 * S, S} : std::vector<int64_t>{D1 * S};
    c.axes = k == 2 ? std::vector<int64_t>{1, 2} : std::vector<int64_t>{1};
    c.index_shape = {A, N, k};
    c.index_type = type;
    CopyPlan plan;
    plan.output_shape = {A, N, S};
    plan.elem_size = elem;
    plan.indexed.push_back(c);
    // Index values in range, as int64 and as bytes of the index dtype.
    const size_t count = static_cast<size_t>(A * N * k);
    std::vector<int64_t> values(count);
    std::vector<unsigned char> index_bytes(count * iw + 1);
    for (size_t p = 0; p < count; ++p) {
      const int64_t d = c.axis_dims[p % static_cast<size_t>(k)];
      values[p] = rng.uniform(is_signed ? -d : 0, d - 1);
      for (size_t b = 0; b < iw; ++b) {
        index_bytes[p * iw + b] = static_cast<unsigned char>(static_cast<uint64_t>(values[p]) >> (8 * b));
      }
    }
    const size_t in_bytes = static_cast<size_t>(A * D0 * D1 * S) * elem;
    std::vector<unsigned char> x(in_bytes);
    for (unsigned char& v : x) v = static_cast<unsigned char>(rng.uniform(0, 255));
    // Expected: slice by slice from the definition.
    const size_t out_bytes = static_cast<size_t>(A * N * S) * elem;
    std::vector<unsigned char> expected(out_bytes);
    for (int64_t a = 0; a < A; ++a) {
      for (int64_t n = 0; n < N; ++n) {
        int64_t from = a * D0 * D1 * S;
        for (int64_t j = 0; j < k; ++j) {
          int64_t v = values[static_cast<size_t>((a * N + n) * k + j)];
          if (v < 0) v += c.axis_dims[static_cast<size_t>(j)];
          from += v * c.axis_strides[static_cast<size_t>(j)];
        }
        std::memcpy(&expected[static_cast<size_t>((a * N + n) * S) * elem], &x[static_cast<size_t>(from) * elem],
                    static_cast<size_t>(S) * elem);
      }
    }
    const PreparedPlan prepared = prepare_plan(plan);
    const void* sources[] = {x.data(), index_bytes.data()};
    for (int pooled = 0; pooled < 2; ++pooled) {
      INFO("round " << round << " pooled " << pooled);
      ThreadPool pool(3);
      if (pooled) set_parallel_min_bytes(1);
      BadIndex bad;
      CHECK(check_indices(prepared, sources, &bad, pooled ? &pool : nullptr));
      std::vector<unsigned char> out(out_bytes + 1, 0xEE);
      execute(prepared, sources, out.data(), pooled ? &pool : nullptr);
      set_parallel_min_bytes(kParallelMinBytes);
      CHECK(std::equal(expected.begin(), expected.end(), out.begin()));
      CHECK(out[out_bytes] == 0xEE);
    }
  }
}

TEST_CASE("engine: the index check finds the first value out of range at the type limits", "[engine][indexed]") {
  auto first_bad = [](IndexType type, const std::vector<uint64_t>& bits, int64_t d) {
    IndexedCopy c;
    c.dims = {static_cast<int64_t>(bits.size())};
    c.src_strides = {0};
    c.dst_strides = {1};
    c.index_strides = {1};
    c.axis_dims = {d};
    c.axis_strides = {1};
    c.axes = {0};
    c.index_shape = {static_cast<int64_t>(bits.size())};
    c.index_type = type;
    CopyPlan plan;
    plan.output_shape = c.index_shape;
    plan.elem_size = 1;
    plan.indexed.push_back(c);
    const size_t iw = index_type_bytes(type);
    std::vector<unsigned char> bytes(bits.size() * iw + 1);
    for (size_t p = 0; p < bits.size(); ++p) {
      for (size_t b = 0; b < iw; ++b) bytes[p * iw + b] = static_cast<unsigned char>(bits[p] >> (8 * b));
    }
    const unsigned char x = 0;
    const void* sources[] = {&x, bytes.data()};
    BadIndex bad;
    return check_indices(prepare_plan(plan), sources, &bad) ? int64_t{-1} : bad.position;
  };
  const uint64_t m1 = ~uint64_t{0};
  CHECK(first_bad(IndexType::Int32, {0, 0x80000000u, 0x7FFFFFFFu}, 3) == 1);
  CHECK(first_bad(IndexType::Int32, {m1 - 2, 2, m1}, 3) == -1);  // -3, 2, -1
  CHECK(first_bad(IndexType::Uint32, {2, 0xFFFFFFFFu}, 3) == 1);
  CHECK(first_bad(IndexType::Int64, {uint64_t{1} << 63, 0}, 3) == 0);
  CHECK(first_bad(IndexType::Int64, {0, (uint64_t{1} << 63) - 1}, 3) == 1);
  CHECK(first_bad(IndexType::Int64, {0, m1 - 3}, 3) == 1);  // -4
  CHECK(first_bad(IndexType::Uint64, {0, m1}, 3) == 1);
  CHECK(first_bad(IndexType::Uint64, {uint64_t{1} << 53, (uint64_t{1} << 53) - 1}, int64_t{1} << 53) == 0);
  CHECK(first_bad(IndexType::Int64, {m1 - (uint64_t{1} << 53) + 1}, int64_t{1} << 53) == -1);  // -2^53
}
