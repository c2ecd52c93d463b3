// The one error type of the core: a code from the public API's table and a
// message that names the operation, the parameter and the offending value.
#pragma once

#include <stdexcept>
#include <string>

namespace tensor_ops {

enum class ErrorCode { InvalidArgument, ShapeMismatch, OutOfMemory };

// The code as the JavaScript API spells it ("INVALID_ARGUMENT", ...).
const char* error_code_name(ErrorCode code) noexcept;

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message);
  ErrorCode code() const noexcept { return code_; }

 private:
  ErrorCode code_;
};

// Shorthands that build "<op>: <what>" messages.
[[noreturn]] void invalid_argument(const char* op, const std::string& what);
[[noreturn]] void shape_mismatch(const char* op, const std::string& what);
[[noreturn]] void out_of_memory(const char* op, const std::string& what);

}  // namespace tensor_ops
