// What the libFuzzer harnesses share: decoding arbitrary bytes into
// shapes, integer parameters and element widths (and the inverse, for the
// seed corpus), and the checks every operation gets:
//   - the shape function and the plan agree (same output shape, or the same
//     error code and message; the plan may add OUT_OF_MEMORY only when the
//     output's bytes overflow);
//   - every failure is a returned Status naming the operation (the core has
//     no exceptions; a crash or sanitizer report is a bug libFuzzer reports);
//   - a small enough successful plan, run by tensor_ops::execute on
//     exact-size buffers (AddressSanitizer sees any stray byte) with and
//     without a thread pool, gives byte for byte what the naive reference of
//     the Catch2 tests (tests/core/ops/<op_snake>/reference.cpp) gives, and
//     the reference rejects exactly what the core rejects.
// Each harness calls its operation as the package does, through the table
// and every check a call makes (th::Call, tests/core/call.hpp): the shape
// function and the plan function alone assume those checks passed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "call.hpp"
#include "reference_common.hpp"
#include "runtime/tensor_ops.hpp"

namespace fuzz {

using tensor_ops::Shape;
using Ints = std::vector<int64_t>;

// ---------------------------------------------------------------------------
// Byte format. Every value is one tag byte: below kSpecialTag it is a small
// value (tag % span, shifted into the field's range); from kSpecialTag on it
// is one of kSpecials, the boundaries where arithmetic on dims can go wrong;
// the last tag reads 8 raw bytes (any int64). Exhausted input reads as 0s.

constexpr uint8_t kSpecialTag = 0xE0;
constexpr int64_t kSpecials[] = {
    int64_t{1} << 31,           // int32 overflow
    (int64_t{1} << 31) - 1,
    int64_t{1} << 32,           // uint32 / size_t (wasm32) overflow
    (int64_t{1} << 32) - 1,
    (int64_t{1} << 32) + 1,
    int64_t{1} << 53,           // the largest dim the API allows
    (int64_t{1} << 53) + 1,
    int64_t{1} << 62,
    std::numeric_limits<int64_t>::max(),
    std::numeric_limits<int64_t>::min(),
    -(int64_t{1} << 31),
    -(int64_t{1} << 53),
    int64_t{1} << 16,
    int64_t{1} << 26,
    (int64_t{1} << 26) + 2,
    3 * (int64_t{1} << 20),
    65536 * 3,
    -3,
    -(int64_t{1} << 32),
    (int64_t{1} << 21) + 1,     // cubes overflow 2^63 (block volumes)
    1000003,                    // a prime
    int64_t{1} << 40,
    (int64_t{1} << 31) + 1,
    4096,
    -1000,
    std::numeric_limits<int64_t>::max() - 1,
    std::numeric_limits<int64_t>::min() + 1,
    int64_t{3037000499},        // floor(sqrt(2^63))
    int64_t{3037000500},
    48,
    2048,
};
constexpr size_t kSpecialCount = sizeof(kSpecials) / sizeof(kSpecials[0]);
constexpr uint8_t kRawTag = 0xFF;
static_assert(kSpecialTag + kSpecialCount <= kRawTag, "special tags overlap the raw tag");

class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : p_(data), end_(data + size) {}

  uint8_t byte() { return p_ < end_ ? *p_++ : 0; }
  bool flag() { return (byte() & 1) != 0; }
  size_t remaining() const { return static_cast<size_t>(end_ - p_); }

  // A value in [lo, lo + span) from a small tag, or a special one.
  int64_t value(int64_t lo, int64_t span) {
    const uint8_t tag = byte();
    if (tag < kSpecialTag) return lo + static_cast<int64_t>(tag) % span;
    if (tag == kRawTag) {
      uint64_t raw = 0;
      for (int i = 0; i < 8; ++i) raw = raw << 8 | byte();
      return static_cast<int64_t>(raw);
    }
    const size_t i = static_cast<size_t>(tag - kSpecialTag);
    return i < kSpecialCount ? kSpecials[i] : lo;
  }

  // A list: a length tag (below kSpecialTag: tag % (max_small + 1); above:
  // up to 70 entries, beyond every rank the engine handles), then values.
  Ints list(int64_t lo, int64_t span, size_t max_small) {
    const uint8_t tag = byte();
    const size_t n = tag < kSpecialTag ? tag % (max_small + 1) : 9 + (tag - kSpecialTag) * 2;
    Ints out(n);
    for (int64_t& v : out) v = value(lo, span);
    return out;
  }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
};

