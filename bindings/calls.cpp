#include "calls.hpp"

#include <emscripten/heap.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <malloc.h>
#include <memory>
#include <new>
#include <optional>
#include <string>

#include "call_errors.hpp"
#include "large_blocks.hpp"
#include "engine/long_runs.hpp"
#include "engine/output_stream.hpp"
#include "runtime/operator_cache.hpp"
#include "scratch.hpp"

// JavaScript's copy of output bytes [at, at + bytes) into the caller's
// array (bindings/take_output.js).
extern "C" void tensor_ops_take_output(uintptr_t at, uintptr_t bytes);

namespace bindings {
namespace {

using tensor_ops::Operator;
using tensor_ops::Shape;
using tensor_ops::Status;

std::unique_ptr<tensor_ops::ThreadPool> g_pool;
std::unique_ptr<tensor_ops::OperatorCache> g_cache;
const Operator* g_current = nullptr;   // what execute() runs
std::optional<Operator> g_uncached;    // an operator too large for the cache, for one call
// A call of more inputs than kFewInputs: their addresses, for one call.
constexpr size_t kFewInputs = 16;
std::unique_ptr<const void*[]> g_sources;
// The bytes that the cached operators' typed kernels hold (see find_or_make).
double g_kernel_bytes = 0;

// Bytes the allocator has handed out and not yet taken back. mallinfo's
// fields are ints: read as unsigned, they stay exact up to the 4 GiB memory.
double heap_in_use() noexcept { return static_cast<double>(static_cast<uint32_t>(mallinfo().uordblks)); }

// The elements [first, end) of input k that its plan reads (all of them
// when the operator has no plan).
void footprint(const Operator& op, size_t k, int64_t* first, int64_t* end) noexcept {
  const bool known = op.footprints.size() == 2 * op.input_volumes.size();
  *first = known ? op.footprints[2 * k] : 0;
  *end = known ? op.footprints[2 * k + 1] : op.input_volumes[k];
}

// Input k's element size: its own (named inputs), else x's.
size_t input_elem(const Operator& op, size_t k) noexcept {
  return k < op.input_elem_sizes.size() ? op.input_elem_sizes[k] : op.elem_size;
}

// Whether input k of a call is copied into the block: a list's own flag
// (after its `inputs` lengths, from word `count`), else the buffers asked for.
bool has_room_for(const tensor_ops::OpSpec& spec, size_t count, size_t inputs, size_t k, int buffers) noexcept {
  return spec.tensor_list ? g_scratch[count + inputs + k] != 0 : (buffers & ~kIndexRoom) == kInputAndOutput;
}

// What the engine's path of a call moves that JavaScript's copies of its
// long runs do not: each plain input's footprint, copied in, and the
// output's pass (JavaScript copies the output's bytes either way, faster
// from plain arrays than the engine's copy out; with every input read in
// place, only the kernel's pass, split over the pool, is saved).
int64_t engine_path_bytes(const Operator& op, const tensor_ops::OpSpec& spec, size_t count, int buffers) noexcept {
  int64_t bytes = 0;
  bool all_room = true;
  for (size_t k = 0; k < op.input_volumes.size(); ++k) {
    const bool room = has_room_for(spec, count, op.input_volumes.size(), k, buffers);
    all_room = all_room && room;
    if (!room) continue;
    int64_t first = 0, end = 0;
    footprint(op, k, &first, &end);
    bytes += (end - first) * static_cast<int64_t>(input_elem(op, k));
  }
  const int64_t out = op.output_volume * static_cast<int64_t>(op.elem_size);
  const int64_t threads = g_pool ? g_pool->threads() : 1;
  return bytes + (all_room ? out : out / (2 * threads));
}

// One block for the inputs that need room and the output: one malloc, one
// free (*block_ptr). in_ptrs[k] != 0 on entry: input k is copied into the
// block (a plain tensor), only the elements its plan reads; on return the
// address its element 0 would have (its room less its first element read),
// else 0. Each part starts at a 16-byte boundary. For one input, the input
// comes first; for a list, the output.
int allocate(const Operator& op, const Shape& output, int buffers, uintptr_t* in_ptrs, uintptr_t* out_ptr,
             uintptr_t* index_ptr, uintptr_t* block_ptr) noexcept {
  const size_t inputs = op.input_volumes.size();
  *out_ptr = 0;
  *index_ptr = 0;
  *block_ptr = 0;
  // The index tensor's room, after the output (which it then follows at a
  // 16-byte boundary).
  const bool index_room = (buffers & kIndexRoom) != 0 && op.index_bytes >= 0;
  buffers &= ~kIndexRoom;
  const size_t index_bytes = index_room ? (static_cast<size_t>(op.index_bytes) + 15) / 16 * 16 : 0;
  if (buffers == kNone) {
    for (size_t k = 0; k < inputs; ++k) in_ptrs[k] = 0;
    return 0;
  }
  const size_t out_bytes = static_cast<size_t>(op.output_bytes);
  // An operation that may write over x (the scatters) gets a plain x copied
  // straight into its output when its plan reads all of x: no room of x's
  // own, and no copy of it by the kernel (1 MiB: one pass of two fewer).
  bool x_in_output = false;
  if (op.spec->in_place && inputs > 0 && in_ptrs[0] != 0) {
    int64_t first = 0, end = 0;
    footprint(op, 0, &first, &end);
    x_in_output = first == 0 && end == op.input_volumes[0] &&
                  static_cast<size_t>(end) * input_elem(op, 0) == out_bytes;
  }
  size_t in_bytes = 0;
  bool fits = true;
  for (size_t k = x_in_output ? 1 : 0; k < inputs; ++k) {
    if (in_ptrs[k] == 0) continue;
    int64_t first = 0, end = 0;
    footprint(op, k, &first, &end);
    const size_t room = (static_cast<size_t>(end - first) * input_elem(op, k) + 15) / 16 * 16;
    fits = fits && room <= SIZE_MAX - in_bytes;
    if (fits) in_bytes += room;
  }
  if (index_bytes > 0) {
    fits = fits && index_bytes <= SIZE_MAX - in_bytes;
    if (fits) in_bytes += index_bytes;
  }
  const size_t out_room =
      (in_bytes > 0 && op.spec->tensor_list) || index_bytes > 0 ? (out_bytes + 15) / 16 * 16 : out_bytes;
  // (Each subtraction checked first: SIZE_MAX is 2^32 - 1 on wasm32.)
  void* block = fits && out_room >= out_bytes && out_room < SIZE_MAX && in_bytes <= SIZE_MAX - out_room - 1
                    ? malloc_large(in_bytes + out_room + 1)
                    : nullptr;
  if (block == nullptr) {
    if (in_bytes == 0) {
      return fail("OUT_OF_MEMORY", {op.spec->name, ": output of shape ", output, " (",
                                    out_bytes, " bytes) does not fit in WebAssembly memory (",
                                    emscripten_get_heap_size(), " bytes now, ",
                                    emscripten_get_heap_max(), " at most)"});
    }
    return fail("OUT_OF_MEMORY", {op.spec->name, ": output of shape ", output, " (",
                                  out_bytes, " bytes plus ", in_bytes,
                                  " for the input) does not fit in WebAssembly memory (",
                                  emscripten_get_heap_size(), " bytes now, ",
                                  emscripten_get_heap_max(), " at most)"});
  }
  // For a list of tensors the output comes first, so that a kept result can
  // keep the block, cut down to the output (shrinkBlock), and give up the rest.
  uintptr_t at = reinterpret_cast<uintptr_t>(block);
  const bool output_first = op.spec->tensor_list;
  if (output_first) at += (out_bytes + 15) / 16 * 16;
  for (size_t k = 0; k < inputs; ++k) {
    if (in_ptrs[k] == 0) continue;
    if (k == 0 && x_in_output) continue;
    int64_t first = 0, end = 0;
    footprint(op, k, &first, &end);
    // (Addresses are 32-bit: one below the block wraps, and reads at
    // element `first` onwards land in the room.)
    in_ptrs[k] = at - static_cast<uintptr_t>(first) * input_elem(op, k);
    at += (static_cast<size_t>(end - first) * input_elem(op, k) + 15) / 16 * 16;
  }
  *block_ptr = reinterpret_cast<uintptr_t>(block);
  *out_ptr = output_first ? reinterpret_cast<uintptr_t>(block) : at;
  if (x_in_output) in_ptrs[0] = *out_ptr;
  if (index_bytes > 0) *index_ptr = *out_ptr + (out_bytes + 15) / 16 * 16;
  return 0;
}

// The operator for this call: from the cache, or made and stored there.
// `list_lengths`: for a list of tensors, each one's data length (< 0: kept).
const Operator* find_or_make(int op_index, tensor_ops::DType dtype, size_t words, double data_length,
                             bool shape_only, const int64_t* list_lengths) noexcept {
  const int64_t tag = tensor_ops::OperatorCache::tag(op_index, dtype, shape_only);
  if (const Operator* hit = g_cache->find(tag, g_scratch, words)) {
    bool mismatch = data_length >= 0 && data_length != static_cast<double>(hit->input_volume);
    if (list_lengths != nullptr) {
      for (size_t k = 0; k < hit->input_volumes.size(); ++k) {
        mismatch = mismatch || (list_lengths[k] >= 0 && list_lengths[k] != hit->input_volumes[k]);
      }
    }
    if (mismatch && check(hit->spec->name, [&] {
          return tensor_ops::check_data_length(*hit, g_scratch, data_length, list_lengths);
        })) {
      return nullptr;
    }
    return hit;
  }
  const tensor_ops::OpSpec& spec = tensor_ops::op_table()[static_cast<size_t>(op_index)];
  if (!has_room(words)) {
    fail_out_of_memory(spec.name);
    return nullptr;
  }
  // A typed operator's kernel has memory of its own, held while the cache
  // keeps it: measured here (the heap's change across making and storing,
  // which may evict another kernel), so that heapBytes leaves it out and
  // planCacheBytes counts it.
  const bool kernels_change = spec.kernel != nullptr || g_cache->next_evicts_kernel();
  const double before = kernels_change ? heap_in_use() : 0;
  const Operator* stored = nullptr;
  {
    tensor_ops::Result<Operator> made =
        tensor_ops::make_operator(spec, dtype, g_scratch, words, data_length, shape_only, list_lengths);
    if (!made.ok()) {
      fail(made.status());
      return nullptr;
    }
    stored = g_cache->store(tag, g_scratch, words, made.value());
    if (stored == nullptr) g_uncached = std::move(made).value();
  }
  if (stored == nullptr) return &*g_uncached;
  if (kernels_change) g_kernel_bytes += heap_in_use() - before;
  return stored;
}

// A report that allocates nothing: the head, every address 0, then
// `words` (the outputs as views of the input: Operator::views; or the plan
// as long runs: Operator::long_runs). Returns the head's length.
int report_without_block(const Operator& op, size_t head, size_t inputs, bool several,
                         const std::vector<int64_t>& words) noexcept {
  const size_t count = head + inputs + 2 + words.size();
  if (count > g_scratch_words && (!has_room(count) || !grow_scratch(count))) {
    return fail_out_of_memory(op.spec->name);
  }
  int64_t* at = g_scratch;
  if (several) {
    *at++ = static_cast<int64_t>(op.output_ranks.size());
    at = std::copy(op.output_ranks.begin(), op.output_ranks.end(), at);
  }
  at = std::copy(op.output_shape.begin(), op.output_shape.end(), at);
  at = std::fill_n(at, inputs + 2, int64_t{0});
  std::copy(words.begin(), words.end(), at);
  return static_cast<int>(head);
}

}  // namespace

int prepare(int op_index, int dtype, int words, double data_length, double out_length, int buffers) noexcept {
  const bool view_welcome = (buffers & kViewResult) != 0;
  const bool runs_welcome = (buffers & kLongRuns) != 0;
  const bool runs_alone_only = (buffers & kRunsAlone) != 0;
  buffers &= ~(kViewResult | kLongRuns | kRunsAlone);
  g_current = nullptr;
  g_uncached.reset();
  g_sources.reset();
  const size_t count = static_cast<size_t>(words);
  if (op_index < 0 || static_cast<size_t>(op_index) >= tensor_ops::op_table().size() || words < 0 ||
      count > g_scratch_words || !tensor_ops::is_dtype_code(dtype)) {
    return fail("INVALID_ARGUMENT", {"malformed call (operation ", static_cast<size_t>(op_index), ")"});
  }
  const tensor_ops::OpSpec& spec = tensor_ops::op_table()[static_cast<size_t>(op_index)];
  // The words that follow the call's: list lengths and rooms, out lengths.
  size_t extra = count;
  const int64_t* list_lengths = nullptr;
  if (spec.tensor_list) {
    const int64_t n = count > 0 ? g_scratch[0] : -1;
    if (n < 0 || static_cast<uint64_t>(n) > (g_scratch_words - count) / 2) return fail_malformed(spec.name);
    list_lengths = g_scratch + count;  // then n room flags
    extra += 2 * static_cast<size_t>(n);
  }
  const bool several = spec.output_shapes != nullptr;
  const int64_t out_count = several ? static_cast<int64_t>(out_length) : -1;
  const int64_t* out_lengths = g_scratch + extra;
  if (out_count > 0 && static_cast<uint64_t>(out_count) > g_scratch_words - extra) return fail_malformed(spec.name);
  const Operator* op = find_or_make(op_index, static_cast<tensor_ops::DType>(dtype), count,
                                    spec.tensor_list ? -1 : data_length, (buffers & ~kIndexRoom) == kNone, list_lengths);
  if (op == nullptr) return -1;
  const char* name = op->spec->name;
  if (op->needs_contiguous >= 0) {
    g_scratch[0] = op->needs_contiguous;
    return -2;  // that input's view must be made contiguous first
  }
  if (several) {
    if (out_count >= 0 && check(name, [&] { return tensor_ops::check_out_lengths(*op, out_count, out_lengths); })) {
      return -1;
    }
  } else if (out_length >= 0 && out_length != static_cast<double>(op->output_volume) &&
             check(name, [&] { return tensor_ops::check_out_length(*op, out_length); })) {
    return -1;
  }
  // The output block: the output, or several outputs back to back.
  // (Typed outputs of several dtypes: counted in bytes.)
  const bool typed = spec.kernel != nullptr;
  Shape block_small;
  if (several) {
    if (!has_room(0)) return fail_out_of_memory(name);
    block_small.assign(1, typed ? op->output_bytes : op->output_volume);
  }
  const Shape& block = several ? block_small : op->output_shape;
  const size_t block_elem = typed ? (several ? 1 : tensor_ops::dtype_bytes(op->output_dtypes[0])) : op->elem_size;
  if ((buffers & ~kIndexRoom) != kNone && !tensor_ops::check_output_bytes(name, block, block_elem).ok() &&
      check(name, [&] { return tensor_ops::check_output_bytes(name, block, block_elem); })) {
    return -1;
  }
  const size_t inputs = op->input_volumes.size();
  const size_t outputs = tensor_ops::output_count(*op);
  const size_t head = (several ? 1 + outputs : 0) + op->output_shape.size();
  if (view_welcome && !op->views.empty()) return report_without_block(*op, head, inputs, several, op->views);
  if (runs_welcome && !op->long_runs.empty() && !several &&
      (!runs_alone_only || tensor_ops::long_runs_alone(op->long_runs)) &&
      tensor_ops::long_runs_pay(op->long_runs, engine_path_bytes(*op, spec, count, buffers))) {
    return report_without_block(*op, head, inputs, several, op->long_runs);
  }
  // The report may be longer than the call (many parts): make room first
  // (the list's room flags, read below, are kept by the reallocation).
  const size_t typed_words = typed ? 2 * outputs : 0;  // per output its dtype and byte offset
  if (!grow_scratch(head + 3 * inputs + 3 + typed_words)) {
    return fail_out_of_memory(name);
  }
  // Which inputs are copied into the block (read before the report overwrites
  // them): a nonzero entry of in_ptrs, which allocate() turns into addresses.
  uintptr_t in_few[kFewInputs];
  uintptr_t* in_ptrs = in_few;
  std::unique_ptr<uintptr_t[]> in_many;
  if (inputs > kFewInputs) {
    if (!has_room(inputs * 2)) return fail_out_of_memory(name);
    in_many.reset(new uintptr_t[inputs]);
    g_sources.reset(new const void*[inputs]);  // for execute_sources()
    in_ptrs = in_many.get();
  }
  for (size_t k = 0; k < inputs; ++k) {
    in_ptrs[k] = has_room_for(spec, count, inputs, k, buffers) ? 1 : 0;
  }
  uintptr_t out_ptr = 0;
  uintptr_t index_ptr = 0;
  uintptr_t block_ptr = 0;
  if (allocate(*op, block, buffers, in_ptrs, &out_ptr, &index_ptr, &block_ptr) < 0) {
    g_sources.reset();
    return -1;
  }
  int64_t* at = g_scratch;
  if (several) {
    *at++ = static_cast<int64_t>(outputs);
    at = std::copy(op->output_ranks.begin(), op->output_ranks.end(), at);
  }
  at = std::copy(op->output_shape.begin(), op->output_shape.end(), at);
  for (size_t k = 0; k < inputs; ++k) *at++ = static_cast<int64_t>(in_ptrs[k]);
  *at++ = static_cast<int64_t>(out_ptr);
  *at++ = static_cast<int64_t>(index_ptr);  // 0: none, or no room asked for
  *at++ = static_cast<int64_t>(block_ptr);
  for (size_t k = 0; k < inputs; ++k) footprint(*op, k, at + 2 * k, at + 2 * k + 1);
  at += 2 * inputs;
  for (size_t k = 0; typed && k < outputs; ++k) {
    *at++ = static_cast<int64_t>(op->output_dtypes[k]);
    *at++ = op->output_offsets[k];
  }
  g_current = op;
  return static_cast<int>(head);
}

// Runs a typed operation's kernel: its outputs are at their offsets in the block at dst.
static void run_kernel(const Operator& op, const void* const* sources, uintptr_t dst) noexcept {
  void* few[tensor_ops::OperatorCache::kMaxOutputs];
  std::unique_ptr<void*[]> many;
  const size_t n = op.output_offsets.size();
  void** outputs = few;
  if (n > tensor_ops::OperatorCache::kMaxOutputs) {
    many.reset(new void*[n]);
    outputs = many.get();
  }
  for (size_t k = 0; k < n; ++k) outputs[k] = reinterpret_cast<void*>(dst + static_cast<uintptr_t>(op.output_offsets[k]));
  op.kernel->run(sources, outputs, g_pool.get());
}

namespace {

// The output stream of one execute: `bytes` of the output at dst copied out
// by JavaScript (bindings/take_output.js) as the kernel makes them, when
// bytes > 0 and the kernel streams (engine/output_stream.hpp).
class StreamedOutput {
 public:
  StreamedOutput(uintptr_t dst, double bytes) noexcept {
    if (bytes <= 0) return;
    stream_.base = reinterpret_cast<const unsigned char*>(dst);
    stream_.bytes = static_cast<int64_t>(bytes);
    stream_.take = [](void*, int64_t at, int64_t n) {
      tensor_ops_take_output(static_cast<uintptr_t>(at), static_cast<uintptr_t>(n));
    };
    tensor_ops::set_output_stream(&stream_);
  }
  ~StreamedOutput() { tensor_ops::set_output_stream(nullptr); }
  StreamedOutput(const StreamedOutput&) = delete;
  StreamedOutput& operator=(const StreamedOutput&) = delete;
  bool taken() const noexcept { return stream_.taken; }

