// Embind glue: converts between the JavaScript wrapper (web/) and the core.
// No logic of its own. Integer parameters arrive in a scratch array of int64
// in wasm memory (exact for bigints, no per-element val conversion), names
// arrive as small integers, data as raw pointers, and core errors leave as a
// status plus a message the wrapper turns into a TensorOpsError.
//
// Each prepare_<op>(elem, rank, ..., io) call:
//   reads [x.shape, first list, second list] from the scratch array,
//   plans the operation in the core (validating everything),
//   checks the lengths of x.data and `out`, allocates what the call needs,
//   and leaves [output shape..., input address, output address] in the
//   scratch array; it returns the output rank, or -1 (see take_error_*).
#include <emscripten/bind.h>
#include <emscripten/heap.h>

#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <malloc.h>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "tensor_ops.hpp"

namespace {

using tensor_ops::CopyPlan;
using tensor_ops::Shape;

// What the wrapper needs besides the plan: x.data's length (< 0: a kept
// tensor, already checked), `out`'s length (< 0: none), and which buffers
// to allocate.
enum Buffers { kNone = 0, kOutput = 1, kInputAndOutput = 2 };

// Calls arrive from one JavaScript thread, one at a time.
std::vector<int64_t> g_scratch(256);
std::unique_ptr<tensor_ops::ThreadPool> g_pool;
CopyPlan g_plan;
// The last error, in static storage: reporting an error must not allocate,
// since the error may be that memory is full (the wrapper reads both as C
// strings, see take_error_*).
const char* g_error_code = nullptr;
char g_error_message[4096];

// Sets the error from parts: strings, and numbers (printed without printf,
// which would only add to the module's size).
struct ErrorPart {
  ErrorPart(const char* text) : text(text) {}  // NOLINT: implicit by design
  ErrorPart(size_t number) : number(number) {}  // NOLINT
  const char* text = nullptr;
  size_t number = 0;
};

void set_error(const char* code, std::initializer_list<ErrorPart> parts) noexcept {
  g_error_code = code;
  char* at = g_error_message;
  char* const end = g_error_message + sizeof g_error_message - 1;
  for (const ErrorPart& part : parts) {
    if (part.text) {
      for (const char* c = part.text; *c && at < end; ++c) *at++ = *c;
    } else {
      at = std::to_chars(at, end, part.number).ptr;
    }
  }
  *at = '\0';
}

struct Lists {
  Shape input;
  std::vector<int64_t> first;
  std::vector<int64_t> second;
};

Lists read_lists(int rank, int first_len, int second_len) {
  const int64_t* p = g_scratch.data();
  const int64_t* first = p + rank;
  const int64_t* second = first + first_len;
  return {Shape(p, first), std::vector<int64_t>(first, second),
          std::vector<int64_t>(second, second + (second_len > 0 ? second_len : 0))};
}

std::string count_text(double n) { return std::to_string(static_cast<int64_t>(n)); }

// The data length and `out` checks every operation shares.
void check_lengths(const char* op, const Shape& input, const CopyPlan& plan, double data_length,
                   double out_length) {
  const int64_t in = tensor_ops::volume(input);
  if (data_length >= 0 && data_length != static_cast<double>(in)) {
    tensor_ops::invalid_argument(op, "x.data has " + count_text(data_length) +
                                         " elements, but x.shape " + tensor_ops::format_list(input) +
                                         " needs " + std::to_string(in));
  }
  const int64_t out = tensor_ops::volume(plan.output_shape);
  if (out_length >= 0 && out_length != static_cast<double>(out)) {
    tensor_ops::invalid_argument(op, "out has " + count_text(out_length) +
                                         " elements, but the output shape " +
                                         tensor_ops::format_list(plan.output_shape) + " needs " +
                                         std::to_string(out));
  }
}

// x.data's length against x.shape, checked before planning: data that does
// not match its shape is the caller's error, to be reported as such rather
// than as an output too large for memory (x.shape [2^53] with 4 elements).
void check_data_length(const char* op, const Shape& input, double data_length) {
  if (data_length < 0) return;
  tensor_ops::check_shape(op, "x.shape", input);
  check_lengths(op, input, CopyPlan(), data_length, -1);
}

// Memory held back for the moment memory runs out. Emscripten's exceptions
// (JS-based in 3.1.6) allocate to throw and again to catch: on a full heap
// an OUT_OF_MEMORY error became an uncaught C++ exception that left the
// module through JavaScript as a bare number. So the allocation failures of
// a call give this block back before throwing (std::bad_alloc through the
// new-handler, a failed output block in allocate()), and every call takes
// it again first, or fails with OUT_OF_MEMORY without throwing at all.
constexpr size_t kReserveBytes = 64 * 1024;
void* g_reserve = nullptr;

bool take_reserve() noexcept {
  if (g_reserve == nullptr) g_reserve = std::malloc(kReserveBytes);
  return g_reserve != nullptr;
}

void release_reserve() noexcept {
  std::free(g_reserve);
  g_reserve = nullptr;
}

void on_new_failure() {
  release_reserve();
  throw std::bad_alloc();
}

// malloc that also reaches the top of the 4 GiB memory: 3.1.6's sbrk takes
// a signed increment, so one request of 2 GiB or more fails on a smaller
// heap. Growing the heap first in 1 GiB steps (freed at once, kept as the
// allocator's top, since trimming is off) lets the large request fit.
void* malloc_large(size_t bytes) {
  void* block = std::malloc(bytes);
  constexpr size_t kStep = size_t{1} << 30;
  if (block != nullptr || bytes < 2 * kStep) return block;
  void* steps[4] = {};
  size_t grown = 0;
  for (size_t i = 0; i < 4 && grown < bytes; ++i, grown += kStep) {
    steps[i] = std::malloc(kStep);
    if (steps[i] == nullptr) break;
  }
  for (void* step : steps) std::free(step);
  return std::malloc(bytes);
}

// One block for input and output when both are needed: one malloc, one free.
void allocate(const char* op, const Shape& input, Buffers buffers, uintptr_t* in_ptr,
              uintptr_t* out_ptr) {
  const size_t elem = g_plan.elem_size;
  tensor_ops::check_output_bytes(op, g_plan.output_shape, elem);
  const size_t out_bytes = static_cast<size_t>(tensor_ops::volume(g_plan.output_shape)) * elem;
  const size_t in_bytes = buffers == kInputAndOutput
                              ? (static_cast<size_t>(tensor_ops::volume(input)) * elem + 15) / 16 * 16
                              : 0;
  void* block = in_bytes <= SIZE_MAX - out_bytes ? malloc_large(in_bytes + out_bytes + 1) : nullptr;
  if (block == nullptr) {
    release_reserve();  // room for the message and the exception
    tensor_ops::out_of_memory(
        op, "output of shape " + tensor_ops::format_list(g_plan.output_shape) + " (" +
                std::to_string(out_bytes) + " bytes" +
                (in_bytes ? " plus " + std::to_string(in_bytes) + " for the input" : "") +
                ") does not fit in WebAssembly memory (" + std::to_string(emscripten_get_heap_size()) +
                " bytes now, " + std::to_string(emscripten_get_heap_max()) + " at most)");
  }
  *in_ptr = reinterpret_cast<uintptr_t>(block);
  *out_ptr = *in_ptr + in_bytes;
}

// Plans with `make`, checks and allocates; see the header comment.
template <typename Make>
int prepare(const char* op, double data_length, double out_length, int buffers, Make make) {
  if (!take_reserve()) {  // memory is full: fail without throwing
    set_error("OUT_OF_MEMORY", {op, ": out of WebAssembly memory (", emscripten_get_heap_size(),
                                " bytes, all in use)"});
    return -1;
  }
  try {
    Lists lists;
    g_plan = make(lists);
    check_lengths(op, lists.input, g_plan, data_length, out_length);
    uintptr_t in_ptr = 0, out_ptr = 0;
    if (buffers != kNone) allocate(op, lists.input, static_cast<Buffers>(buffers), &in_ptr, &out_ptr);
    const Shape& out = g_plan.output_shape;
    if (out.size() + 2 > g_scratch.size()) g_scratch.resize(out.size() + 2);
    std::copy(out.begin(), out.end(), g_scratch.begin());
    g_scratch[out.size()] = static_cast<int64_t>(in_ptr);
    g_scratch[out.size() + 1] = static_cast<int64_t>(out_ptr);
    return static_cast<int>(out.size());
  } catch (const tensor_ops::Error& e) {
    set_error(tensor_ops::error_code_name(e.code()), {e.what()});
  } catch (const std::bad_alloc&) {
    // Building the message may be what failed: no allocation from here on.
    set_error("OUT_OF_MEMORY", {op, ": out of WebAssembly memory (", emscripten_get_heap_size(),
                                " bytes now, ", emscripten_get_heap_max(), " at most)"});
  }
  g_plan = CopyPlan();
  take_reserve();  // the exception is gone: hold the reserve again
  return -1;
}

size_t elem_of(int elem) { return static_cast<size_t>(elem); }

// The address of a scratch array holding at least `count` int64 values.
// 0 when memory is full.
uintptr_t scratch(int count) {
  try {
    if (static_cast<size_t>(count) > g_scratch.size()) g_scratch.resize(static_cast<size_t>(count));
  } catch (const std::bad_alloc&) {
    take_reserve();
    return 0;
  }
  return reinterpret_cast<uintptr_t>(g_scratch.data());
}

// Shape inference (ops.shapes.*, no buffers) needs the output shape alone:
// the shape function, and the checks the plan adds to it, but never the
// copies. Their number grows with the input's dims (roll's 2^k pieces, one
// copy per block phase), and a shape with no data behind it may be of any
// size: planning shapes.roll([2, 2, ..., 2]) once took seconds and gigabytes.
CopyPlan shape_only(Shape output, int elem) {
  CopyPlan plan;
  plan.output_shape = std::move(output);
  plan.elem_size = elem_of(elem);
  return plan;
}

int prepare_reshape(int elem, int rank, int shape_len, bool special_zero, double data_length,
                    double out_length, int buffers) {
  return prepare("reshape", data_length, out_length, buffers, [=](Lists& l) {
    l = read_lists(rank, shape_len, 0);
    check_data_length("reshape", l.input, data_length);
    return tensor_ops::plan_reshape(l.input, l.first, special_zero, elem_of(elem));
  });
}

// mapping_len < 0: no axesMapping given. mode: numpy 0, bidirectional 1, explicit 2.
int prepare_broadcast(int elem, int rank, int target_len, int mapping_len, int mode,
                      double data_length, double out_length, int buffers) {
  return prepare("broadcast", data_length, out_length, buffers, [=](Lists& l) {
    l = read_lists(rank, target_len, mapping_len);
    check_data_length("broadcast", l.input, data_length);
    std::optional<std::vector<int64_t>> mapping;
    if (mapping_len >= 0) mapping = l.second;
    return tensor_ops::plan_broadcast(l.input, l.first, static_cast<tensor_ops::BroadcastMode>(mode),
                                      mapping, elem_of(elem));
  });
}

// The block size is the one value of the first list. format: NHWC 0, NCHW 1,
// NCHW_VECT_C 2; mode: blocks_first 0, depth_first 1.
int prepare_space_to_depth(int elem, int rank, int format, int mode, double data_length,
                           double out_length, int buffers) {
  return prepare("spaceToDepth", data_length, out_length, buffers, [=](Lists& l) {
    l = read_lists(rank, 1, 0);
    check_data_length("spaceToDepth", l.input, data_length);
    if (buffers == kNone) {
      return shape_only(tensor_ops::space_to_depth_shape(l.input, l.first[0],
                                                         static_cast<tensor_ops::DataFormat>(format)),
                        elem);
    }
    return tensor_ops::plan_space_to_depth(l.input, l.first[0], static_cast<tensor_ops::DataFormat>(format),
                                           static_cast<tensor_ops::BlockMode>(mode), elem_of(elem));
  });
}

int prepare_depth_to_space(int elem, int rank, int format, int mode, double data_length,
                           double out_length, int buffers) {
  return prepare("depthToSpace", data_length, out_length, buffers, [=](Lists& l) {
    l = read_lists(rank, 1, 0);
    check_data_length("depthToSpace", l.input, data_length);
    if (buffers == kNone) {
      CopyPlan plan = shape_only(tensor_ops::depth_to_space_shape(
                                     l.input, l.first[0], static_cast<tensor_ops::DataFormat>(format)),
                                 elem);
      tensor_ops::check_output_bytes("depthToSpace", plan.output_shape, plan.elem_size);  // as the plan
      return plan;
    }
    return tensor_ops::plan_depth_to_space(l.input, l.first[0], static_cast<tensor_ops::DataFormat>(format),
                                           static_cast<tensor_ops::BlockMode>(mode), elem_of(elem));
  });
}

int prepare_roll(int elem, int rank, int shift_len, int axes_len, double data_length,
                 double out_length, int buffers) {
  return prepare("roll", data_length, out_length, buffers, [=](Lists& l) {
    l = read_lists(rank, shift_len, axes_len);
    check_data_length("roll", l.input, data_length);
    if (buffers == kNone) return shape_only(tensor_ops::roll_shape(l.input, l.first, l.second), elem);
    return tensor_ops::plan_roll(l.input, l.first, l.second, elem_of(elem));
  });
}

// ops.tensor(): the dims of a tensor about to be kept, checked as every
// operation checks its input, and its memory.
int prepare_tensor(int elem, int rank, double data_length) {
  return prepare("tensor", -1, -1, kOutput, [=](Lists& l) {
    l = read_lists(rank, 0, 0);
    tensor_ops::check_shape("tensor", "shape", l.input);
    const int64_t needed = tensor_ops::volume(l.input);
    if (data_length != static_cast<double>(needed)) {
      tensor_ops::invalid_argument("tensor", "data has " + count_text(data_length) +
                                                 " elements, but shape " +
                                                 tensor_ops::format_list(l.input) + " needs " +
                                                 std::to_string(needed));
    }
    tensor_ops::check_elem_size("tensor", elem_of(elem));
    CopyPlan plan;
    plan.output_shape = l.input;
    plan.elem_size = elem_of(elem);
    return plan;
  });
}

// A name the wrapper does not know (a misspelled mode, say): the core's
// parser words the error. kind: 0 broadcast mode, 1 dataFormat, 2 block mode.
int reject_name(int kind, const std::string& op, const std::string& name) {
  return prepare(op.c_str(), -1, -1, kNone, [&](Lists&) -> CopyPlan {
    if (kind == 0) tensor_ops::parse_broadcast_mode(name);
    if (kind == 1) tensor_ops::parse_data_format(op.c_str(), name);
    if (kind == 2) tensor_ops::parse_block_mode(op.c_str(), name);
    tensor_ops::invalid_argument(op.c_str(), "'" + name + "' is not a known name");
  });
}

// Starts the persistent pool once, at load: `threads` counts the calling
// thread (the simd-st build always runs with 1).
int start_threads(int threads) {
  // Memory given back by free() stays with the allocator: shrinking sbrk
  // returns nothing to a wasm memory, and would undo malloc_large's growth.
  mallopt(M_TRIM_THRESHOLD, -1);
  std::set_new_handler(on_new_failure);
  take_reserve();
  if (!g_pool) g_pool = std::make_unique<tensor_ops::ThreadPool>(threads);
  return g_pool->threads();
}

void set_parallel_min_bytes_for_bench(double bytes) {
  tensor_ops::set_parallel_min_bytes(static_cast<int64_t>(bytes));
}

// Runs the prepared plan from src to dst (addresses in wasm memory), then
// frees it, so that the heap holds nothing between calls.
void execute(uintptr_t src, uintptr_t dst) {
  tensor_ops::execute(g_plan, reinterpret_cast<const void*>(src), reinterpret_cast<void*>(dst),
                      g_pool.get());
  g_plan = CopyPlan();
}

// Frees a prepared plan that will not run (shape inference, or an error
// found by the wrapper after planning).
void discard() { g_plan = CopyPlan(); }

void release(uintptr_t ptr) { std::free(reinterpret_cast<void*>(ptr)); }

// Bytes the allocator has handed out and not yet taken back. mallinfo's
// fields are ints: read as unsigned, they stay exact up to the 4 GiB memory.
double heap_bytes() { return static_cast<double>(static_cast<uint32_t>(mallinfo().uordblks)); }

// The most memory the allocator has ever held (its peak footprint).
double heap_peak_bytes() { return static_cast<double>(static_cast<uint32_t>(mallinfo().usmblks)); }

// The last error's code ("INVALID_ARGUMENT", ...) and message, as addresses
// of C strings in static storage (returning std::string would allocate);
// taking the code ends the error.
uintptr_t take_error_code() {
  const char* code = g_error_code ? g_error_code : "UNKNOWN";
  g_error_code = nullptr;
  return reinterpret_cast<uintptr_t>(code);
}

uintptr_t take_error_message() { return reinterpret_cast<uintptr_t>(g_error_message); }

}  // namespace

EMSCRIPTEN_BINDINGS(tensor_ops) {
  emscripten::function("scratch", &scratch);
  emscripten::function("prepareReshape", &prepare_reshape);
  emscripten::function("prepareBroadcast", &prepare_broadcast);
  emscripten::function("prepareSpaceToDepth", &prepare_space_to_depth);
  emscripten::function("prepareDepthToSpace", &prepare_depth_to_space);
  emscripten::function("prepareRoll", &prepare_roll);
  emscripten::function("prepareTensor", &prepare_tensor);
  emscripten::function("rejectName", &reject_name);
  emscripten::function("startThreads", &start_threads);
  // Not part of the API: bench/threshold.mjs measures the engine's threshold.
  emscripten::function("setParallelMinBytes", &set_parallel_min_bytes_for_bench);
  emscripten::function("execute", &execute);
  emscripten::function("discard", &discard);
  emscripten::function("release", &release);
  emscripten::function("heapBytes", &heap_bytes);
  emscripten::function("heapPeakBytes", &heap_peak_bytes);
  emscripten::function("takeErrorCode", &take_error_code);
  emscripten::function("takeErrorMessage", &take_error_message);
}
