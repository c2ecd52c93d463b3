// Plans made for contiguous inputs, rewritten to read strided views, and
// plans whose outputs are views of their input.
#pragma once

#include <optional>
#include <vector>

#include "copy_plan.hpp"
#include "view.hpp"

namespace tensor_ops {

// Rewrites every copy of `plan` that reads source `source` (planned as a
// contiguous row-major tensor of dims `input`) to read the same elements from
// `view` instead. Returns false, leaving the plan unchanged, when a copy
// cannot be expressed over the view (the caller materializes it first).
bool rebase_source(CopyPlan& plan, int source, const Shape& input, const View& view);

// The outputs of `plan` as views of its source, when the plan is one strided
// copy per output written contiguously; else nullopt.
std::optional<std::vector<View>> plan_as_views(const CopyPlan& plan, const std::vector<Shape>& outputs);

}  // namespace tensor_ops