// The inverse of Reader, for the seed corpus: values in [lo, lo + span) as
// small tags, anything else as a special or raw.
class Writer {
 public:
  void byte(uint8_t b) { out.push_back(b); }
  void flag(bool f) { byte(f ? 1 : 0); }
  void value(int64_t v, int64_t lo, int64_t span) {
    if (v >= lo && v < lo + span && v - lo < kSpecialTag) {
      byte(static_cast<uint8_t>(v - lo));
      return;
    }
    for (size_t i = 0; i < kSpecialCount; ++i) {
      if (kSpecials[i] == v) {
        byte(static_cast<uint8_t>(kSpecialTag + i));
        return;
      }
    }
    byte(kRawTag);
    for (int i = 7; i >= 0; --i) byte(static_cast<uint8_t>(static_cast<uint64_t>(v) >> (8 * i)));
  }
  void list(const Ints& values, int64_t lo, int64_t span) {
    byte(static_cast<uint8_t>(values.size()));  // seeds stay below kSpecialTag entries
    for (int64_t v : values) value(v, lo, span);
  }
  std::vector<uint8_t> out;
};

// ---------------------------------------------------------------------------
// Shared field encodings, so harnesses and the seed generator agree.

// Element width: 1, 2, 4 or 8 bytes; tag 0xFF: an invalid width (3) that
// every plan must reject with INVALID_ARGUMENT.
inline size_t read_width(Reader& r) {
  const uint8_t b = r.byte();
  if (b == 0xFF) return 3;
  return size_t{1} << (b & 3);
}
inline void write_width(Writer& w, size_t width) {
  w.byte(width == 1 ? 0 : width == 2 ? 1 : width == 4 ? 2 : 3);
}

// Offsets (in elements) of the input and output inside their buffers: 0 to 3,
// so that wide-element kernels meet data that is only element-aligned, as
// typed-array views at any element offset are in WebAssembly memory.
struct Offsets {
  size_t in = 0, out = 0;
};
inline Offsets read_offsets(Reader& r) {
  const uint8_t b = r.byte();
  return {static_cast<size_t>(b & 3), static_cast<size_t>((b >> 2) & 3)};
}

// A shape: dims in [0, 16) unless special.
constexpr int64_t kDimSpan = 16;
inline Shape read_shape(Reader& r, size_t max_rank = 8) { return r.list(0, kDimSpan, max_rank); }
inline void write_shape(Writer& w, const Shape& s) { w.list(s, 0, kDimSpan); }

// ---------------------------------------------------------------------------
// Checks.

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "FUZZ CHECK FAILED: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

inline std::string str(const Ints& v) { return tensor_ops::format_list(v); }

// Executed (alone and on the pool) only up to this many elements in and out;
// the naive reference, slow, is asked only up to kMaxRefElements. So a run
// does thousands of executions a second, and the largest cases (512 KiB of
// 8-byte elements) are split into pieces across the pool.
constexpr int64_t kMaxExecElements = 1 << 16;
constexpr int64_t kMaxRefElements = 1 << 12;
// Plans are made for inputs up to this volume (a plan may hold up to one copy
// per few elements, e.g. roll's 2^k pieces); larger shapes get the shape
// function and the error agreement only.
constexpr int64_t kMaxPlanElements = 1 << 16;

// True when every value is small enough for the naive reference, which has
// no overflow handling (results as the rules define them).
inline bool tame(const Ints& v, int64_t limit = 64) {
  for (int64_t x : v) {
    if (x < -limit || x > limit) return false;
  }
  return true;
}

// vol(shape) when every dim is in [0, 2^53] and the product fits, else -1.
inline int64_t safe_volume(const Shape& s) {
  int64_t v = 1;
  bool zero = false;
  for (int64_t d : s) {
    if (d < 0 || d > (int64_t{1} << 53)) return -1;
    if (d == 0) zero = true;
    else if (!tensor_ops::checked_mul(v, d, &v)) return -1;
  }
  return zero ? 0 : v;
}

// The outcome of a core call: a shape or an error.
struct Outcome {
  bool ok = false;
  Shape shape;
  tensor_ops::ErrorCode code = tensor_ops::ErrorCode::InvalidArgument;
  std::string message;

  std::string text() const {
    return ok ? "ok " + str(shape)
              : std::string(tensor_ops::error_code_name(code)) + " " + message;
  }
};

// The outcome of a call returning a Result<Shape>.
template <class F>
Outcome outcome_of(F&& f) {
  Outcome o;
  const tensor_ops::Result<Shape> result = f();
  o.ok = result.ok();
  if (o.ok) {
    o.shape = result.value();
  } else {
    o.code = result.status().code();
    o.message = result.status().message();
  }
  return o;
}

