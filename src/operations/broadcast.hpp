// Broadcast (OpenVINO Broadcast-3): numpy, bidirectional and explicit modes.
#pragma once

#include <optional>
#include <string>

#include "operations/op_spec.hpp"

namespace tensor_ops {

enum class BroadcastMode { Numpy, Bidirectional, Explicit };
// The modes' names, in the enum's order (the operation table passes indices).
inline constexpr const char* kBroadcastModeNames[] = {"numpy", "bidirectional", "explicit"};

// "numpy", "bidirectional" or "explicit"; INVALID_ARGUMENT otherwise.
Result<BroadcastMode> parse_broadcast_mode(const std::string& name);

Result<Shape> broadcast_shape(const Shape& input, const std::vector<int64_t>& target_shape,
                      BroadcastMode mode,
                      const std::optional<std::vector<int64_t>>& axes_mapping = std::nullopt);

Result<CopyPlan> plan_broadcast(const Shape& input, const std::vector<int64_t>& target_shape,
                        BroadcastMode mode,
                        const std::optional<std::vector<int64_t>>& axes_mapping,
                        size_t elem_size);

// Its entry in the operation table (runtime/op_list.hpp).
const OpSpec& broadcast_op();

}  // namespace tensor_ops
