#include "base/dtype.hpp"

namespace tensor_ops {
namespace {

struct Facts {
  const char* name;
  unsigned char bytes;
  bool is_float;
  bool is_integer;
  bool is_signed;
};

constexpr Facts kFacts[kDTypeCount] = {
    {"int8", 1, false, true, true},       {"uint8", 1, false, true, false},    {"bool", 1, false, false, false},
    {"int16", 2, false, true, true},      {"uint16", 2, false, true, false},   {"float16", 2, true, false, true},
    {"bfloat16", 2, true, false, true},   {"int32", 4, false, true, true},     {"uint32", 4, false, true, false},
    {"float32", 4, true, false, true},    {"int64", 8, false, true, true},     {"uint64", 8, false, true, false},
    {"float64", 8, true, false, true},
};

const Facts& facts(DType type) noexcept { return kFacts[static_cast<int>(type)]; }

}  // namespace

const char* dtype_name(DType type) noexcept { return facts(type).name; }
size_t dtype_bytes(DType type) noexcept { return facts(type).bytes; }
bool is_float(DType type) noexcept { return facts(type).is_float; }
bool is_integer(DType type) noexcept { return facts(type).is_integer; }
bool is_signed(DType type) noexcept { return facts(type).is_signed; }
bool is_dtype_code(int64_t code) noexcept { return code >= 0 && code < kDTypeCount; }

}  // namespace tensor_ops
