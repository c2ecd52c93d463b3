#include "engine/index_error.hpp"

#include <string>

namespace tensor_ops {

Status index_out_of_range(const char* op, const Shape& index_shape, IndexType type, const BadIndex& bad,
                          const std::vector<int64_t>& axes, const std::vector<int64_t>& axis_dims) {
  // The position as a multi-index of the index tensor.
  std::vector<int64_t> at(index_shape.size());
  int64_t rest = bad.position;
  for (size_t k = at.size(); k-- > 0;) {
    at[k] = rest % index_shape[k];
    rest /= index_shape[k];
  }
  std::string where = "indices";
  if (!at.empty()) where += format_list(at);
  const std::string value =
      index_type_is_signed(type) ? std::to_string(static_cast<int64_t>(bad.bits)) : std::to_string(bad.bits);
  const size_t j = static_cast<size_t>(bad.component);
  const int64_t d = axis_dims[j];
  return invalid_argument(op, where + " value " + value + " is out of range [" + std::to_string(-d) + ", " +
                                  std::to_string(d) + ") of x.shape[" + std::to_string(axes[j]) + "] = " +
                                  std::to_string(d));
}

}  // namespace tensor_ops
