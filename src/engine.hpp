// Runs copy plans: the single place where data moves.
#pragma once

#include "copy_plan.hpp"

namespace tensor_ops {

// Executes every copy of `plan` from `src` to `dst` (which must not overlap).
// Never throws: all validation happened when the plan was made.
void execute(const CopyPlan& plan, const void* src, void* dst) noexcept;

}  // namespace tensor_ops
