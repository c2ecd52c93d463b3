// The element types of tensors, as the JavaScript API names them. Data
// movement needs only their width; conversion, selection and reductions
// need what the bits mean.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tensor_ops {

// Codes in this order cross the boundary (the package reads the names from
// the core at load): add new types at the end.
enum class DType : int {
  Int8 = 0,
  Uint8,
  Bool,  // one byte, 0 or 1
  Int16,
  Uint16,
  Float16,   // IEEE 754 binary16, as raw bits
  Bfloat16,  // the high 16 bits of a float32, as raw bits
  Int32,
  Uint32,
  Float32,
  Int64,
  Uint64,
  Float64,
};
constexpr int kDTypeCount = 13;

// Every dtype's name, by code (a Name parameter's list: a dtype option's).
extern const char* const kDTypeNames[kDTypeCount];
// "float32", ...: the API's name.
const char* dtype_name(DType type) noexcept;
// Bytes per element: 1, 2, 4 or 8.
size_t dtype_bytes(DType type) noexcept;
bool is_float(DType type) noexcept;     // float16, bfloat16, float32, float64
bool is_integer(DType type) noexcept;   // int8 to uint64 (not bool)
bool is_signed(DType type) noexcept;    // the signed integers and the floats
// A valid code (0 to kDTypeCount - 1).
bool is_dtype_code(int64_t code) noexcept;

}  // namespace tensor_ops
