// Plans read views in place. Every operation plans its copies for
// contiguous row-major inputs; a kept tensor may instead be a strided view
// (view.hpp: dims, strides in elements of any sign or 0, an offset) over
// shared storage. rebase_source rewrites a plan's copies of one input to
// read its view directly, and plan_as_views recognises plans whose outputs
// are themselves views of the input (transpose, slice, reverse, broadcast,
// reshape, split, ...), so those operations cost O(1) on a view.
#pragma once

#include <optional>
#include <vector>

#include "engine/copy_plan.hpp"
#include "engine/view.hpp"

namespace tensor_ops {

// Rewrites every copy of `plan` that reads source `source` — planned as a
// contiguous row-major tensor of dims `input` — to read the same elements
// from `view` instead (view.dims == input; strides in elements, any sign, 0
// allowed; view.offset added to every source offset). Returns false, leaving
// the plan unchanged, when a copy cannot be expressed over the view (the
// caller then materializes the view first with copy_to_contiguous).
//
// Each dim of a copy that moves (extent > 1, stride != 0) must walk one axis
// of the input (its stride a multiple of that axis's row-major stride), or
// split exactly into one digit per axis it crosses (a flat run over whole
// rows: reshape's copy); input axes that are contiguous in the view count as
// one. Wrapped dims (roll's src_wrap and rotate) and the components of an
// index (gather*) are never split; an indexed copy's `slice` elements must be
// contiguous in the view too. Dims of extent 1 and stride-0 dims stay as
// they are. Copies of other sources (and of the output), and fills, are
// untouched; runs (RunCopy) of `source` cannot read a view: false. All
// arithmetic is checked: a view whose strides would overflow int64 is false.
bool rebase_source(CopyPlan& plan, int source, const Shape& input, const View& view);

// The outputs of `plan` as views of its source buffer, when the plan is
// exactly one StridedCopy per output (no fills, no indexed copies, no wrap,
// no rotate), output k written contiguously in row-major order at its place
// in the output block (outputs back to back, in order; `outputs` their
// shapes): per output, the view whose elements are that output (dims =
// outputs[k]; strides and offset in the source). Else nullopt.
//
// All copies must read source 0. Empty outputs need no copy (their view has
// the output's row-major strides and offset 0); output dims of 1 get stride 0.
std::optional<std::vector<View>> plan_as_views(const CopyPlan& plan, const std::vector<Shape>& outputs);

}  // namespace tensor_ops
