#include "base/error.hpp"

#include <cstdio>
#include <cstdlib>

namespace tensor_ops {

const char* error_code_name(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::Ok: return "OK";
    case ErrorCode::InvalidArgument: return "INVALID_ARGUMENT";
    case ErrorCode::ShapeMismatch: return "SHAPE_MISMATCH";
    case ErrorCode::OutOfMemory: return "OUT_OF_MEMORY";
  }
  return "UNKNOWN";
}

namespace detail {
void bad_result_access(const Status& status) noexcept {
  std::fprintf(stderr, "tensor_ops: value of a failed Result read (%s: %s)\n",
               error_code_name(status.code()), status.message().c_str());
  std::abort();
}
}  // namespace detail

Status invalid_argument(const char* op, const std::string& what) {
  return Status(ErrorCode::InvalidArgument, std::string(op) + ": " + what);
}

Status shape_mismatch(const char* op, const std::string& what) {
  return Status(ErrorCode::ShapeMismatch, std::string(op) + ": " + what);
}

Status out_of_memory(const char* op, const std::string& what) {
  return Status(ErrorCode::OutOfMemory, std::string(op) + ": " + what);
}

}  // namespace tensor_ops
