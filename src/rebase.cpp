#include "rebase.hpp"

namespace tensor_ops {

bool rebase_source(CopyPlan&, int, const Shape&, const View&) { return false; }

std::optional<std::vector<View>> plan_as_views(const CopyPlan&, const std::vector<Shape>&) { return std::nullopt; }

}  // namespace tensor_ops
