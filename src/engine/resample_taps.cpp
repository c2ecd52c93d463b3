#include "engine/resample_taps.hpp"

#include <algorithm>
#include <cmath>

// Weights are compared bit for bit with the fixtures' numpy formulation
// (tests/fixtures/ops/resize.py): every product and sum rounded on its own.
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

namespace tensor_ops {
namespace {

// ONNX's cubic convolution coefficients for the 4 neighbours at distances
// ratio + 1, ratio, 1 - ratio, 2 - ratio (ONNX's reference, term by term).
void cubic_coeffs(double r, double a, double* c) {
  const double r1 = r + 1, s = 1 - r, s1 = s + 1;
  c[0] = ((a * r1 - 5 * a) * r1 + 8 * a) * r1 - 4 * a;
  c[1] = ((a + 2) * r - (a + 3)) * r * r + 1;
  c[2] = ((a + 2) * s - (a + 3)) * s * s + 1;
  c[3] = ((a * s1 - 5 * a) * s1 + 8 * a) * s1 - 4 * a;
}

// The cubic kernel at distance x (Resize-18's antialias form).
double cubic_at(double x, double a) {
  x = std::fabs(x);
  const double x2 = x * x, x3 = x * x2;
  if (x <= 1) return (a + 2) * x3 - (a + 3) * x2 + 1;
  if (x < 2) return a * x3 - 5 * a * x2 + 8 * a * x - 4 * a;
  return 0;
}

void normalize(double* w, int n) {
  double sum = 0;
  for (int t = 0; t < n; ++t) sum += w[t];
  if (sum == 0) return;  // every tap outside (excludeOutside): zeros
  for (int t = 0; t < n; ++t) w[t] /= sum;
}

// How many taps and the first one's offset from floor(x): the filter's
// support (linear 1, cubic 2) stretched by 1 / min(scale, 1) with antialias.
void window(const ResampleRule& rule, double scale, int* taps, int* start) {
  if (rule.mode == ResampleMode::Nearest) {
    *taps = 1;
    *start = 0;
    return;
  }
  const double support = rule.mode == ResampleMode::Linear ? 1 : 2;
  if (!rule.antialias) {
    *start = rule.mode == ResampleMode::Linear ? 0 : -1;
  } else {
    const double s = std::min(scale, 1.0);
    *start = static_cast<int>(std::floor(-support / s) + 1);
  }
  *taps = 2 - 2 * *start;
}

}  // namespace

bool AxisTaps::identity() const noexcept {
  if (in_len != out_len) return false;
  if (in_len == 1) return true;  // one element stays itself (the weights sum to 1)
  // Each row: weight 1 on its own index, 0 on every other tap.
  for (int64_t j = 0; j < out_len; ++j) {
    int own = 0;
    for (int t = 0; t < taps; ++t) {
      const size_t at = static_cast<size_t>(j * taps + t);
      if (weight[at] == 0) continue;
      if (weight[at] != 1 || index[at] != j) return false;
      ++own;
    }
    if (own != 1) return false;
  }
  return true;
}

double original_coordinate(CoordinateMode mode, int64_t x, int64_t in_len, int64_t out_len, double scale) noexcept {
  const double xr = static_cast<double>(x);
  const double length = scale * static_cast<double>(in_len);  // the resized length, not rounded
  switch (mode) {
    case CoordinateMode::HalfPixelSymmetric: {
      const double adjustment = static_cast<double>(out_len) / length;
      const double center = static_cast<double>(in_len) / 2;
      const double offset = center * (1 - adjustment);
      return offset + (xr + 0.5) / scale - 0.5;
    }
    case CoordinateMode::PytorchHalfPixel:
      return length > 1 ? (xr + 0.5) / scale - 0.5 : 0;
    case CoordinateMode::AlignCorners:
      return length == 1 ? 0 : xr * static_cast<double>(in_len - 1) / (length - 1);
    case CoordinateMode::Asymmetric:
      return xr / scale;
    case CoordinateMode::HalfPixel:
    case CoordinateMode::TfCropAndResize:
      break;
  }
  return (xr + 0.5) / scale - 0.5;
}

AxisTaps axis_taps(const ResampleRule& rule, int64_t in_len, int64_t out_len, double scale) {
  AxisTaps a;
  a.in_len = in_len;
  a.out_len = out_len;
  if (out_len == 0) return a;  // no output index (and a scale of 0 would make no window)
  int start = 0;
  window(rule, scale, &a.taps, &start);
  const size_t n = static_cast<size_t>(out_len) * static_cast<size_t>(a.taps);
  a.index.resize(n);
  a.weight.resize(n);
  const double s = std::min(scale, 1.0);
  std::vector<double> w(static_cast<size_t>(a.taps));
  for (int64_t j = 0; j < out_len; ++j) {
    const double x = original_coordinate(rule.coordinates, j, in_len, out_len, scale);
    // ONNX prefers the neighbour below: at an integer x the taps are those
    // of floor(x) - 1 with ratio 1.
    double fl = std::floor(x);
    double r = x - fl;
    if (r == 0) {
      fl -= 1;
      r = 1;
    }
    const int64_t x0 = static_cast<int64_t>(fl);
    int64_t* idx = &a.index[static_cast<size_t>(j) * static_cast<size_t>(a.taps)];
    double* wt = &a.weight[static_cast<size_t>(j) * static_cast<size_t>(a.taps)];
    if (rule.mode == ResampleMode::Nearest) {
      bool up = false;
      switch (rule.nearest) {
        case NearestMode::RoundPreferFloor: up = r > 0.5; break;
        case NearestMode::RoundPreferCeil: up = r >= 0.5; break;
        case NearestMode::Floor: up = r == 1; break;
        case NearestMode::Ceil: up = true; break;
      }
      idx[0] = std::clamp<int64_t>(x0 + (up ? 1 : 0), 0, in_len - 1);
      wt[0] = 1;
      continue;
    }
    if (!rule.antialias) {
      if (rule.mode == ResampleMode::Linear) {
        w[0] = 1 - r;
        w[1] = r;
      } else {
        cubic_coeffs(r, rule.cubic_a, w.data());
      }
    } else {
      for (int t = 0; t < a.taps; ++t) {
        const double arg = (static_cast<double>(start + t) - r) * s;
        w[static_cast<size_t>(t)] = rule.mode == ResampleMode::Linear ? std::clamp(1 - std::fabs(arg), 0.0, 1.0)
                                                                      : cubic_at(arg, rule.cubic_a);
      }
      normalize(w.data(), a.taps);
    }
    for (int t = 0; t < a.taps; ++t) {
      const int64_t i = x0 + start + t;
      const bool in = i >= 0 && i < in_len;
      if (rule.exclude_outside && !in) {
        w[static_cast<size_t>(t)] = 0;
      }
      idx[t] = std::clamp<int64_t>(i, 0, in_len - 1);
      wt[t] = w[static_cast<size_t>(t)];
    }
    // ONNX renormalizes whenever excludeOutside is set.
    if (rule.exclude_outside) normalize(wt, a.taps);
  }
  return a;
}

}  // namespace tensor_ops