// Messages start with "<op>: " and say something after it.
inline void check_message(const Outcome& o, const char* op) {
  if (o.ok) return;
  const std::string prefix = std::string(op) + ": ";
  if (o.message.compare(0, prefix.size(), prefix) != 0 || o.message.size() <= prefix.size() + 3) {
    fail(std::string("error message does not name the operation: ") + o.message);
  }
}

inline bool bytes_overflow(const Shape& s, size_t width) {
  const int64_t v = safe_volume(s);
  int64_t bytes = 0;
  return v < 0 || !tensor_ops::checked_mul(v, static_cast<int64_t>(width), &bytes) ||
         static_cast<uint64_t>(bytes) > std::numeric_limits<size_t>::max();
}

// The shape function's outcome against the plan's.
inline void check_agreement(const char* op, const Outcome& shape_fn, const Outcome& plan,
                            size_t width) {
  check_message(shape_fn, op);
  check_message(plan, op);
  if (width != 1 && width != 2 && width != 4 && width != 8) {
    if (plan.ok || plan.code != tensor_ops::ErrorCode::InvalidArgument) {
      fail("a plan of width " + std::to_string(width) + " gave " + plan.text());
    }
    return;
  }
  if (shape_fn.ok && plan.ok) {
    if (shape_fn.shape != plan.shape) {
      fail("shape function " + shape_fn.text() + " but plan " + plan.text());
    }
    return;
  }
  if (shape_fn.ok && !plan.ok) {
    if (plan.code == tensor_ops::ErrorCode::OutOfMemory && bytes_overflow(shape_fn.shape, width)) {
      return;
    }
    fail("shape function " + shape_fn.text() + " but plan " + plan.text());
  }
  if (!shape_fn.ok && (plan.ok || plan.code != shape_fn.code || plan.message != shape_fn.message)) {
    fail("shape function " + shape_fn.text() + " but plan " + plan.text());
  }
}

// A buffer of exactly `bytes` bytes (at least one), so that AddressSanitizer
// flags the first byte read or written outside it.
struct Exact {
  explicit Exact(size_t bytes) : data(new unsigned char[bytes ? bytes : 1]), size(bytes) {}
  ~Exact() { delete[] data; }
  Exact(const Exact&) = delete;
  Exact& operator=(const Exact&) = delete;
  unsigned char* data;
  size_t size;
};

