// A call of an operation, in two steps that JavaScript drives (web/call.mjs):
// prepare (validate, plan or find the plan in the cache, allocate, report
// the output) and execute (run the plan). See docs/architecture.md, "The
// call path".
#pragma once

#include <cstdint>
#include <string>

namespace bindings {

// Which buffers a prepare call allocates; kIndexRoom may be added to the
// others: room for the index tensor (gather*) after the output.
// kViewResult may be added too: a result that is a view of the input is
// welcome (a kept input and no `out`), reported instead of allocating.
// kLongRuns likewise: the output is a plain array (and so are the inputs,
// unless kRunsAlone is added too), and a plan of long runs
// (describe_long_runs) is reported for JavaScript to copy. kRunsAlone: only
// a plan of runs alone (long_runs_alone; kept inputs read in place).
enum Buffers {
  kNone = 0,
  kOutput = 1,
  kInputAndOutput = 2,
  kIndexRoom = 4,
  kViewResult = 8,
  kLongRuns = 16,
  kRunsAlone = 32
};

// The call's `words` are at the start of the scratch area (the input's rank
// and dims, then per parameter its count, -1 when not given, and values;
// see decode_args). buffers: see Buffers. out_length < 0: no `out`.
//
// For a list of tensors (concat), the scratch area holds after the `words`
// each tensor's data length (-1: not checked, a kept tensor), then for each
// a flag, 1 when it is copied into the block (buffers != 0); `data_length`
// is unused. For several outputs (split), `out_length` is the number of
// `out` arrays (-1: none), whose lengths follow.
//
// It leaves at the start of the scratch area (growing it when needed) the
// head, then one address per input (0 where the input has no room in the
// block; else where its element 0 would be), then the output block's
// address, then the index tensor's room (gather*; else 0), then either the
// allocated block's address and per input the elements [first, end) its
// plan reads (copy only those), or, for a result reported as views, the
// views, or for one reported as long runs, their description. The head is
// the output dims; for several outputs [count, each one's rank..., all their
// dims...]. A typed operation's report ends with, per output, its dtype's
// code and its byte offset in the output block. `dtype` is x's dtype's code
// (the constants' "dtypes"). Returns the head's length in words; -1 on an error (errorCode());
// -2 when an input's view must first be made contiguous (its index in the
// first word).
int prepare(int op_index, int dtype, int words, double data_length, double out_length, int buffers) noexcept;

// Runs the prepared plan from src to dst (addresses in wasm memory). With
// stream_bytes > 0 (the output's size), a kernel that makes its output in
// bands may hand each band to JavaScript as it is made (Module's
// tensorOpsTakeOutput(at, bytes), on this thread; engine/output_stream.hpp).
// Returns 1 when the whole output went so, else 0.
int execute(uintptr_t src, uintptr_t dst, double stream_bytes) noexcept;

// The same for a plan of several sources (a list of tensors; x and its
// index tensor for gather*): the `count` source addresses are the scratch
// area's first words, one per input in order, the index tensor's last.
// Index values are checked first: one out of range writes and streams
// nothing and returns -1; else 1 when the whole output was streamed, 0 when not.
int execute_sources(int count, uintptr_t dst, double stream_bytes) noexcept;

// ops.tensor(): a block for a tensor about to be kept, its dims (the words
// [rank, dims...]) checked as every operation checks its input. Returns 0,
// with the address in the scratch area's first word, or -1.
int alloc_tensor(int elem, int words, double data_length) noexcept;

// Starts the persistent pool and the operator cache once, at load: `threads`
// counts the calling thread (the simd-st build always runs with 1). Returns
// the threads running.
int start(int threads) noexcept;

// The constants both sides of a call use, as JSON, read by the package at
// load (web/runtime.mjs): defined here once, never mirrored in JavaScript.
std::string constants_json();

// The operator cache's footprint (its slots, and the typed kernels its
// operators hold) and number of plans.
double plan_cache_bytes() noexcept;
// Bytes in use in the module's heap, less the typed kernels that cached
// operators hold (which come and go with the cache; plan_cache_bytes counts
// them), so that it returns to its baseline when everything is disposed.
double heap_bytes() noexcept;
int cached_plans() noexcept;

// Not part of the API: bench/threshold.mjs measures the engine's threshold.
void set_parallel_min_bytes(double bytes) noexcept;

}  // namespace bindings
