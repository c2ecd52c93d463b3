// Pad (OpenVINO Pad-12, with ONNX Pad-19's wrap mode): pads before and after
// every axis with a constant, the edge element, a mirror without the edge
// (reflect), a mirror with the edge (symmetric) or periodically (wrap);
// negative pads crop.
#pragma once

#include <cstdint>
#include <optional>

#include "operations/op_spec.hpp"

namespace tensor_ops {

enum class PadMode { Constant, Edge, Reflect, Symmetric, Wrap };
// The modes' names, in the enum's order (the operation table passes indices).
inline constexpr const char* kPadModeNames[] = {"constant", "edge", "reflect", "symmetric", "wrap"};

// The most copies a plan of the edge, reflect, symmetric or wrap modes may
// hold. Such a plan copies the interior from x, then each axis's borders
// from what the output already holds (a few copies per axis, for any
// number of axes). Only an axis whose border reads elements that the other
// side crops away (or that keeps no interior) is instead cut into its up
// to 3 pieces, each copied from x, and the pieces of such axes multiply:
// 3^8 lets about 8 of them share a call. A constant plan is at most one
// copy and 2 * rank fills, and has no such limit.
constexpr int64_t kMaxPadCopies = 6561;

// `value_bits`: the fill value as the raw bits of one element (low
// elem_size bytes; the caller converts it for its dtype), or nullopt when
// the value is not given (0 bits: zero in every dtype). Given with a mode
// other than constant, it is INVALID_ARGUMENT.
Result<Shape> pad_shape(const Shape& input, const std::vector<int64_t>& pads_begin,
                        const std::vector<int64_t>& pads_end, PadMode mode,
                        std::optional<uint64_t> value_bits, size_t elem_size);

Result<CopyPlan> plan_pad(const Shape& input, const std::vector<int64_t>& pads_begin,
                          const std::vector<int64_t>& pads_end, PadMode mode,
                          std::optional<uint64_t> value_bits, size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& pad_op();

}  // namespace tensor_ops
