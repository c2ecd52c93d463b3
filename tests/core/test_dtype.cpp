// The dtype table: names as the JavaScript API spells them, widths, kinds.
#include <catch2/catch.hpp>

#include <string>

#include "base/dtype.hpp"

using namespace tensor_ops;

TEST_CASE("dtypes: names, widths and kinds", "[dtype]") {
  CHECK(std::string(dtype_name(DType::Float32)) == "float32");
  CHECK(std::string(dtype_name(DType::Bfloat16)) == "bfloat16");
  CHECK(dtype_bytes(DType::Bool) == 1);
  CHECK(dtype_bytes(DType::Float16) == 2);
  CHECK(dtype_bytes(DType::Uint64) == 8);
  CHECK(is_float(DType::Float16));
  CHECK_FALSE(is_float(DType::Int32));
  CHECK(is_integer(DType::Uint8));
  CHECK_FALSE(is_integer(DType::Bool));
  CHECK(is_signed(DType::Int8));
  CHECK_FALSE(is_signed(DType::Uint16));
  CHECK(is_dtype_code(12));
  CHECK_FALSE(is_dtype_code(13));
  CHECK_FALSE(is_dtype_code(-1));
  size_t total = 0;
  for (int c = 0; c < kDTypeCount; ++c) total += dtype_bytes(static_cast<DType>(c));
  CHECK(total == 1 + 1 + 1 + 2 + 2 + 2 + 2 + 4 + 4 + 4 + 8 + 8 + 8);
}
