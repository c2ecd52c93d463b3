// What scatterElements and scatterND share (ONNX ScatterElements-18 /
// ScatterND-18): named inputs x, indices and updates, the reduction option,
// and the kernel over engine/scatter.hpp, whose index values are checked
// before anything is written. Each operation's own file names its entry.
#pragma once

#include <memory>

#include "engine/scatter.hpp"
#include "operations/op_spec.hpp"

namespace tensor_ops {

// 'none' (the last update to a place wins), then the reductions, in the
// order of ScatterReduction.
inline constexpr const char* kScatterReductions[] = {"none", "add", "mul", "max", "min"};

// The table entry `name`(x, indices, updates, { [axis,] reduction }) with
// its shape function and the plan made from checked shapes: plan(args)
// returns the engine's plan, or the shape error.
OpSpec scatter_spec(const char* name, bool with_axis, Result<Shape> (*shape)(const OpArgs&, size_t),
                    Result<std::shared_ptr<const TypedKernel>> (*kernel)(const OpArgs&));

// The kernel of a checked plan, for the operation `op` (its errors' prefix).
std::shared_ptr<const TypedKernel> scatter_kernel(const char* op, ScatterPlan plan);

// The reduction a call asked for.
ScatterReduction reduction_of(const OpArgs& args);

}  // namespace tensor_ops
