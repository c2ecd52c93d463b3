// The last error of a call, kept in static storage for JavaScript to read
// (errorCode(), errorMessage()): reporting an error must not allocate, since
// the error may be that memory is full.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "base/error.hpp"
#include "base/shape.hpp"

namespace bindings {

// A piece of a message: text, a number (printed without printf, which would
// only add to the module's size) or a shape ("[2, 3]").
struct ErrorPart {
  ErrorPart(const char* text) : text(text) {}  // NOLINT: implicit by design
  ErrorPart(size_t number) : number(static_cast<int64_t>(number)) {}  // NOLINT
  ErrorPart(double number) : number(static_cast<int64_t>(number)) {}  // NOLINT: JS lengths
  ErrorPart(const tensor_ops::Shape& shape) : shape(&shape) {}  // NOLINT
  const char* text = nullptr;
  int64_t number = 0;
  const tensor_ops::Shape* shape = nullptr;
};

// Each sets the error and returns -1.
int fail(const char* code, std::initializer_list<ErrorPart> parts) noexcept;
int fail(const tensor_ops::Status& status) noexcept;
int fail_out_of_memory(const char* op) noexcept;
int fail_malformed(const char* op) noexcept;

// Planning, and the messages of errors, allocate a little (shapes, copies,
// text). Memory filled to the last byte must give OUT_OF_MEMORY, never a
// failed allocation inside the core, so they start only when a generous
// block (sized for `words` of call arguments) could be had.
bool has_room(size_t words) noexcept;

// The error `check()` returns, if any, made only where there is room for its
// message. Returns -1 on an error, else 0.
template <typename Check>
int check(const char* op, Check check) noexcept {
  if (!has_room(0)) return fail_out_of_memory(op);  // (rare: only full memory pays this)
  if (tensor_ops::Status s = check(); !s.ok()) return fail(s);
  return 0;
}

// The last error's code ("INVALID_ARGUMENT", ...) and message, as addresses
// of C strings in static storage; taking the code ends the error.
uintptr_t take_error_code() noexcept;
uintptr_t error_message() noexcept;

}  // namespace bindings
