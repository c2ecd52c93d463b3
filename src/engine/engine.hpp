// Runs copy plans: the single place where data moves.
#pragma once

#include <vector>

#include "engine/copy_plan.hpp"
#include "engine/loop_nest.hpp"
#include "engine/thread_pool.hpp"

namespace tensor_ops {

// Copies below this many bytes run on the calling thread alone: waking the
// pool costs more than it saves (measured by bench/threshold.mjs, see README).
constexpr int64_t kParallelMinBytes = 256 * 1024;

// For measuring that threshold: the value execute() uses (default above).
void set_parallel_min_bytes(int64_t bytes) noexcept;
// The value in force (the selection primitives split their work by it too).
int64_t parallel_min_bytes() noexcept;

// Executes every copy, fill and run of `plan` from `src` to `dst` (which must
// not overlap), spread over `pool` when given and the copy is large enough.
// Never throws: all validation happened when the plan was made. For plans of
// one source: copies and runs of any other source are skipped (use a
// PreparedPlan).
void execute(const CopyPlan& plan, const void* src, void* dst,
             ThreadPool* pool = nullptr) noexcept;

// A plan with every loop nest built once, to run many times on different
// buffers: it holds nothing that depends on the buffers.
struct PreparedPlan {
  size_t elem_size = 0;
  std::vector<LoopNest> nests;  // the plan's copies, then its fills (Kernel::Fill)
  // The plan's indexed copy (gather*), its dims of 1 dropped and contiguous
  // dims merged; its index_shape, axes and axis_dims as planned.
  bool has_indexed = false;
  IndexedCopy indexed;
  RunCopy runs;  // the plan's runs, as planned (they need no preparing)
};

// An index value out of range: its position in the index buffer (row-major
// in the IndexedCopy's index_shape), which component it is, and its value
// (sign-extended for signed index types).
struct BadIndex {
  int64_t position = -1;
  int64_t component = 0;
  uint64_t bits = 0;
};

// Builds the loop nests of `plan` (allocates; never throws by itself).
PreparedPlan prepare_plan(const CopyPlan& plan);
// The same, taking the plan's runs instead of copying them.
PreparedPlan prepare_plan(CopyPlan&& plan);

// Runs a prepared plan: each copy's nest reads sources[nest.source] (`dst`
// for kOutputSource). The sources and `dst` must not overlap.
void execute(const PreparedPlan& plan, const void* const* sources, void* dst,
             ThreadPool* pool = nullptr) noexcept;

// For a plan with an indexed copy: checks every index value of
// sources[index_source] (in one pass, split over the pool when large) before
// anything is written. Returns false with the first value out of range (by
// position) in *bad; true when all are in range (or there is no indexed copy).
bool check_indices(const PreparedPlan& plan, const void* const* sources, BadIndex* bad,
                   ThreadPool* pool = nullptr) noexcept;

}  // namespace tensor_ops