 private:
  tensor_ops::OutputStream stream_;
};

}  // namespace

int execute(uintptr_t src, uintptr_t dst, double stream_bytes) noexcept {
  if (g_current == nullptr || g_current->shape_only || g_current->index_bytes >= 0) return 0;
  const void* sources[] = {reinterpret_cast<const void*>(src)};
  bool taken;
  {
    StreamedOutput stream(dst, stream_bytes);
    if (g_current->kernel) {
      run_kernel(*g_current, sources, dst);
    } else {
      tensor_ops::execute(g_current->plan, sources, reinterpret_cast<void*>(dst), g_pool.get());
    }
    taken = stream.taken();
  }
  g_current = nullptr;  // one run per prepare
  g_uncached.reset();
  return taken ? 1 : 0;
}

int execute_sources(int count, uintptr_t dst, double stream_bytes) noexcept {
  if (g_current == nullptr || g_current->shape_only) return 0;
  const size_t wanted = g_current->input_volumes.size() + (g_current->index_bytes >= 0 ? 1 : 0);
  if (count < 0 || static_cast<size_t>(count) != wanted || static_cast<size_t>(count) > g_scratch_words ||
      (count > static_cast<int>(kFewInputs) && !g_sources)) {
    return 0;  // never sent by the package: prepare reported the inputs' count
  }
  const void* few[kFewInputs];
  const void** sources = g_sources ? g_sources.get() : few;  // prepare made room for many
  for (int k = 0; k < count; ++k) {
    sources[k] = reinterpret_cast<const void*>(static_cast<uintptr_t>(g_scratch[k]));
  }
  const Operator& op = *g_current;
  // The inputs' values first (indices): an error writes and streams nothing.
  int result;
  tensor_ops::BadIndex bad;
  if (op.kernel) {
    result = check(op.spec->name, [&] { return op.kernel->check(sources, g_pool.get()); });
  } else if (!tensor_ops::check_indices(op.plan, sources, &bad, g_pool.get())) {
    result = check(op.spec->name, [&] { return tensor_ops::index_error(op, bad); });
  } else {
    result = 0;
  }
  if (result == 0) {
    StreamedOutput stream(dst, stream_bytes);
    if (op.kernel) {
      run_kernel(op, sources, dst);
    } else {
      tensor_ops::execute(op.plan, sources, reinterpret_cast<void*>(dst), g_pool.get());
    }
    result = stream.taken() ? 1 : 0;
  }
  g_current = nullptr;
  g_uncached.reset();
  g_sources.reset();
  return result;
}

int alloc_tensor(int elem, int words, double data_length) noexcept {
  if (!has_room(static_cast<size_t>(words))) return fail_out_of_memory("tensor");
  const Shape input(g_scratch + 1, g_scratch + 1 + (words > 0 ? g_scratch[0] : 0));
  if (Status s = tensor_ops::check_shape("tensor", "shape", input); !s.ok()) return fail(s);
  const int64_t needed = tensor_ops::volume(input);
  if (data_length != static_cast<double>(needed)) {
    return fail("INVALID_ARGUMENT", {"tensor: data has ", data_length, " elements, but shape ", input,
                                     " needs ", static_cast<double>(needed)});
  }
  if (Status s = tensor_ops::check_elem_size("tensor", static_cast<size_t>(elem)); !s.ok()) return fail(s);
  if (Status s = tensor_ops::check_output_bytes("tensor", input, static_cast<size_t>(elem)); !s.ok()) {
    return fail(s);
  }
  void* block = malloc_large(static_cast<size_t>(needed) * static_cast<size_t>(elem) + 1);
  if (block == nullptr) {
    return fail("OUT_OF_MEMORY", {"tensor: output of shape ", input, " (",
                                  static_cast<size_t>(needed) * static_cast<size_t>(elem),
                                  " bytes) does not fit in WebAssembly memory (",
                                  emscripten_get_heap_size(), " bytes now, ",
                                  emscripten_get_heap_max(), " at most)"});
  }
  g_scratch[0] = static_cast<int64_t>(reinterpret_cast<uintptr_t>(block));
  return 0;
}

int start(int threads) noexcept {
  // Memory given back by free() stays with the allocator: shrinking sbrk
  // returns nothing to a wasm memory, and would undo malloc_large's growth.
  mallopt(M_TRIM_THRESHOLD, -1);
  // Without exceptions a failed `new` could only return null: stop loudly
  // instead. has_room() keeps the core from getting here.
  std::set_new_handler([] {
    std::fputs("wasm-tensor-ops: out of memory inside the core\n", stderr);
    std::abort();
  });
  if (!g_cache) g_cache = std::make_unique<tensor_ops::OperatorCache>();
  if (!g_pool) g_pool = std::make_unique<tensor_ops::ThreadPool>(threads);
  scratch(kScratchWords);
  return g_pool->threads();
}

std::string constants_json() {
  std::string json = "{\"scratchWords\":" + std::to_string(kScratchWords) +
                     ",\"longRunWords\":" + std::to_string(tensor_ops::kMaxLongRunWords) + ",\"buffers\":{\"none\":" +
                     std::to_string(kNone) + ",\"output\":" + std::to_string(kOutput) + ",\"inputAndOutput\":" +
                     std::to_string(kInputAndOutput) + ",\"indexRoom\":" + std::to_string(kIndexRoom) +
                     ",\"viewResult\":" + std::to_string(kViewResult) +
                     ",\"longRuns\":" + std::to_string(kLongRuns) + ",\"runsAlone\":" + std::to_string(kRunsAlone) +
                     "},\"dtypes\":[";
  for (int i = 0; i < tensor_ops::kDTypeCount; ++i) {
    json += std::string(i ? "," : "") + "\"" + tensor_ops::kDTypeNames[i] + "\"";
  }
  json += "],\"indexTypes\":[";
  for (int i = 0; i < tensor_ops::kIndexTypeCount; ++i) {
    json += std::string(i ? "," : "") + "\"" + tensor_ops::index_type_name(static_cast<tensor_ops::IndexType>(i)) + "\"";
  }
  return json + "]}";
}

double plan_cache_bytes() noexcept { return static_cast<double>(g_cache->bytes()) + g_kernel_bytes; }

double heap_bytes() noexcept { return heap_in_use() - g_kernel_bytes; }
int cached_plans() noexcept { return static_cast<int>(g_cache->size()); }

void set_parallel_min_bytes(double bytes) noexcept {
  tensor_ops::set_parallel_min_bytes(static_cast<int64_t>(bytes));
}

}  // namespace bindings
