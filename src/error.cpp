#include "error.hpp"

namespace tensor_ops {

const char* error_code_name(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::InvalidArgument: return "INVALID_ARGUMENT";
    case ErrorCode::ShapeMismatch: return "SHAPE_MISMATCH";
    case ErrorCode::OutOfMemory: return "OUT_OF_MEMORY";
  }
  return "UNKNOWN";
}

Error::Error(ErrorCode code, const std::string& message)
    : std::runtime_error(message), code_(code) {}

void invalid_argument(const char* op, const std::string& what) {
  throw Error(ErrorCode::InvalidArgument, std::string(op) + ": " + what);
}

void shape_mismatch(const char* op, const std::string& what) {
  throw Error(ErrorCode::ShapeMismatch, std::string(op) + ": " + what);
}

void out_of_memory(const char* op, const std::string& what) {
  throw Error(ErrorCode::OutOfMemory, std::string(op) + ": " + what);
}

}  // namespace tensor_ops