inline uint64_t splitmix(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

inline tensor_ops::ThreadPool& pool() {
  // 3 threads (2 workers and the caller). Every copy is split however small:
  // the pool's pieces are what the threaded build runs on large tensors.
  static tensor_ops::ThreadPool* p = [] {
    tensor_ops::set_parallel_min_bytes(0);
    return new tensor_ops::ThreadPool(3);
  }();
  return *p;
}

// Runs `plan` on pseudo-random input of shape `input`, alone and on the
// pool, into outputs prefilled differently (so an element never written
// shows up as a difference), compares the two byte for byte, and with a
// `gather` from the reference compares them with it too. The input must be
// left untouched and nothing written outside the output.
inline void run_and_compare(const char* op, const tensor_ops::CopyPlan& plan, const Shape& input,
                            const Shape& output, const ref::Gather* gather, Offsets offsets,
                            uint64_t seed) {
  const size_t w = plan.elem_size;
  const size_t in_count = static_cast<size_t>(safe_volume(input));
  const size_t out_count = static_cast<size_t>(safe_volume(output));
  const std::string where = std::string(op) + ": x.shape " + str(input) + ", output " +
                            str(output) + ", width " + std::to_string(w);
  if (gather && (plan.output_shape != gather->shape || gather->from.size() != out_count)) {
    fail(where + ": the reference gives output " + str(gather->shape));
  }
  Exact src((in_count + offsets.in) * w);
  for (size_t i = 0; i < src.size; ++i) src.data[i] = static_cast<unsigned char>(splitmix(seed));
  const std::vector<unsigned char> before(src.data, src.data + src.size);
  const unsigned char* in = src.data + offsets.in * w;

  Exact first((out_count + offsets.out) * w);
  Exact second((out_count + offsets.out) * w);
  std::memset(first.data, 0x00, first.size);
  std::memset(second.data, 0xFF, second.size);
  unsigned char* out1 = first.data + offsets.out * w;
  unsigned char* out2 = second.data + offsets.out * w;
  tensor_ops::execute(plan, in, out1, nullptr);
  tensor_ops::execute(plan, in, out2, &pool());
  for (size_t j = 0; j < out_count; ++j) {
    if (std::memcmp(out1 + j * w, out2 + j * w, w) != 0) {
      fail(where + ": output element " + std::to_string(j) +
           " differs between the pool and the calling thread (or was never written)");
    }
    if (gather) {
      unsigned char fill[8];  // from < 0: the reference's fill constant (pad)
      for (size_t b = 0; b < 8; ++b) fill[b] = static_cast<unsigned char>(gather->fill >> (8 * b));
      const int64_t from = gather->from[j];
      if (std::memcmp(out1 + j * w, from < 0 ? fill : in + static_cast<size_t>(from) * w, w) != 0) {
        fail(where + ": output element " + std::to_string(j) + " differs from input element " +
             std::to_string(from) + " (the reference's)");
      }
    }
  }
  for (size_t b = 0; b < offsets.out * w; ++b) {
    if (first.data[b] != 0x00 || second.data[b] != 0xFF) fail(where + ": wrote before the output");
  }
  if (src.size != 0 && std::memcmp(before.data(), src.data, src.size) != 0) {
    fail(where + ": the input was modified");
  }
}

// The whole check of one decoded case.
//   shape_fn()  -> Result<Shape>     the op's shape function
//   plan_fn()   -> Result<CopyPlan>  the op's plan, at `width`
//   reference() -> optional<Gather>, or nullopt when the rules reject the case
// `input` is x.shape; `tame_case` says the reference may be asked (small
// values only); `cheap_plan`: the plan's size does not grow with the input;
// `max_copies`: the most copies a plan of this case may hold (< 0: any).
template <class ShapeFn, class PlanFn, class RefFn>
void check_case(const char* op, const Shape& input, size_t width, Offsets offsets, bool tame_case,
                bool cheap_plan, uint64_t seed, ShapeFn shape_fn, PlanFn plan_fn,
                RefFn reference, int64_t max_copies = -1) {
  const Outcome by_shape = outcome_of(shape_fn);
  if (std::getenv("FUZZ_DEBUG")) {  // triage: what a crash input decodes to
    std::fprintf(stderr, "%s: x.shape %s, width %zu: shape function %s\n", op, str(input).c_str(),
                 width, by_shape.text().c_str());
  }
  check_message(by_shape, op);
  const int64_t in_volume = safe_volume(input);
  const bool plan_fits = in_volume >= 0 && in_volume <= kMaxPlanElements;
  if (!by_shape.ok || plan_fits || cheap_plan) {
    std::optional<tensor_ops::CopyPlan> plan;
    const Outcome by_plan = outcome_of([&]() -> tensor_ops::Result<Shape> {
      tensor_ops::Result<tensor_ops::CopyPlan> made = plan_fn();
      if (!made.ok()) return made.status();
      plan = std::move(made).value();
      return plan->output_shape;
    });
    check_agreement(op, by_shape, by_plan, width);
    if (by_plan.ok && plan->elem_size != width) fail(std::string(op) + ": plan width differs");
    if (by_plan.ok && max_copies >= 0 && static_cast<int64_t>(plan->copies.size()) > max_copies) {
      fail(std::string(op) + ": the plan of x.shape " + str(input) + " holds " +
           std::to_string(plan->copies.size()) + " copies, more than " + std::to_string(max_copies));
    }
    // The reference: it must reject what the core rejects (whatever the
    // code: the rules' codes are checked by the Catch2 tests) and accept what
    // the core accepts.
    if (width != 1 && width != 2 && width != 4 && width != 8) return;
    if (!by_plan.ok && by_plan.code == tensor_ops::ErrorCode::OutOfMemory) return;
    const int64_t out_volume = by_plan.ok ? safe_volume(plan->output_shape) : -1;
    const bool runnable = by_plan.ok && in_volume <= kMaxExecElements && out_volume >= 0 &&
                          out_volume <= kMaxExecElements;
    // (A tame x.shape with a negative dim has no volume; the reference
    // rejects it at once, as the core must.)
    const bool ask_reference =
        tame_case && (in_volume < 0 ? !by_plan.ok
                                    : in_volume <= kMaxRefElements &&
                                          (!by_plan.ok || out_volume <= kMaxRefElements));
    std::optional<ref::Gather> gather;
    if (ask_reference) {
      gather = reference();
      if (by_plan.ok != gather.has_value()) {
        fail(std::string(op) + ": x.shape " + str(input) + ": core " + by_plan.text() +
             " but the reference " +
             (gather ? "accepts it as " + str(gather->shape) : std::string("rejects it")));
      }
    }
    if (runnable) {
      run_and_compare(op, *plan, input, plan->output_shape, gather ? &*gather : nullptr, offsets,
                      seed);
    }
  }
}

inline uint64_t seed_of(const uint8_t* data, size_t size) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 1099511628211ull;
  return h;
}

}  // namespace fuzz
