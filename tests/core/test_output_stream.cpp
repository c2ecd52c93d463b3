// An output handed out band by band while the pool makes the rest
// (engine/output_stream.hpp): every band made once and handed out once, in
// order, on the calling thread, only once made; a conversion's and an
// indexed copy's streamed bytes are their final bytes, each taken once, and
// nothing is taken from a copy, another output, an output the kernel does
// not write densely or a stream of the wrong size.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include "engine/convert.hpp"
#include "engine/engine.hpp"
#include "engine/output_stream.hpp"
#include "helpers.hpp"

using namespace tensor_ops;

TEST_CASE("output stream: bands made once, handed out once, in order, by the calling thread", "[output_stream][threads]") {
  for (int threads : {1, 2, 3}) {
    ThreadPool pool(threads);
    for (int64_t bands : {int64_t{1}, int64_t{2}, int64_t{7}, int64_t{16}, kMaxStreamBands, kMaxStreamBands + 3}) {
      std::vector<std::atomic<int>> made(static_cast<size_t>(bands));
      for (auto& m : made) m.store(0);
      std::vector<int64_t> handed;
      bool handed_early = false, handed_elsewhere = false;
      const std::thread::id caller = std::this_thread::get_id();
      auto make = [&](int64_t b) {
        // A little work, so that workers and the caller interleave.
        volatile int64_t x = 0;
        for (int64_t i = 0; i < 2000 * (b % 3 + 1); ++i) x = x + i;
        made[static_cast<size_t>(b)].fetch_add(1);
      };
      auto hand_out = [&](int64_t b) {
        if (made[static_cast<size_t>(b)].load() != 1) handed_early = true;
        if (std::this_thread::get_id() != caller) handed_elsewhere = true;
        handed.push_back(b);
      };
      OutputStream stream;
      run_streamed(threads == 1 ? nullptr : &pool, bands, make, hand_out, stream);
      INFO("threads " << threads << " bands " << bands);
      CHECK(stream.taken);
      CHECK_FALSE(handed_early);
      CHECK_FALSE(handed_elsewhere);
      REQUIRE(handed.size() == static_cast<size_t>(bands));
      for (int64_t b = 0; b < bands; ++b) {
        CHECK(handed[static_cast<size_t>(b)] == b);
        CHECK(made[static_cast<size_t>(b)].load() == 1);
      }
    }
  }
}

namespace {

// What a stream took: a copy of each range at the time it was handed out,
// and how often each byte was.
struct Taken {
  const unsigned char* out = nullptr;
  std::vector<unsigned char> copy;
  std::vector<int> times;
  int calls = 0;
};

void take(void* context, int64_t at, int64_t bytes) {
  auto* t = static_cast<Taken*>(context);
  ++t->calls;
  std::memcpy(t->copy.data() + at, t->out + at, static_cast<size_t>(bytes));
  for (int64_t i = at; i < at + bytes; ++i) ++t->times[static_cast<size_t>(i)];
}

// Runs `kernel(dst, pool)` once alone (no pool, no stream) and once pooled
// (the caller lowers the kernel's threshold for the pool) with a stream of
// `stream_bytes` over `out` bytes: the outputs must agree;
// returns whether the stream was taken, having checked that a taken stream
// took each byte once, as final, and an untaken one took nothing.
template <typename Kernel>
bool streams_final_bytes(size_t out, int64_t stream_bytes, Kernel kernel) {
  ThreadPool pool(2);
  std::vector<unsigned char> alone(out, 1), streamed(out, 2);
  kernel(alone.data(), nullptr);
  Taken t;
  t.out = streamed.data();
  t.copy.assign(out, 3);
  t.times.assign(out, 0);
  OutputStream stream;
  stream.base = streamed.data();
  stream.bytes = stream_bytes;
  stream.take = take;
  stream.context = &t;
  set_output_stream(&stream);
  kernel(streamed.data(), &pool);
  set_output_stream(nullptr);
  REQUIRE(streamed == alone);
  if (stream.taken) {
    CHECK(t.copy == alone);
    CHECK(std::all_of(t.times.begin(), t.times.end(), [](int n) { return n == 1; }));
  } else {
    CHECK(t.calls == 0);
  }
  return stream.taken;
}

}  // namespace

