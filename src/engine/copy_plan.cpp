#include "engine/copy_plan.hpp"

#include <string>

#include "base/error.hpp"

namespace tensor_ops {

Status check_elem_size(const char* op, size_t elem_size) {
  if (elem_size != 1 && elem_size != 2 && elem_size != 4 && elem_size != 8) {
    return invalid_argument(op, "element size " + std::to_string(elem_size) +
                             " is not 1, 2, 4 or 8 bytes");
  }
  return Status();
}

size_t index_type_bytes(IndexType type) noexcept {
  return type == IndexType::Int32 || type == IndexType::Uint32 ? 4 : 8;
}

const char* index_type_name(IndexType type) noexcept {
  switch (type) {
    case IndexType::Int32: return "int32";
    case IndexType::Uint32: return "uint32";
    case IndexType::Int64: return "int64";
    case IndexType::Uint64: return "uint64";
  }
  return "?";
}

StridedCopy contiguous_copy(int64_t elements) {
  StridedCopy copy;
  copy.dims = {elements};
  copy.src_strides = {1};
  copy.dst_strides = {1};
  return copy;
}

}  // namespace tensor_ops
