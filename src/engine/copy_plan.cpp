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
  switch (type) {
    case IndexType::Int8:
    case IndexType::Uint8: return 1;
    case IndexType::Int16:
    case IndexType::Uint16: return 2;
    case IndexType::Int32:
    case IndexType::Uint32: return 4;
    case IndexType::Int64:
    case IndexType::Uint64: return 8;
  }
  return 8;
}

const char* index_type_name(IndexType type) noexcept {
  switch (type) {
    case IndexType::Int32: return "int32";
    case IndexType::Uint32: return "uint32";
    case IndexType::Int64: return "int64";
    case IndexType::Uint64: return "uint64";
    case IndexType::Int8: return "int8";
    case IndexType::Uint8: return "uint8";
    case IndexType::Int16: return "int16";
    case IndexType::Uint16: return "uint16";
  }
  return "?";
}

bool index_type_is_signed(IndexType type) noexcept {
  return type == IndexType::Int8 || type == IndexType::Int16 || type == IndexType::Int32 ||
         type == IndexType::Int64;
}

IndexType index_type_of(DType type) noexcept {
  switch (type) {
    case DType::Int8: return IndexType::Int8;
    case DType::Uint8: return IndexType::Uint8;
    case DType::Int16: return IndexType::Int16;
    case DType::Uint16: return IndexType::Uint16;
    case DType::Int32: return IndexType::Int32;
    case DType::Uint32: return IndexType::Uint32;
    case DType::Uint64: return IndexType::Uint64;
    default: return IndexType::Int64;
  }
}

StridedCopy contiguous_copy(int64_t elements) {
  StridedCopy copy;
  copy.dims = {elements};
  copy.src_strides = {1};
  copy.dst_strides = {1};
  return copy;
}

}  // namespace tensor_ops
