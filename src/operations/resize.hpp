// Resize (ONNX Resize-19; WebNN resample2d is its half_pixel case): nearest,
// linear or cubic resampling of any axes, by sizes or by scales. The rules
// (which output dims, which coordinate each output index maps to) are here;
// the kernel is engine/resample.hpp. docs/operations/resize.md states them.
#pragma once

#include "engine/resample_taps.hpp"
#include "operations/op_spec.hpp"

namespace tensor_ops {

// A resize, its options checked: the output dims, and per dim of x its
// scale for the coordinate formulas (1 on the dims not listed).
struct ResizeGeometry {
  Shape output;
  std::vector<double> scales;
  std::vector<bool> listed;
  ResampleRule rule;
};

// The checks of resize and its geometry, from the call's arguments.
Result<ResizeGeometry> resize_geometry(const OpArgs& args);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& resize_op();

}  // namespace tensor_ops
