// Dtype conversion (the engine primitive of `cast`): a strided copy whose
// elements change type on the way, optionally as y = x * scale + bias with
// one scale and bias for all elements or one per index of a channel dim.
// The value rules are in convert_scalar.hpp.
#pragma once

#include <cstdint>
#include <vector>

#include "base/dtype.hpp"
#include "base/error.hpp"
#include "engine/convert_scalar.hpp"
#include "engine/engine.hpp"
#include "engine/thread_pool.hpp"

namespace tensor_ops {

// For every index i of the iteration space `dims` (row-major), converts the
// src_type element at src_offset + sum(i[k] * src_strides[k]) of the source
// to the dst_type element at dst_offset + sum(i[k] * dst_strides[k]) of the
// destination. Offsets and strides count elements of each side's own dtype;
// strides may be negative, and 0 on the source (broadcast). The destination
// positions must be distinct, and the two buffers must not overlap.
//
// scale and bias: empty (none: 1 and 0), one value (for every element), or
// dims[channel_dim] values (value c for the elements whose index along dim
// channel_dim is c). When either is given, the result is
// convert(x * scale + bias) as convert_scalar.hpp says (the computing
// precision follows from the two dtypes; the doubles here are rounded to it).
struct ConvertCopy {
  std::vector<int64_t> dims;
  std::vector<int64_t> src_strides;
  std::vector<int64_t> dst_strides;
  int64_t src_offset = 0;
  int64_t dst_offset = 0;
  DType src_type = DType::Float32;
  DType dst_type = DType::Float32;
  Rounding rounding = Rounding::Auto;
  std::vector<double> scale;
  std::vector<double> bias;
  int channel_dim = -1;  // the dim scale and bias are indexed along (when they have several values)

  bool affine() const noexcept { return !scale.empty() || !bias.empty(); }
};

// Whether a conversion with scale and bias between these dtypes computes in
// float64 (else in float32).
bool convert_computes_in_float64(DType src, DType dst) noexcept;

// INVALID_ARGUMENT for a plan that breaks the rules above (sizes of the
// stride lists, negative dims, channel_dim out of range, scale or bias of a
// length other than 0, 1 or dims[channel_dim]). `op` names the operation in
// the message. Does not check the buffers' extents (the caller's views do).
Status check_convert(const char* op, const ConvertCopy& copy);

// The inner two dims of a conversion, handed to a kernel (convert_kernels.hpp).
struct ConvertBlock;
using ConvertBlockFn = void (*)(const ConvertBlock& block) noexcept;

// Which loop runs the inner two dims (for tests and benchmarks).
enum class ConvertKernel {
  Empty,         // nothing to convert
  Copy,          // the same bits (same dtype, or integers of one width), no scale: the copy engine
  Generic,       // element by element, any strides, any pair (a plain loop where rows are contiguous)
  Contiguous,    // vector loop: inner dim contiguous on both sides
  Deinterleave,  // vector loop: uint8 pixels of 3 or 4 interleaved channels to planes
  Periodic,      // vector loop: uint8 pixels of 2 to 4 channels, dense, one coefficient per channel (channels last)
};

// The dims of a conversion as run: unit dims dropped, contiguous ones merged,
// ordered so that writes stream; the inner dim last.
struct ConvertDim {
  int64_t n;
  int64_t src_stride;
  int64_t dst_stride;
  int64_t coef_stride;  // 1 along the channel dim, else 0
};

// A conversion ready to run, many times, on any buffers.
struct PreparedConvert {
  DType src_type = DType::Float32;
  DType dst_type = DType::Float32;
  ConvertKernel kernel = ConvertKernel::Empty;
  bool affine = false;
  bool nearest = false;  // how floats become integers
  std::vector<ConvertDim> dims;  // >= 2 unless Empty or Copy
  int64_t src_offset = 0;
  int64_t dst_offset = 0;
  // One value per channel (or one): in float32 and float64.
  std::vector<float> scale32, bias32;
  std::vector<double> scale64, bias64;
  PreparedPlan copy;  // Kernel Copy: the whole conversion as a copy plan
  ConvertBlockFn block = nullptr;  // the kernel
  int64_t elements = 0;
  int64_t period = 0;  // Kernel Periodic: the channels repeating along the inner dim
};

// Builds the loops and picks the kernel (fast_paths = false: always Generic,
// to compare the vector kernels with). The copy must pass check_convert.
PreparedConvert prepare_convert(const ConvertCopy& copy, bool fast_paths = true);

// Converts from `src` to `dst`, spread over `pool` when given and the
// conversion moves at least the engine's parallel threshold of bytes.
void execute_convert(const PreparedConvert& plan, const void* src, void* dst,
                     ThreadPool* pool = nullptr) noexcept;
// Prepares and runs at once (allocates).
void execute_convert(const ConvertCopy& copy, const void* src, void* dst, ThreadPool* pool = nullptr);

// For tests: the threshold (bytes, the larger of the two sides) below which
// execute_convert stays on the calling thread; kParallelMinBytes by default.
void set_convert_parallel_min_bytes(int64_t bytes) noexcept;

}  // namespace tensor_ops
