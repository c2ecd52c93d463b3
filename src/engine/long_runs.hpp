// A prepared plan as a list of long contiguous runs, for an executor outside
// the engine: JavaScript copies each run of a plain input straight into the
// output array (one TypedArray.set of a subarray), with no copy into wasm
// memory and none back. Worth it only when nearly every byte is in a long
// run: then those two copies cost more than a call per run. A few short
// pieces beside them (pad's reflected borders) are copied element by
// element, and constant borders filled.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/engine.hpp"

namespace tensor_ops {

// Runs shorter than this stay in the engine. Measured in one run, a slice
// [:, 0, :] of a plain [4096, 2, n] float32: a set() per run costs about
// 45 ns plus its bytes (runs of 512 B: 197 us), while the engine's path, the
// footprint copied in and the result out, took 164 us at 256 B and grows
// with the bytes (about 300 us at 512 B).
constexpr int64_t kLongRunMinBytes = 512;

// An element JavaScript copies by itself (a typed-array load and store:
// 1.4-3.4 ns measured) costs about what the engine's path spends on this
// many bytes (the input copied into shared memory and the result out, each
// near 0.1 ns per byte): a plan may hold elements copied (or filled) one by
// one while they number at most its bytes over this, beside long runs.
constexpr int64_t kElementCopyBytes = 32;

// At most this many words describe a plan: more loops than that are not long runs.
constexpr size_t kMaxLongRunWords = 96;

// A call of JavaScript's per run (a set, or a fill) costs about what the
// engine's path spends on this many bytes: the bytes it copies in (a plain
// input's footprint) and its output's pass. Measured in one process, each
// path forced (2-core Xeon, Node 20, float32, 1 MiB out): 110-160 ns a call,
// and 215 us for the engine's path of a tile whose 256 KiB input is copied
// in and 1 MiB out; runs of 512 B then cost JavaScript 1.3x that, runs of
// 1 KiB 0.78x. A run's length alone does not decide it: a slice that reads
// half of a 2 MiB input goes faster in JavaScript from 512 B on (0.6x).
constexpr int64_t kRunCallBytes = 1024;

// Whether JavaScript should run the plan `words` describes: its calls (one
// per run or filled run, at kRunCallBytes each) against `engine_bytes`, what
// the engine's path moves that JavaScript's does not.
bool long_runs_pay(const std::vector<int64_t>& words, int64_t engine_bytes);

// Describes `plan` (of `inputs` sources, plus gather*'s index source after
// them) as long runs, in bytes, into `words`; false (words cleared) unless
// every copy and fill is one of these entries, with at least one long run
// and at most one element copied or filled one by one per kElementCopyBytes
// bytes of the plan:
//   [entries, then per entry one of]
//   [1, source, src_offset, dst_offset, run_bytes, loops, (n, src_stride, dst_stride) per loop]
//   [2, source, src_offset, dst_offset, slice_bytes, axis_dim, axis_stride, index_offset, loops,
//    (n, src_stride, dst_stride, index_stride) per loop]
//   [3, source, src_offset, dst_offset, elem_bytes, loops, (n, src_stride, dst_stride) per loop]
//   [4, low, high, dst_offset, elem_bytes, loops, (n, 0, dst_stride) per loop]
// The first: for each point of the loops (outer first), run_bytes from
// src_offset + sum(i * src_stride) of the source to dst_offset + sum(i *
// dst_stride) of the output. The second (a gather): the same, with the
// source moved by v * axis_stride, v the index value at index_offset + sum(i
// * index_stride) (elements of the index tensor), in [-axis_dim, axis_dim)
// (negative counts from the end; checked by the executor). The third: as the
// first, one element of elem_bytes at each point (the inner loop included).
// The fourth writes at each point one element of elem_bytes (at most 8):
// the little-endian bytes of the 32-bit words low, then high.
// Entries run in order; a source of -1 (kOutputSource) is the output itself,
// read where entries before wrote it.
bool describe_long_runs(const PreparedPlan& plan, size_t inputs, std::vector<int64_t>* words);

// Whether a description holds runs alone (entries of kinds 1 and 2): no
// element copied or filled one by one. Only such a plan pays when its
// sources are in wasm memory (kept inputs into a plain `out`): JavaScript's
// element loop reads shared memory slower than the engine's kernel does.
bool long_runs_alone(const std::vector<int64_t>& words);

}  // namespace tensor_ops
