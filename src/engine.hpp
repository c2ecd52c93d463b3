// Runs copy plans: the single place where data moves.
#pragma once

#include <vector>

#include "copy_plan.hpp"
#include "loop_nest.hpp"
#include "thread_pool.hpp"

namespace tensor_ops {

// Copies below this many bytes run on the calling thread alone: waking the
// pool costs more than it saves (measured by bench/threshold.mjs, see README).
constexpr int64_t kParallelMinBytes = 256 * 1024;

// For measuring that threshold: the value execute() uses (default above).
void set_parallel_min_bytes(int64_t bytes) noexcept;

// Executes every copy and fill of `plan` from `src` to `dst` (which must not
// overlap), spread over `pool` when given and the copy is large enough.
// Never throws: all validation happened when the plan was made. For plans of
// one source: copies of any other source are skipped (use a PreparedPlan).
void execute(const CopyPlan& plan, const void* src, void* dst,
             ThreadPool* pool = nullptr) noexcept;

// A plan with every loop nest built once, to run many times on different
// buffers: it holds nothing that depends on the buffers.
struct PreparedPlan {
  size_t elem_size = 0;
  std::vector<LoopNest> nests;  // the plan's copies, then its fills (Kernel::Fill)
};

// Builds the loop nests of `plan` (allocates; never throws by itself).
PreparedPlan prepare_plan(const CopyPlan& plan);

// Runs a prepared plan: each copy's nest reads sources[nest.source]. The
// sources and `dst` must not overlap.
void execute(const PreparedPlan& plan, const void* const* sources, void* dst,
             ThreadPool* pool = nullptr) noexcept;

}  // namespace tensor_ops
