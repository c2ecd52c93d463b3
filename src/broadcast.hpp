// Broadcast (OpenVINO Broadcast-3): numpy, bidirectional and explicit modes.
#pragma once

#include <optional>
#include <string>

#include "copy_plan.hpp"

namespace tensor_ops {

enum class BroadcastMode { Numpy, Bidirectional, Explicit };

// "numpy", "bidirectional" or "explicit"; INVALID_ARGUMENT otherwise.
BroadcastMode parse_broadcast_mode(const std::string& name);

Shape broadcast_shape(const Shape& input, const std::vector<int64_t>& target_shape,
                      BroadcastMode mode,
                      const std::optional<std::vector<int64_t>>& axes_mapping = std::nullopt);

CopyPlan plan_broadcast(const Shape& input, const std::vector<int64_t>& target_shape,
                        BroadcastMode mode,
                        const std::optional<std::vector<int64_t>>& axes_mapping,
                        size_t elem_size);

}  // namespace tensor_ops
