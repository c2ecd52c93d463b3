// Where each output index of one resized axis reads, and with which weights
// (the rules of ONNX Resize-19 along one axis): the coordinate transform,
// then nearest's one index, linear's two, cubic's four, or with antialias
// as many as the filter, stretched by 1 / scale when downscaling, covers.
// Computed once per call shape, in double, for the resample kernel.
#pragma once

#include <cstdint>
#include <vector>

namespace tensor_ops {

enum class ResampleMode { Nearest, Linear, Cubic };
// The order of resize's coordinateTransformationMode names (tf_crop_and_resize
// last: named so that its error can say what to use instead).
enum class CoordinateMode { HalfPixel, HalfPixelSymmetric, PytorchHalfPixel, AlignCorners, Asymmetric, TfCropAndResize };
enum class NearestMode { RoundPreferFloor, RoundPreferCeil, Floor, Ceil };

struct ResampleRule {
  ResampleMode mode = ResampleMode::Nearest;
  CoordinateMode coordinates = CoordinateMode::HalfPixel;
  NearestMode nearest = NearestMode::RoundPreferFloor;
  double cubic_a = -0.75;
  bool exclude_outside = false;
  bool antialias = false;  // linear and cubic only (nearest ignores it, as ONNX)
};

// One axis: out_len output indices, each reading `taps` input indices
// (clamped into [0, in_len): the edge repeats) with weights.
struct AxisTaps {
  int64_t in_len = 0;
  int64_t out_len = 0;
  int taps = 1;
  std::vector<int64_t> index;  // out_len * taps
  std::vector<double> weight;  // out_len * taps (nearest: 1)
  // Every output index reads its own input index with weight 1, or a length
  // of 1 stays 1: nothing to do.
  bool identity() const noexcept;
};

// The input coordinate of output index x along an axis of in_len resized to
// out_len by `scale` (the coordinate formulas use in_len * scale, not
// rounded, as the resized length).
double original_coordinate(CoordinateMode mode, int64_t x, int64_t in_len, int64_t out_len, double scale) noexcept;

// The taps of an axis of in_len resized to out_len by `scale`.
AxisTaps axis_taps(const ResampleRule& rule, int64_t in_len, int64_t out_len, double scale);

}  // namespace tensor_ops
