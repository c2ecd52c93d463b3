// What a CopyPlan means, element by element, written from the comments of
// copy_plan.hpp and independently of the engine: the reference the engine's
// fast paths are checked against. Plus random strided copies to feed it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "helpers.hpp"

namespace pref {

using tensor_ops::CopyPlan;
using tensor_ops::StridedCopy;
using th::Ints;

// Runs every copy of `plan` one element at a time, from sources[copy.source]
// to dst.
void naive_execute(const CopyPlan& plan, const std::vector<const unsigned char*>& sources,
                   unsigned char* dst);

// One axis of a random view: extent and stride (in elements) in its tensor.
struct Axis {
  int64_t n;
  int64_t stride;
};

// A random strided view of a row-major tensor of `volume` elements: permuted,
// split, reversed, sliced (any step) and broadcast axes, built by hand so as
// not to share code with src/engine/view.cpp.
struct RandomView {
  Ints shape;  // the tensor viewed
  std::vector<Axis> axes;
  int64_t offset = 0;
};
RandomView random_view(th::Rng& rng, size_t max_rank, int64_t max_dim, int64_t max_volume);

// The copy of `view` into a contiguous row-major destination of its dims.
StridedCopy gather_copy(const RandomView& view);

int64_t count(const std::vector<Axis>& axes);  // product of the extents

// Runs `plan` with the engine (one-source path, prepared path, alone and on
// `pool`) and with naive_execute, on pseudo-random sources of the given
// element counts and a destination of `out_elems` elements prefilled with a
// pattern; returns "" when every byte of the destination (and guards past
// both ends) agrees, else where it first differs.
std::string compare_with_engine(const CopyPlan& plan, const std::vector<int64_t>& source_elems,
                                int64_t out_elems, tensor_ops::ThreadPool* pool, uint64_t seed);

std::string describe(const StridedCopy& copy);  // for INFO()

}  // namespace pref
