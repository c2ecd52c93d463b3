// Embind glue: converts between the JavaScript wrapper (web/) and the core.
// No logic of its own: integer parameters arrive in a scratch array of int64
// in wasm memory (exact for bigints, no per-element val conversion), data
// arrives as raw pointers, and core errors become a status the wrapper turns
// into a TensorOpsError.
#include <emscripten/bind.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
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

// Calls arrive from one JavaScript thread, one at a time.
std::vector<int64_t> g_scratch(256);
std::unique_ptr<tensor_ops::ThreadPool> g_pool;
CopyPlan g_plan;
std::string g_error_code;
std::string g_error_message;

// Scratch layout of every prepare_* call: [x.shape, first list, second list].
struct Lists {
  Shape input;
  std::vector<int64_t> first;
  std::vector<int64_t> second;
};

Lists read_lists(int rank, int first_len, int second_len) {
  const int64_t* p = g_scratch.data();
  Lists lists;
  lists.input.assign(p, p + rank);
  lists.first.assign(p + rank, p + rank + first_len);
  lists.second.assign(p + rank + first_len, p + rank + first_len + (second_len > 0 ? second_len : 0));
  return lists;
}

// Runs `make` to build g_plan; returns the output rank with the output shape
// in the scratch array, or -1 with the error kept for last_error_*().
template <typename Make>
int prepare(Make make) {
  try {
    g_plan = make();
    const Shape& out = g_plan.output_shape;
    if (out.size() > g_scratch.size()) g_scratch.resize(out.size());
    std::copy(out.begin(), out.end(), g_scratch.begin());
    return static_cast<int>(out.size());
  } catch (const tensor_ops::Error& e) {
    g_error_code = tensor_ops::error_code_name(e.code());
    g_error_message = e.what();
  } catch (const std::bad_alloc&) {
    g_error_code = "OUT_OF_MEMORY";
    g_error_message = "out of WebAssembly memory while planning the operation";
  }
  g_plan = CopyPlan();
  return -1;
}

// The address of a scratch array holding at least `count` int64 values.
uintptr_t scratch(int count) {
  if (static_cast<size_t>(count) > g_scratch.size()) g_scratch.resize(static_cast<size_t>(count));
  return reinterpret_cast<uintptr_t>(g_scratch.data());
}

int prepare_reshape(int elem, int rank, int shape_len, bool special_zero) {
  return prepare([=] {
    Lists l = read_lists(rank, shape_len, 0);
    return tensor_ops::plan_reshape(l.input, l.first, special_zero, static_cast<size_t>(elem));
  });
}

// mapping_len < 0: no axesMapping given.
int prepare_broadcast(int elem, int rank, int target_len, int mapping_len,
                      const std::string& mode) {
  return prepare([=] {
    Lists l = read_lists(rank, target_len, mapping_len);
    std::optional<std::vector<int64_t>> mapping;
    if (mapping_len >= 0) mapping = l.second;
    return tensor_ops::plan_broadcast(l.input, l.first, tensor_ops::parse_broadcast_mode(mode),
                                      mapping, static_cast<size_t>(elem));
  });
}

// The block size is the one value of the first list.
template <typename Plan>
int prepare_block(const char* op, Plan plan, int elem, int rank, const std::string& format,
                  const std::string& mode) {
  return prepare([=] {
    Lists l = read_lists(rank, 1, 0);
    return plan(l.input, l.first[0], tensor_ops::parse_data_format(op, format),
                tensor_ops::parse_block_mode(op, mode), static_cast<size_t>(elem));
  });
}

int prepare_space_to_depth(int elem, int rank, const std::string& format,
                           const std::string& mode) {
  return prepare_block("spaceToDepth", tensor_ops::plan_space_to_depth, elem, rank, format, mode);
}

int prepare_depth_to_space(int elem, int rank, const std::string& format,
                           const std::string& mode) {
  return prepare_block("depthToSpace", tensor_ops::plan_depth_to_space, elem, rank, format, mode);
}

int prepare_roll(int elem, int rank, int shift_len, int axes_len) {
  return prepare([=] {
    Lists l = read_lists(rank, shift_len, axes_len);
    return tensor_ops::plan_roll(l.input, l.first, l.second, static_cast<size_t>(elem));
  });
}

// ops.tensor(): the dims of a tensor about to be kept, checked as every
// operation checks its input.
int check_tensor(int elem, int rank) {
  return prepare([=] {
    Lists l = read_lists(rank, 0, 0);
    tensor_ops::check_shape("tensor", "shape", l.input);
    tensor_ops::check_output_bytes("tensor", l.input, static_cast<size_t>(elem));
    CopyPlan plan;
    plan.output_shape = l.input;
    return plan;
  });
}

// Starts the persistent pool once, at load: `threads` counts the calling
// thread (the simd-st build always runs with 1).
int start_threads(int threads) {
  if (!g_pool) g_pool = std::make_unique<tensor_ops::ThreadPool>(threads);
  return g_pool->threads();
}

// Runs the prepared plan from src to dst (addresses in wasm memory), then
// frees it, so that the heap holds nothing between calls.
void execute(uintptr_t src, uintptr_t dst) {
  tensor_ops::execute(g_plan, reinterpret_cast<const void*>(src), reinterpret_cast<void*>(dst),
                      g_pool.get());
  g_plan = CopyPlan();
}

// Frees a prepared plan that will not run (shape inference only).
void discard() { g_plan = CopyPlan(); }

// Bytes the allocator has handed out and not yet taken back.
double heap_bytes() { return static_cast<double>(mallinfo().uordblks); }

// Allocation that reports failure as 0 instead of aborting.
uintptr_t allocate(double bytes) {
  if (!(bytes >= 0) || bytes > static_cast<double>(SIZE_MAX)) return 0;
  return reinterpret_cast<uintptr_t>(std::malloc(bytes == 0 ? 1 : static_cast<size_t>(bytes)));
}

void release(uintptr_t ptr) { std::free(reinterpret_cast<void*>(ptr)); }

std::string last_error_code() { return g_error_code; }

// Reading the message ends the error: its strings leave the heap.
std::string take_error_message() {
  std::string message;
  message.swap(g_error_message);
  std::string().swap(g_error_code);
  return message;
}

}  // namespace

EMSCRIPTEN_BINDINGS(tensor_ops) {
  emscripten::function("scratch", &scratch);
  emscripten::function("prepareReshape", &prepare_reshape);
  emscripten::function("prepareBroadcast", &prepare_broadcast);
  emscripten::function("prepareSpaceToDepth", &prepare_space_to_depth);
  emscripten::function("prepareDepthToSpace", &prepare_depth_to_space);
  emscripten::function("prepareRoll", &prepare_roll);
  emscripten::function("startThreads", &start_threads);
  emscripten::function("checkTensor", &check_tensor);
  emscripten::function("execute", &execute);
  emscripten::function("allocate", &allocate);
  emscripten::function("release", &release);
  emscripten::function("lastErrorCode", &last_error_code);
  emscripten::function("takeErrorMessage", &take_error_message);
  emscripten::function("discard", &discard);
  emscripten::function("heapBytes", &heap_bytes);
}
