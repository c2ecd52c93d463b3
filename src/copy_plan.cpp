#include "copy_plan.hpp"

#include <string>

#include "error.hpp"

namespace tensor_ops {

Status check_elem_size(const char* op, size_t elem_size) {
  if (elem_size != 1 && elem_size != 2 && elem_size != 4 && elem_size != 8) {
    return invalid_argument(op, "element size " + std::to_string(elem_size) +
                             " is not 1, 2, 4 or 8 bytes");
  }
  return Status();
}

StridedCopy contiguous_copy(int64_t elements) {
  StridedCopy copy;
  copy.dims = {elements};
  copy.src_strides = {1};
  copy.dst_strides = {1};
  return copy;
}

}  // namespace tensor_ops
