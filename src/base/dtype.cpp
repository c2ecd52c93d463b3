#include "base/dtype.hpp"

namespace tensor_ops {
namespace {

struct Facts {
  unsigned char bytes;
  bool is_float;
  bool is_integer;
  bool is_signed;
};

constexpr Facts kFacts[kDTypeCount] = {
    {1, false, true, true},  {1, false, true, false}, {1, false, false, false}, {2, false, true, true},
    {2, false, true, false}, {2, true, false, true},  {2, true, false, true},   {4, false, true, true},
    {4, false, true, false}, {4, true, false, true},  {8, false, true, true},   {8, false, true, false},
    {8, true, false, true},
};

const Facts& facts(DType type) noexcept { return kFacts[static_cast<int>(type)]; }

}  // namespace

const char* const kDTypeNames[kDTypeCount] = {"int8",  "uint8",  "bool",    "int16",  "uint16", "float16", "bfloat16",
                                              "int32", "uint32", "float32", "int64",  "uint64", "float64"};

const char* dtype_name(DType type) noexcept { return kDTypeNames[static_cast<int>(type)]; }
size_t dtype_bytes(DType type) noexcept { return facts(type).bytes; }
bool is_float(DType type) noexcept { return facts(type).is_float; }
bool is_integer(DType type) noexcept { return facts(type).is_integer; }
bool is_signed(DType type) noexcept { return facts(type).is_signed; }
bool is_dtype_code(int64_t code) noexcept { return code >= 0 && code < kDTypeCount; }

}  // namespace tensor_ops
