// The module's exports: plain C functions that JavaScript calls directly
// (measured faster than Embind's wrappers; see docs/architecture.md). No
// logic of its own: every operation of the table goes through
// top_prepare() and top_execute().
//
// A call writes its arguments as int64 words into the scratch area (the
// input's rank and dims, then per parameter its count, -1 when not given, and
// values; see decode_args in src/runtime/op_table.hpp), then:
//   top_prepare(op, elem, words, data_length, out_length, buffers)
//     finds the prepared operator in the cache or makes it (validating
//     everything), checks x.data's and out's lengths, allocates what the
//     call needs, and leaves [output dims..., input address, output address]
//     at the start of the scratch area; it returns the output rank, or -1
//     with the error in top_error_code() / top_error_message().
//   top_execute(src, dst) runs it.
// Operations on a list of tensors and with several outputs (concat, split)
// take the same path with more words: see top_prepare() and
// top_execute_sources().
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <malloc.h>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <unistd.h>

#include "runtime/operator_cache.hpp"

namespace {

using tensor_ops::Operator;
using tensor_ops::Shape;
using tensor_ops::Status;

// Which buffers a prepare call allocates; kIndexRoom may be added to the
// others: room for the index tensor (gather*) after the output.
// kViewResult may be added too: a result that is a view of the input is
// welcome (a kept input and no `out`), reported instead of allocating.
enum Buffers { kNone = 0, kOutput = 1, kInputAndOutput = 2, kIndexRoom = 4, kViewResult = 8 };

// Calls arrive from one JavaScript thread, one at a time.
int64_t* g_scratch = nullptr;
size_t g_scratch_words = 0;
std::unique_ptr<tensor_ops::ThreadPool> g_pool;
std::unique_ptr<tensor_ops::OperatorCache> g_cache;
const Operator* g_current = nullptr;   // what top_execute() runs
std::optional<Operator> g_uncached;    // an operator too large for the cache, for one call
// A call of more inputs than kFewInputs: their addresses, for one call.
constexpr size_t kFewInputs = 16;
std::unique_ptr<const void*[]> g_sources;
std::string g_description;

// The last error, in static storage: reporting an error must not allocate,
// since the error may be that memory is full.
const char* g_error_code = nullptr;
char g_error_message[4096];

// Sets the error from parts: strings, and numbers (printed without printf,
// which would only add to the module's size).
struct ErrorPart {
  ErrorPart(const char* text) : text(text) {}  // NOLINT: implicit by design
  ErrorPart(size_t number) : number(static_cast<int64_t>(number)) {}  // NOLINT
  ErrorPart(double number) : number(static_cast<int64_t>(number)) {}  // NOLINT: JS lengths
  ErrorPart(const Shape& shape) : shape(&shape) {}  // NOLINT: "[2, 3]"
  const char* text = nullptr;
  int64_t number = 0;
  const Shape* shape = nullptr;
};

int fail(const char* code, std::initializer_list<ErrorPart> parts) noexcept {
  g_error_code = code;
  char* at = g_error_message;
  char* const end = g_error_message + sizeof g_error_message - 1;
  auto text = [&](const char* c) {
    for (; *c && at < end; ++c) *at++ = *c;
  };
  for (const ErrorPart& part : parts) {
    if (part.text) {
      text(part.text);
    } else if (part.shape) {
      text("[");
      for (size_t i = 0; i < part.shape->size(); ++i) {
        if (i) text(", ");
        at = std::to_chars(at, end, (*part.shape)[i]).ptr;
      }
      text("]");
    } else {
      at = std::to_chars(at, end, part.number).ptr;
    }
  }
  *at = '\0';
  return -1;
}

// Planning, and the messages of errors, allocate a little (shapes, copies,
// text). Memory filled to the last byte must give OUT_OF_MEMORY, never a
// failed allocation inside the core, so they start only when a generous
// block could be had; freed at once, it is where their allocations come from.
// (Below dlmalloc's mmap threshold of 256 KiB: a larger block would be
// mapped apart and unmapped by free(), leaving no room behind.)
bool has_room(size_t words) noexcept {
  constexpr size_t kBase = 128 * 1024, kMost = 240 * 1024;
  const size_t bytes = words < (kMost - kBase) / 64 ? kBase + words * 64 : kMost;
  // Through a volatile, or the compiler may drop the pair and assume success.
  static void* volatile probe;
  probe = std::malloc(bytes);
  const bool room = probe != nullptr;
  std::free(probe);
  return room;
}

int fail_out_of_memory(const char* op) noexcept {
  return fail("OUT_OF_MEMORY", {op, ": out of WebAssembly memory (", emscripten_get_heap_size(),
                                " bytes, all in use)"});
}

int fail(const Status& status) noexcept {
  return fail(tensor_ops::error_code_name(status.code()), {status.message().c_str()});
}

// The error `check()` returns, if any, made only where there is room for its
// message. Returns -1 on an error, else 0.
template <typename Check>
int check(const char* op, Check check) noexcept {
  if (!has_room(0)) return fail_out_of_memory(op);  // (rare: only full memory pays this)
  if (Status s = check(); !s.ok()) return fail(s);
  return 0;
}

// malloc that reaches the top of the 4 GiB memory, and that never grows the
// memory for a block it cannot give.
//
// Why malloc alone stops near 3 GiB: Emscripten 3.1.6's dlmalloc extends
// its top chunk by asking sbrk for less than 2 GiB at a time (requests
// above HALF_MAX_SIZE_T are refused), and once any extension has failed
// (that refusal included) it disables its contiguous path for good: from
// then on it only extends for a whole request below 2 GiB. So the first
// block of 2 GiB or more fails, and after it no block larger than the free
// top can be had. Growing the top in 1 GiB steps (held, then freed) got to
// 3 GiB, where a fourth 1 GiB step no longer fitted, and those steps stayed
// grown when the block then failed.
//
// Here: plain malloc first (it never grows the memory when it fails). Then
// the largest block the top could become, its free bytes plus what the
// memory may still grow by (emscripten_get_heap_max(), 4 GiB - 64 KiB),
// decides: a block beyond it fails at once, nothing grown. Otherwise the
// top is taken whole (blocks held, cut from it, no growth), then grown in
// held steps of at most 1 GiB sized to what the block needs, then all
// freed: the top becomes one chunk holding the block, which is cut from it.
// A fresh module's largest block is then 4 GiB less its own memory (static
// data, stacks, 2 MiB per pool thread) and these margins: 4,289,135,263
// bytes in simd-st, 4,287,034,287 in simd-mt with 2 threads.
size_t top_chunk_bytes() noexcept { return static_cast<size_t>(static_cast<uint32_t>(mallinfo().keepcost)); }

uintptr_t heap_break() noexcept { return reinterpret_cast<uintptr_t>(sbrk(0)); }

// What a block of `bytes` takes of a chunk (dlmalloc's header and 16-byte
// alignment), and margins for what each extension of the top adds to its
// request (padding, 64 KiB granularity) and the top's footer.
constexpr size_t kChunkOverhead = 32;
constexpr size_t kGrowthSlack = 256 * 1024;

// The largest block the top chunk can become: its free bytes and all the
// memory may still grow by, less the margins.
size_t largest_block() noexcept {
  const uintptr_t brk = heap_break();
  const size_t max = emscripten_get_heap_max();
  const size_t room = top_chunk_bytes() + (brk < max ? max - brk : 0);
  return room > kGrowthSlack + kChunkOverhead ? room - kGrowthSlack - kChunkOverhead : 0;
}

void* malloc_large(size_t bytes) noexcept {
  if (void* block = std::malloc(bytes)) return block;
  const size_t top0 = top_chunk_bytes();
  const uintptr_t brk0 = heap_break();
  if (bytes > largest_block()) return nullptr;  // cannot fit: fail before growing anything
  const size_t need = bytes + kChunkOverhead + kGrowthSlack / 2;
  // Held blocks: the top (after any free chunks that fit its size better,
  // which malloc hands out first) and at most 4 steps of growth.
  constexpr size_t kHeld = 64, kStep = size_t{1} << 30, kTiny = 64 * 1024;
  void* held[kHeld];
  size_t n = 0;
  auto release = [&] {
    while (n > 0) std::free(held[--n]);
  };
  // Take the top whole: cut from it (or from a free chunk that fits better),
  // nothing grows. Then every step below extends the top.
  for (size_t top = top0; top > kTiny && n < kHeld; top = top_chunk_bytes()) {
    held[n] = std::malloc(top - 64);
    if (held[n] == nullptr) break;
    ++n;
  }
  if (top_chunk_bytes() > kTiny) {  // (free chunks everywhere: give up before growing)
    release();
    return nullptr;
  }
  // Grow: each step is carved from the new memory at the end of the top.
  for (;;) {
    const uintptr_t brk = heap_break();
    const size_t potential = top0 + (brk - brk0);  // the top, once every held block is freed
    if (potential >= need || n == kHeld) break;
    const size_t max = emscripten_get_heap_max();
    const size_t growable = brk < max ? max - brk : 0;
    if (growable <= kTiny * 2) break;
    const size_t step = std::min({kStep, std::max(need - potential, kTiny), growable - kTiny * 2});
    held[n] = std::malloc(step);
    if (held[n] == nullptr) break;
    ++n;
  }
  release();
  return std::malloc(bytes);
}

// One block for the inputs that need room and the output: one malloc, one
// free. in_ptrs[k] != 0 on entry: input k is copied into the block (a plain
// tensor); on return its address there, else 0. Each part starts at a 16-byte
// boundary. For one input, the input comes first (the block's address is the
// input's when it has room, else the output's); for a list, the output.
int allocate(const Operator& op, const Shape& output, int buffers, uintptr_t* in_ptrs, uintptr_t* out_ptr,
             uintptr_t* index_ptr) noexcept {
  const size_t inputs = op.input_volumes.size();
  *out_ptr = 0;
  *index_ptr = 0;
  // The index tensor's room, after the output (which it then follows at a
  // 16-byte boundary).
  const bool index_room = (buffers & kIndexRoom) != 0 && op.index_bytes >= 0;
  buffers &= ~kIndexRoom;
  const size_t index_bytes = index_room ? (static_cast<size_t>(op.index_bytes) + 15) / 16 * 16 : 0;
  if (buffers == kNone) {
    for (size_t k = 0; k < inputs; ++k) in_ptrs[k] = 0;
    return 0;
  }
  const size_t elem = op.elem_size;
  const size_t out_bytes = static_cast<size_t>(op.output_volume) * elem;
  size_t in_bytes = 0;
  bool fits = true;
  for (size_t k = 0; k < inputs; ++k) {
    if (in_ptrs[k] == 0) continue;
    const size_t room = (static_cast<size_t>(op.input_volumes[k]) * elem + 15) / 16 * 16;
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
  // keep the block, cut down to the output (top_shrink), and give up the rest.
  uintptr_t at = reinterpret_cast<uintptr_t>(block);
  const bool output_first = op.spec->tensor_list;
  if (output_first) at += (out_bytes + 15) / 16 * 16;
  for (size_t k = 0; k < inputs; ++k) {
    if (in_ptrs[k] == 0) continue;
    in_ptrs[k] = at;
    at += (static_cast<size_t>(op.input_volumes[k]) * elem + 15) / 16 * 16;
  }
  *out_ptr = output_first ? reinterpret_cast<uintptr_t>(block) : at;
  if (index_bytes > 0) *index_ptr = *out_ptr + (out_bytes + 15) / 16 * 16;
  return 0;
}

// The operator for this call: from the cache, or made and stored there.
// `list_lengths`: for a list of tensors, each one's data length (< 0: kept).
const Operator* find_or_make(int op_index, size_t elem, size_t words, double data_length,
                             bool shape_only, const int64_t* list_lengths) noexcept {
  const int64_t tag = tensor_ops::OperatorCache::tag(op_index, elem, shape_only);
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
  tensor_ops::Result<Operator> made =
      tensor_ops::make_operator(spec, elem, g_scratch, words, data_length, shape_only, list_lengths);
  if (!made.ok()) {
    fail(made.status());
    return nullptr;
  }
  if (const Operator* stored = g_cache->store(tag, g_scratch, words, made.value())) return stored;
  g_uncached = std::move(made).value();
  return &*g_uncached;
}

// The report of a result that is a view of the input: the head, no buffers
// (every address 0), then the views (Operator::views). Returns the head's length.
int report_views(const Operator& op, size_t head, size_t inputs, bool several) noexcept {
  const size_t words = head + inputs + 2 + op.views.size();
  if (words > g_scratch_words) {
    if (!has_room(words)) return fail_out_of_memory(op.spec->name);
    void* grown = std::realloc(g_scratch, words * sizeof(int64_t));
    if (grown == nullptr) return fail_out_of_memory(op.spec->name);
    g_scratch = static_cast<int64_t*>(grown);
    g_scratch_words = words;
  }
  int64_t* at = g_scratch;
  if (several) {
    *at++ = static_cast<int64_t>(op.output_ranks.size());
    at = std::copy(op.output_ranks.begin(), op.output_ranks.end(), at);
  }
  at = std::copy(op.output_shape.begin(), op.output_shape.end(), at);
  at = std::fill_n(at, inputs + 2, int64_t{0});
  std::copy(op.views.begin(), op.views.end(), at);
  return static_cast<int>(head);
}

int fail_malformed(const char* op) noexcept {
  return fail("INVALID_ARGUMENT", {op, ": malformed call arguments (the scratch area is too short)"});
}

}  // namespace

extern "C" {

// The address of the scratch area, with room for at least `words` int64
// values; 0 when memory is full. A call with long parameters grows it for
// itself: the next ordinary call shrinks it back, so that the heap returns to
// its size at load.
constexpr size_t kScratchWords = 256;

EMSCRIPTEN_KEEPALIVE uintptr_t top_scratch(int words) {
  const size_t wanted = words < static_cast<int>(kScratchWords) ? kScratchWords : static_cast<size_t>(words);
  if (wanted != g_scratch_words) {
    void* resized = std::realloc(g_scratch, wanted * sizeof(int64_t));
    if (resized == nullptr) return 0;
    g_scratch = static_cast<int64_t*>(resized);
    g_scratch_words = wanted;
  }
  return reinterpret_cast<uintptr_t>(g_scratch);
}

// The scratch area's size in words: top_prepare() grows it for a long report
// (many outputs), and JavaScript then takes its new address from top_scratch().
EMSCRIPTEN_KEEPALIVE int top_scratch_words() { return static_cast<int>(g_scratch_words); }

// The constants both sides of a call use, as JSON, read by the package at
// load (web/runtime.mjs): defined here once, never mirrored in JavaScript.
EMSCRIPTEN_KEEPALIVE uintptr_t top_constants() {
  static std::string json;
  if (json.empty()) {
    json = "{\"scratchWords\":" + std::to_string(kScratchWords) + ",\"buffers\":{\"none\":" +
           std::to_string(kNone) + ",\"output\":" + std::to_string(kOutput) + ",\"inputAndOutput\":" +
           std::to_string(kInputAndOutput) + ",\"indexRoom\":" + std::to_string(kIndexRoom) +
           ",\"viewResult\":" + std::to_string(kViewResult) + "},\"indexTypes\":[";
    for (int i = 0; i < tensor_ops::kIndexTypeCount; ++i) {
      json += std::string(i ? "," : "") + "\"" + tensor_ops::index_type_name(static_cast<tensor_ops::IndexType>(i)) + "\"";
    }
    json += "]}";
  }
  return reinterpret_cast<uintptr_t>(json.c_str());
}

// The operation table as JSON (see describe_ops in src/runtime/op_table.hpp).
EMSCRIPTEN_KEEPALIVE uintptr_t top_describe() {
  if (g_description.empty()) g_description = tensor_ops::describe_ops();
  return reinterpret_cast<uintptr_t>(g_description.c_str());
}

// See the header comment. buffers: 0 none (shape inference, views), 1 the
// output, 2 input and output in one block. out_length < 0: no `out`.
//
// For a list of tensors (concat), the scratch area holds after the `words`
// of the call: each tensor's data length (-1: not checked, a kept tensor),
// then for each a flag, 1 when it is copied into the block (buffers != 0);
// `data_length` is unused. For several outputs (split), `out_length` is the
// number of `out` arrays (-1: none), whose lengths follow.
//
// What it leaves at the start of the scratch area (growing it when needed):
// the head, then one address per input (0 where the input has no room in the
// block), then the output block's address. The head is the output dims; for
// several outputs [count, each one's rank..., all their dims...]. Returns the
// head's length in words, or -1.
EMSCRIPTEN_KEEPALIVE int top_prepare(int op_index, int elem, int words, double data_length,
                                     double out_length, int buffers) {
  const bool view_welcome = (buffers & kViewResult) != 0;
  buffers &= ~kViewResult;
  g_current = nullptr;
  g_uncached.reset();
  g_sources.reset();
  const size_t count = static_cast<size_t>(words);
  if (op_index < 0 || static_cast<size_t>(op_index) >= tensor_ops::op_table().size() || words < 0 ||
      count > g_scratch_words) {
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
  const Operator* op = find_or_make(op_index, static_cast<size_t>(elem), count,
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
  Shape block_small;
  if (several) {
    if (!has_room(0)) return fail_out_of_memory(name);
    block_small.assign(1, op->output_volume);
  }
  const Shape& block = several ? block_small : op->output_shape;
  if ((buffers & ~kIndexRoom) != kNone && !tensor_ops::check_output_bytes(name, block, op->elem_size).ok() &&
      check(name, [&] { return tensor_ops::check_output_bytes(name, block, op->elem_size); })) {
    return -1;
  }
  const size_t inputs = op->input_volumes.size();
  const size_t outputs = tensor_ops::output_count(*op);
  const size_t head = (several ? 1 + outputs : 0) + op->output_shape.size();
  if (view_welcome && !op->views.empty()) return report_views(*op, head, inputs, several);
  // The report may be longer than the call (many parts): make room first
  // (the list's room flags, read below, are kept by the reallocation).
  if (head + inputs + 2 > g_scratch_words && top_scratch(static_cast<int>(head + inputs + 2)) == 0) {
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
    g_sources.reset(new const void*[inputs]);  // for top_execute_sources()
    in_ptrs = in_many.get();
  }
  for (size_t k = 0; k < inputs; ++k) {
    const bool room = spec.tensor_list ? g_scratch[count + inputs + k] != 0 : (buffers & ~kIndexRoom) == kInputAndOutput;
    in_ptrs[k] = room ? 1 : 0;
  }
  uintptr_t out_ptr = 0;
  uintptr_t index_ptr = 0;
  if (allocate(*op, block, buffers, in_ptrs, &out_ptr, &index_ptr) < 0) {
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
  if (op->index_bytes >= 0) *at = static_cast<int64_t>(index_ptr);  // 0: no room asked for
  g_current = op;
  return static_cast<int>(head);
}

// Runs the operator of the last top_prepare() from src to dst (addresses in
// wasm memory). Returns 0 (an operator of one source cannot fail).
EMSCRIPTEN_KEEPALIVE int top_execute(uintptr_t src, uintptr_t dst) {
  if (g_current == nullptr || g_current->shape_only || g_current->index_bytes >= 0) return 0;
  const void* sources[] = {reinterpret_cast<const void*>(src)};
  tensor_ops::execute(g_current->plan, sources, reinterpret_cast<void*>(dst), g_pool.get());
  g_current = nullptr;  // one run per prepare
  g_uncached.reset();
  return 0;
}

// The same for an operator of several sources (a list of tensors; x and its
// index tensor for gather*): the `count` source addresses are the scratch
// area's first words, one per input in order, the index tensor's last.
// Index values are checked first: one out of range writes nothing and
// returns -1 with the error in static storage; else 0.
EMSCRIPTEN_KEEPALIVE int top_execute_sources(int count, uintptr_t dst) {
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
  int result = 0;
  tensor_ops::BadIndex bad;
  if (!tensor_ops::check_indices(g_current->plan, sources, &bad, g_pool.get())) {
    const Operator& op = *g_current;
    result = check(op.spec->name, [&] { return tensor_ops::index_error(op, bad); });
  } else {
    tensor_ops::execute(g_current->plan, sources, reinterpret_cast<void*>(dst), g_pool.get());
  }
  g_current = nullptr;
  g_uncached.reset();
  g_sources.reset();
  return result;
}

// ops.tensor(): a block for a tensor about to be kept, its dims (the words
// [rank, dims...]) checked as every operation checks its input. Returns 0,
// with the address in the scratch area's first word, or -1.
EMSCRIPTEN_KEEPALIVE int top_alloc_tensor(int elem, int words, double data_length) {
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

// Starts the persistent pool and the operator cache once, at load: `threads`
// counts the calling thread (the simd-st build always runs with 1).
EMSCRIPTEN_KEEPALIVE int top_start(int threads) {
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
  top_scratch(kScratchWords);
  return g_pool->threads();
}

// Not part of the API: bench/threshold.mjs measures the engine's threshold.
EMSCRIPTEN_KEEPALIVE void top_set_parallel_min_bytes(double bytes) {
  tensor_ops::set_parallel_min_bytes(static_cast<int64_t>(bytes));
}

EMSCRIPTEN_KEEPALIVE void top_release(uintptr_t ptr) { std::free(reinterpret_cast<void*>(ptr)); }

// Cuts a block down to its first `bytes` bytes (a kept result of a list of
// tensors, whose inputs followed it in the block). Returns its address,
// which may change; the old one when it cannot be cut.
EMSCRIPTEN_KEEPALIVE uintptr_t top_shrink(uintptr_t ptr, double bytes) {
  void* cut = std::realloc(reinterpret_cast<void*>(ptr), static_cast<size_t>(bytes) + 1);
  return cut != nullptr ? reinterpret_cast<uintptr_t>(cut) : ptr;
}

// Bytes the allocator has handed out and not yet taken back. mallinfo's
// fields are ints: read as unsigned, they stay exact up to the 4 GiB memory.
EMSCRIPTEN_KEEPALIVE double top_heap_bytes() {
  return static_cast<double>(static_cast<uint32_t>(mallinfo().uordblks));
}

// The most memory the allocator has ever held (its peak footprint).
EMSCRIPTEN_KEEPALIVE double top_heap_peak_bytes() {
  return static_cast<double>(static_cast<uint32_t>(mallinfo().usmblks));
}

EMSCRIPTEN_KEEPALIVE double top_plan_cache_bytes() { return static_cast<double>(g_cache->bytes()); }
EMSCRIPTEN_KEEPALIVE int top_cached_plans() { return static_cast<int>(g_cache->size()); }

// The last error's code ("INVALID_ARGUMENT", ...) and message, as addresses
// of C strings in static storage; taking the code ends the error.
EMSCRIPTEN_KEEPALIVE uintptr_t top_error_code() {
  const char* code = g_error_code ? g_error_code : "UNKNOWN";
  g_error_code = nullptr;
  return reinterpret_cast<uintptr_t>(code);
}

EMSCRIPTEN_KEEPALIVE uintptr_t top_error_message() {
  return reinterpret_cast<uintptr_t>(g_error_message);
}

}  // extern "C"
