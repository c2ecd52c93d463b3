// What a plan reads of each source: the smallest range of elements holding
// every element its copies read. A plain input is copied into wasm memory
// before a call; only this range needs to be (a slice of the last row of a
// large tensor reads one row of it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/copy_plan.hpp"

namespace tensor_ops {

// Per source k < volumes.size(): [first, end) in elements of the plan's
// elem_size, two words each into `out` ([0, 0) for a source nothing reads).
// An indexed copy reads data-dependent places: its whole source (`volumes`).
void source_footprints(const CopyPlan& plan, const std::vector<int64_t>& volumes, std::vector<int64_t>* out);

}  // namespace tensor_ops
