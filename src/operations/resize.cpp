#include "operations/resize.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>

#include "engine/resample.hpp"

namespace tensor_ops {
namespace {

constexpr const char* kOp = "resize";
const char* const kModes[] = {"nearest", "linear", "cubic"};  // ResampleMode's order
const char* const kCoordinateModes[] = {"half_pixel",    "half_pixel_symmetric", "pytorch_half_pixel",
                                        "align_corners", "asymmetric",           "tf_crop_and_resize"};
const char* const kNearestModes[] = {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"};
const char* const kPolicies[] = {"stretch", "not_larger", "not_smaller"};
constexpr double kMaxResizedDim = 9007199254740992.0;  // 2^53

// As JavaScript prints it: NaN, Infinity, -0.
std::string number_text(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  char text[32];
  std::snprintf(text, sizeof text, "%.10g", v);
  return text;
}

std::string numbers_text(const std::vector<double>& v) {
  std::string text = "[";
  for (size_t i = 0; i < v.size(); ++i) text += (i ? ", " : "") + number_text(v[i]);
  return text + "]";
}

bool flag(const OpArgs& a, const char* name) { return a.given(name) && a.scalar(name) != 0; }

// axes: given (each in [-rank, rank), none repeated) or every axis.
Result<std::vector<int64_t>> listed_axes(const OpArgs& a, int64_t rank) {
  std::vector<int64_t> axes;
  if (!a.given("axes")) {
    for (int64_t k = 0; k < rank; ++k) axes.push_back(k);
    return axes;
  }
  const std::vector<int64_t>& given = a.ints("axes");
  std::vector<bool> seen(static_cast<size_t>(rank), false);
  for (int64_t v : given) {
    int64_t k = 0;
    TENSOR_OPS_ASSIGN(k, normalize_axis(kOp, "axes", v, rank));
    if (seen[static_cast<size_t>(k)]) {
      return invalid_argument(kOp, "axes " + format_list(given) + " repeats axis " + std::to_string(k));
    }
    seen[static_cast<size_t>(k)] = true;
    axes.push_back(k);
  }
  return axes;
}

}  // namespace

Result<ResizeGeometry> resize_geometry(const OpArgs& a) {
  ResizeGeometry g;
  const Shape& x = a.input;
  const int64_t rank = static_cast<int64_t>(x.size());
  if (a.dtype == DType::Bool) {
    return invalid_argument(kOp, "x.dtype bool cannot be interpolated; cast it to uint8 first");
  }
  const int64_t coordinates = a.scalar("coordinateTransformationMode");
  if (coordinates == static_cast<int64_t>(CoordinateMode::TfCropAndResize)) {
    return invalid_argument(kOp,
                            "coordinateTransformationMode 'tf_crop_and_resize' is not supported: crop with "
                            "slice, then resize the slice");
  }
  g.rule.mode = static_cast<ResampleMode>(a.scalar("mode"));
  g.rule.coordinates = static_cast<CoordinateMode>(coordinates);
  g.rule.nearest = static_cast<NearestMode>(a.scalar("nearestMode"));
  g.rule.exclude_outside = flag(a, "excludeOutside");
  g.rule.antialias = flag(a, "antialias");
  if (a.given("cubicCoeffA")) {
    const std::vector<double> c = a.floats("cubicCoeffA");
    if (c.size() != 1 || !std::isfinite(c[0])) {
      return invalid_argument(kOp, "cubicCoeffA must be one finite number, got " +
                                       (c.size() == 1 ? number_text(c[0]) : numbers_text(c)));
    }
    g.rule.cubic_a = c[0];
  }
  const bool by_sizes = a.given("sizes"), by_scales = a.given("scales");
  if (by_sizes == by_scales) {
    return invalid_argument(kOp, std::string("give exactly one of sizes and scales, got ") +
                                     (by_sizes ? "both" : "neither"));
  }
  const int64_t policy = a.scalar("keepAspectRatioPolicy");
  if (policy != 0 && by_scales) {
    return invalid_argument(kOp, std::string("keepAspectRatioPolicy '") + kPolicies[policy] +
                                     "' applies to sizes only; with scales, leave it out");
  }
  std::vector<int64_t> axes;
  TENSOR_OPS_ASSIGN(axes, listed_axes(a, rank));
  const size_t count = by_sizes ? a.ints("sizes").size() : a.floats("scales").size();
  if (count != axes.size()) {
    const std::string what = by_sizes ? "sizes " + format_list(a.ints("sizes")) : "scales " + numbers_text(a.floats("scales"));
    return invalid_argument(kOp, what + " has " + std::to_string(count) + " values, but " +
                                     (a.given("axes") ? "axes " + format_list(a.ints("axes")) + " lists " +
                                                            std::to_string(axes.size())
                                                      : "x has rank " + std::to_string(rank)) +
                                     ": give one per resized axis");
  }
  g.output = x;
  g.scales.assign(x.size(), 1.0);
  g.listed.assign(x.size(), false);
  for (int64_t k : axes) g.listed[static_cast<size_t>(k)] = true;
  if (by_scales) {
    const std::vector<double> scales = a.floats("scales");
    for (size_t i = 0; i < axes.size(); ++i) {
      const double s = scales[i];
      const size_t k = static_cast<size_t>(axes[i]);
      if (!(s > 0) || !std::isfinite(s)) {
        return invalid_argument(kOp, "scales " + numbers_text(scales) + " has " + number_text(s) +
                                         ", but a scale must be a finite number > 0");
      }
      const double d = std::floor(static_cast<double>(x[k]) * s);
      if (d > kMaxResizedDim) {
        return invalid_argument(kOp, "scales value " + number_text(s) + " makes x.shape[" + std::to_string(k) +
                                         "] = " + std::to_string(x[k]) + " a dim of " + number_text(d) +
                                         ", beyond 2^53");
      }
      g.output[k] = static_cast<int64_t>(d);
      g.scales[k] = s;
    }
  } else {
    const std::vector<int64_t>& sizes = a.ints("sizes");
    for (size_t i = 0; i < axes.size(); ++i) {
      if (sizes[i] < 0 || static_cast<double>(sizes[i]) > kMaxResizedDim) {
        return invalid_argument(kOp, "sizes " + format_list(sizes) + " has " + std::to_string(sizes[i]) +
                                         ", but a size must be in [0, 2^53]");
      }
    }
    if (policy != 0) {
      // One scale for every listed axis: the largest that fits (not_larger) or the smallest that covers.
      double scale = 0;
      for (size_t i = 0; i < axes.size(); ++i) {
        const int64_t d = x[static_cast<size_t>(axes[i])];
        if (d == 0) {
          return invalid_argument(kOp, "x.shape[" + std::to_string(axes[i]) + "] = 0 has no aspect ratio for keepAspectRatioPolicy '" +
                                           kPolicies[policy] + "' to keep");
        }
        const double s = static_cast<double>(sizes[i]) / static_cast<double>(d);
        scale = i == 0 ? s : (policy == 1 ? std::min(scale, s) : std::max(scale, s));
      }
      for (int64_t k : axes) {
        g.output[static_cast<size_t>(k)] = static_cast<int64_t>(std::floor(scale * static_cast<double>(x[static_cast<size_t>(k)]) + 0.5));
      }
    } else {
      for (size_t i = 0; i < axes.size(); ++i) g.output[static_cast<size_t>(axes[i])] = sizes[i];
    }
    for (int64_t k : axes) {
      const size_t u = static_cast<size_t>(k);
      g.scales[u] = x[u] == 0 ? 1.0 : static_cast<double>(g.output[u]) / static_cast<double>(x[u]);
    }
  }
  for (int64_t k : axes) {
    const size_t u = static_cast<size_t>(k);
    if (x[u] == 0 && g.output[u] != 0) {
      return invalid_argument(kOp, "x.shape[" + std::to_string(k) + "] = 0 has nothing to resize to " +
                                       std::to_string(g.output[u]));
    }
  }
  return g;
}

namespace {

class ResizeKernel final : public TypedKernel {
 public:
  explicit ResizeKernel(PreparedResample prepared) : prepared_(std::move(prepared)) {}
  void run(const void* const* sources, void* const* outputs, ThreadPool* pool) const noexcept override {
    run_resample(prepared_, sources[0], outputs[0], pool);
  }

