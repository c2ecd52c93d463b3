// Errors as values: a Status (a code from the public API's table and a
// message naming the operation, the parameter and the offending value), and
// Result<T>, a value or the Status that prevented it. The core never throws,
// so the wasm builds need no C++ exception support (which in Emscripten 3.1.6
// routes every call inside a try block through JavaScript).
#pragma once

#include <string>
#include <utility>

namespace tensor_ops {

enum class ErrorCode { Ok, InvalidArgument, ShapeMismatch, OutOfMemory };

// The code as the JavaScript API spells it ("INVALID_ARGUMENT", ...).
const char* error_code_name(ErrorCode code) noexcept;

class [[nodiscard]] Status {
 public:
  Status() = default;  // success
  Status(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

  bool ok() const noexcept { return code_ == ErrorCode::Ok; }
  ErrorCode code() const noexcept { return code_; }
  const std::string& message() const noexcept { return message_; }

 private:
  ErrorCode code_ = ErrorCode::Ok;
  std::string message_;
};

namespace detail {
// Reading the value of a failed Result is a bug in the caller: report and abort.
[[noreturn]] void bad_result_access(const Status& status) noexcept;
}  // namespace detail

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}               // NOLINT: implicit by design
  Result(Status error) : status_(std::move(error)) {          // NOLINT
    if (status_.ok()) detail::bad_result_access(status_);     // an error must be an error
  }

  bool ok() const noexcept { return status_.ok(); }
  const Status& status() const noexcept { return status_; }

  const T& value() const& noexcept {
    if (!ok()) detail::bad_result_access(status_);
    return value_;
  }
  T&& value() && noexcept {
    if (!ok()) detail::bad_result_access(status_);
    return std::move(value_);
  }
  // For callers that know the call succeeds (tests, examples).
  operator const T&() const& noexcept { return value(); }  // NOLINT

 private:
  Status status_;
  T value_{};
};

inline const Status& status_of(const Status& s) noexcept { return s; }
template <class T>
const Status& status_of(const Result<T>& r) noexcept {
  return r.status();
}

// Shorthands that build "<op>: <what>" errors.
Status invalid_argument(const char* op, const std::string& what);
Status shape_mismatch(const char* op, const std::string& what);
Status out_of_memory(const char* op, const std::string& what);

}  // namespace tensor_ops

// Returns the error of a Status or Result expression from the enclosing function.
#define TENSOR_OPS_TRY(expr)                                                   \
  do {                                                                         \
    const auto& tensor_ops_try_ = (expr);                                      \
    if (!::tensor_ops::status_of(tensor_ops_try_).ok())                        \
      return ::tensor_ops::status_of(tensor_ops_try_);                         \
  } while (0)

// `lhs = value of expr`, or returns its error from the enclosing function.
#define TENSOR_OPS_CONCAT_INNER_(a, b) a##b
#define TENSOR_OPS_CONCAT_(a, b) TENSOR_OPS_CONCAT_INNER_(a, b)
#define TENSOR_OPS_ASSIGN(lhs, expr) \
  TENSOR_OPS_ASSIGN_IMPL_(TENSOR_OPS_CONCAT_(tensor_ops_result_, __LINE__), lhs, expr)
#define TENSOR_OPS_ASSIGN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                            \
  if (!tmp.ok()) return tmp.status();           \
  lhs = std::move(tmp).value()
