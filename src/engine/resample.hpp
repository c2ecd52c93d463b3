// The engine of resize: a separable resampling. Per resized axis the taps
// (engine/resample_taps.hpp) are computed once, when the kernel is made;
// a run is then one weighted gather per axis (an intermediate buffer
// between axes), or, for an image's two spatial axes, a fused pass that
// combines input rows then resamples each combined row. Nearest is a pure
// gather of elements, bit for bit.
//
// Arithmetic (what the fixtures and the fuzzer reproduce bit for bit): in
// float64 for float64, int32, uint32, int64 and uint64, else in float32,
// weights rounded once to that precision; the axes resized in order of
// out/in (the one that shrinks the data most first; ties: the lower axis
// first when they shrink, the higher one when they do not, so that an
// image's W, whose taps are gathers, is resampled while it has fewer rows); per output element of an axis, acc = w0 * x0, then acc = acc +
// wt * xt in tap order, each product and sum rounded (no fused
// multiply-add); the intermediate between axes held in the computing
// precision; the last axis's value converted once to x's dtype (integers:
// nearest, ties to even, saturated). Axes whose taps are the identity are
// skipped.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "base/dtype.hpp"
#include "base/shape.hpp"
#include "engine/resample_taps.hpp"
#include "engine/thread_pool.hpp"

namespace tensor_ops {

// One resized axis, in running order.
struct ResamplePass {
  int axis = 0;
  int64_t out_len = 0;
  int taps = 1;
  std::vector<int64_t> index;  // out_len * taps, into the axis
  std::vector<float> weight32;
  std::vector<double> weight64;
};

struct PreparedResample {
  DType dtype = DType::Float32;
  bool wide = false;     // computes in float64
  bool nearest = false;  // a gather of elements
  // passes[0] and [1] are axes h and h + 1 (H first) or h + 1 and h (W
  // first), at most one dim after them: a fused image kernel.
  enum class Fused { No, HFirst, WFirst } fused = Fused::No;
  // uint8 halved along both (dense) axes of an H-first fused pair with taps
  // (0.5, 0.5): the exact integer kernel of engine/resample_box.hpp.
  bool box = false;
  Shape input;
  std::vector<int64_t> src_strides;  // x's view
  Shape output;
  std::vector<ResamplePass> passes;
  // Nearest: per dim, the source offset (in elements) of each output index.
  std::vector<std::vector<int64_t>> gather;
  // Room for the intermediates (two, in turn) and the fused kernel's rows,
  // taken when the kernel is made so that a run allocates nothing.
  std::shared_ptr<unsigned char> scratch;
  int64_t between_elems = 0;  // each intermediate's room, in computing elements
  int64_t row_elems = 0;      // each fused piece's room: an input row and an output row
};

// The fused kernels' pieces run at most this many at once (rows of their own each).
constexpr int kResamplePieces = 16;
// The W-first fused kernel keeps H's taps' rows on the stack: at most this many.
constexpr int kMaxImageTaps = 64;

// Prepares the resampling of x (`input` dims read with `src_strides` from
// element 0) with one AxisTaps per dim (dims not resized: identity taps).
// False when the scratch memory cannot be had.
bool prepare_resample(DType dtype, const Shape& input, const std::vector<int64_t>& src_strides,
                      const std::vector<AxisTaps>& axes, bool nearest, PreparedResample* out);

// Writes the output, contiguous in row-major order.
void run_resample(const PreparedResample& p, const void* src, void* dst, ThreadPool* pool) noexcept;

// The running order of the resized axes (the non-identity ones).
std::vector<int> resample_order(const std::vector<AxisTaps>& axes);

}  // namespace tensor_ops