 private:
  PreparedResample prepared_;  // taps and scratch made once: runs allocate nothing
};

Result<Shape> shape_from_args(const OpArgs& a, size_t) {
  ResizeGeometry g;
  TENSOR_OPS_ASSIGN(g, resize_geometry(a));
  return g.output;
}

Result<std::shared_ptr<const TypedKernel>> kernel_from_args(const OpArgs& a) {
  ResizeGeometry g;
  TENSOR_OPS_ASSIGN(g, resize_geometry(a));
  const Shape& x = a.input;
  int64_t volume = 1;
  for (int64_t d : g.output) volume *= d;
  if (volume == 0) {  // nothing to write: no taps (an axis of 2^40 shrunk to 1 beside a dim of 0 would need many)
    PreparedResample nothing;
    nothing.dtype = a.dtype;
    nothing.nearest = true;
    nothing.output = g.output;
    return std::shared_ptr<const TypedKernel>(std::make_shared<ResizeKernel>(std::move(nothing)));
  }
  // The taps' memory (index and two weights per tap, held twice while the
  // kernel is made) must be there before vectors are filled: a failed
  // allocation would abort.
  double taps = 0;
  for (size_t k = 0; k < x.size(); ++k) {
    if (!g.listed[k] || x[k] == 0 || g.output[k] == 0) continue;  // (an output of 0 has scale 0: no taps)
    const double s = std::min(g.scales[k], 1.0);
    const double per = g.rule.mode == ResampleMode::Nearest ? 1 : (g.rule.antialias ? 2 * (2 / s + 1) : 4);
    taps += per * static_cast<double>(g.output[k]);
  }
  const double bytes = taps * 2 * (sizeof(int64_t) + sizeof(double) + sizeof(float)) + 65536;
  void* room = bytes < 2e9 ? std::malloc(static_cast<size_t>(bytes)) : nullptr;
  if (room == nullptr) {
    return out_of_memory(kOp, "the filter's " + number_text(taps) + " taps do not fit in memory");
  }
  std::free(room);
  std::vector<AxisTaps> axes;
  for (size_t k = 0; k < x.size(); ++k) {
    if (g.listed[k] && x[k] != 0) {
      axes.push_back(axis_taps(g.rule, x[k], g.output[k], g.scales[k]));
      continue;
    }
    AxisTaps same;  // not resized: each index reads itself
    same.in_len = same.out_len = g.output[k];
    for (int64_t j = 0; j < g.output[k]; ++j) same.index.push_back(j);
    same.weight.assign(same.index.size(), 1.0);
    axes.push_back(std::move(same));
  }
  const std::vector<int64_t> strides =
      a.input_strides.empty() || a.input_strides[0].empty() ? row_major_strides(x) : a.input_strides[0];
  PreparedResample prepared;
  if (!prepare_resample(a.dtype, x, strides, axes, g.rule.mode == ResampleMode::Nearest, &prepared)) {
    return out_of_memory(kOp, "no memory for the resampling's intermediate rows");
  }
  return std::shared_ptr<const TypedKernel>(std::make_shared<ResizeKernel>(std::move(prepared)));
}

}  // namespace

const OpSpec& resize_op() {
  static const OpSpec spec = [] {
    OpSpec op{kOp,
              {option("sizes", ParamKind::Ints),
               option("scales", ParamKind::Floats),
               option("axes", ParamKind::Ints),
               name_option("mode", kModes),
               name_option("coordinateTransformationMode", kCoordinateModes),
               name_option("nearestMode", kNearestModes),
               option("cubicCoeffA", ParamKind::Floats),
               option("excludeOutside", ParamKind::Bool),
               option("antialias", ParamKind::Bool),
               name_option("keepAspectRatioPolicy", kPolicies)},
              shape_from_args,
              nullptr};
    op.kernel = kernel_from_args;
    return op;
  }();
  return spec;
}

}  // namespace tensor_ops