TEST_CASE("output stream: a conversion's bands are its final bytes, each taken once", "[output_stream][convert][threads]") {
  set_convert_parallel_min_bytes(1);
  th::Rng rng(11);
  struct Case {
    const char* name;
    std::vector<int64_t> dims, src_strides, dst_strides;
  };
  const std::vector<Case> cases = {
      {"RGBA pixels to planes", {3, 37, 41}, {1, 41 * 4, 4}, {37 * 41, 41, 1}},
      {"RGBA pixels to RGB pixels", {37, 41, 3}, {41 * 4, 4, 1}, {41 * 3, 3, 1}},
      {"one dense row", {1, 1, 10007}, {0, 0, 1}, {0, 0, 1}},
      {"reversed outer dim", {5, 16, 33}, {-16 * 33, 33, 1}, {16 * 33, 33, 1}},
      {"transposed output (its loops run in the output's order)", {57, 3, 29}, {3 * 29, 29, 1}, {1, 57, 57 * 3}},
      {"five planes of a dense block", {5, 37, 41}, {37 * 41, 41, 1}, {37 * 41, 41, 1}},
      {"five planes of pixels", {5, 37, 41}, {1, 41 * 5, 5}, {37 * 41, 41, 1}},
      {"five planes of padded rows", {5, 37, 41}, {1, 41 * 5 + 7, 5}, {37 * 41, 41, 1}},
      {"a 640 x 640 RGBA frame to planes (16 bands)", {3, 640, 640}, {1, 640 * 4, 4}, {640 * 640, 640, 1}},
  };
  for (const Case& k : cases) {
    for (DType s : {DType::Uint8, DType::Float32}) {
      for (DType d : {DType::Float32, DType::Uint8, DType::Float16}) {
        ConvertCopy c;
        c.dims = k.dims;
        c.src_strides = k.src_strides;
        c.dst_strides = k.dst_strides;
        int64_t lo = 0, hi = 0;
        for (size_t i = 0; i < 3; ++i) (k.src_strides[i] < 0 ? lo : hi) += (k.dims[i] - 1) * k.src_strides[i];
        c.src_offset = -lo;
        c.src_type = s;
        c.dst_type = d;
        const size_t n_src = static_cast<size_t>(hi - lo + 1) * dtype_bytes(s);
        std::vector<unsigned char> src(n_src);
        for (auto& b : src) b = static_cast<unsigned char>(rng.uniform(0, 127));  // (finite floats, in range for uint8)
        const size_t out = static_cast<size_t>(k.dims[0] * k.dims[1] * k.dims[2]) * dtype_bytes(d);
        const PreparedConvert p = prepare_convert(c);
        INFO(k.name << ": " << dtype_name(s) << " -> " << dtype_name(d));
        // Every dense output streams (the conversion orders its loops so that
        // writes stream), but the same bits without a scale are the copy engine's, which does not.
        CHECK(streams_final_bytes(out, static_cast<int64_t>(out), [&](unsigned char* dst, ThreadPool* pool) {
                execute_convert(p, src.data(), dst, pool);
              }) == (p.kernel != ConvertKernel::Copy));
      }
    }
  }
  set_convert_parallel_min_bytes(kParallelMinBytes);
}

TEST_CASE("output stream: another output, or none, is not streamed", "[output_stream][convert]") {
  set_convert_parallel_min_bytes(1);
  ThreadPool pool(2);
  ConvertCopy c;
  c.dims = {3, 37, 41};
  c.src_strides = {1, 41 * 4, 4};
  c.dst_strides = {37 * 41, 41, 1};
  c.src_type = DType::Uint8;
  c.dst_type = DType::Float32;
  std::vector<unsigned char> src(37 * 41 * 4, 7), a(3 * 37 * 41 * 4), b(a.size());
  Taken t;
  t.out = b.data();
  t.copy.assign(b.size(), 0);
  t.times.assign(b.size(), 0);
  OutputStream stream;
  stream.base = b.data();  // not the output written below
  stream.bytes = static_cast<int64_t>(b.size());
  stream.take = take;
  stream.context = &t;
  set_output_stream(&stream);
  execute_convert(prepare_convert(c), src.data(), a.data(), &pool);
  set_output_stream(nullptr);
  CHECK_FALSE(stream.taken);
  CHECK(t.calls == 0);
  // The stream's size must be the whole output's.
  stream.base = a.data();
  stream.bytes = static_cast<int64_t>(a.size()) - 4;
  set_output_stream(&stream);
  execute_convert(prepare_convert(c), src.data(), a.data(), &pool);
  set_output_stream(nullptr);
  CHECK_FALSE(stream.taken);
  CHECK(t.calls == 0);
  set_convert_parallel_min_bytes(kParallelMinBytes);
}


TEST_CASE("output stream: a gather's indexed copy streams its final bytes when it writes the output densely",
          "[output_stream][gather][threads]") {
  th::Rng rng(13);
  // x [D, S] float32, ids [A, N] int32: output [A, N, S] (dense), or the
  // same rows written transposed, [N, A, S] (not dense in the copy's order).
  const int64_t D = 50, S = 7, A = 3, N = 700;
  std::vector<float> x(static_cast<size_t>(D * S));
  for (auto& v : x) v = static_cast<float>(rng.uniform(-1000, 1000));
  std::vector<int32_t> ids(static_cast<size_t>(A * N));
  for (auto& v : ids) v = static_cast<int32_t>(rng.uniform(-D, D - 1));
  for (bool transposed : {false, true}) {
    IndexedCopy c;
    c.dims = {A, N};
    c.src_strides = {0, 0};
    c.dst_strides = transposed ? std::vector<int64_t>{S, A * S} : std::vector<int64_t>{N * S, S};
    c.index_strides = {N, 1};
    c.slice = S;
    c.axis_dims = {D};
    c.axis_strides = {S};
    c.axes = {0};
    c.index_shape = {A, N};
    c.index_type = IndexType::Int32;
    CopyPlan plan;
    plan.output_shape = transposed ? Shape{N, A, S} : Shape{A, N, S};
    plan.elem_size = 4;
    plan.indexed.push_back(c);
    const PreparedPlan prepared = prepare_plan(plan);
    const void* sources[] = {x.data(), ids.data()};
    auto kernel = [&](unsigned char* dst, ThreadPool* pool) { execute(prepared, sources, dst, pool); };
    const size_t out = static_cast<size_t>(A * N * S) * 4;
    INFO((transposed ? "transposed" : "dense") << " output");
    set_parallel_min_bytes(1);
    CHECK(streams_final_bytes(out, static_cast<int64_t>(out), kernel) == !transposed);
    CHECK_FALSE(streams_final_bytes(out, static_cast<int64_t>(out) - 4, kernel));  // not this output's size
    set_parallel_min_bytes(kParallelMinBytes);
  }
}
