// What test_arg_max.cpp and test_arg_min.cpp share: a call's words, the
// kernel run on a vector, and the check of views of any strides against the
// materialized input.
#pragma once

#include <catch2/catch.hpp>

#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "runtime/operator.hpp"
#include "typed_views.hpp"

namespace argt {

using namespace tensor_ops;

// The words of op(x of `shape`, axis, { keepDims, selectLastIndex, dtype (0: int32, 1: int64) }).
inline std::vector<int64_t> words(const Shape& shape, int64_t axis, std::optional<bool> keep = {},
                                  std::optional<bool> last = {}, std::optional<int> dtype = {}) {
  std::vector<int64_t> w{static_cast<int64_t>(shape.size())};
  w.insert(w.end(), shape.begin(), shape.end());
  w.insert(w.end(), {1, axis});
  for (std::optional<bool> b : {keep, last}) {
    if (b) w.insert(w.end(), {1, *b ? 1 : 0});
    else w.push_back(-1);
  }
  if (dtype) w.insert(w.end(), {1, *dtype});
  else w.push_back(-1);
  return w;
}

inline Result<Operator> make(const OpSpec& spec, DType dtype, const std::vector<int64_t>& w, bool shape_only = false) {
  return make_operator(spec, dtype, w.data(), w.size(), -1, shape_only);
}

inline std::string error_of(const OpSpec& spec, const std::vector<int64_t>& w) {
  const Result<Operator> op = make(spec, DType::Float32, w);
  return op.ok() ? "ok" : op.status().message();
}

// The kernel's indices for x at `x` (element 0), as int64 whatever the output dtype.
inline std::vector<int64_t> run_at(const Operator& op, const void* x) {
  const size_t n = static_cast<size_t>(op.output_volume);
  std::vector<int64_t> wide(n);
  std::vector<int32_t> narrow(n);
  const bool is64 = op.output_dtypes[0] == DType::Int64;
  const void* sources[] = {x};
  void* outputs[] = {is64 ? static_cast<void*>(wide.data()) : static_cast<void*>(narrow.data())};
  op.kernel->run(sources, outputs, nullptr);
  if (!is64) wide.assign(narrow.begin(), narrow.end());
  return wide;
}

template <class T>
std::vector<int64_t> run(const Operator& op, const std::vector<T>& x) {
  return run_at(op, x.data());
}

// Views of [2, 3, 4]-element data read by `spec` along each axis, against
// the same call on the view's elements copied out in row-major order.
inline void check_views(const OpSpec& spec) {
  std::vector<uint8_t> data(24 * 8);
  // Few distinct values: ties everywhere; 0xFF bytes are NaNs for the floats.
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>((i * 7 + i / 5) % 4 == 0 ? 0xFF : i % 3);
  const std::vector<typed_views::ViewCase> views = {
      {{2, 3, 4}, {12, 4, 1}, 0},     // contiguous
      {{2, 3, 4}, {-12, 4, -1}, 15},  // axes 0 and 2 backwards
      {{4, 3, 2}, {1, 4, 12}, 0},     // transposed
      {{2, 3, 4}, {12, 0, 1}, 4},     // axis 1 broadcast from row 1
      {{2, 3, 2}, {12, -4, 2}, 9},    // rows backwards, every other column
  };
  for (const typed_views::ViewCase& v : views) {
    for (DType dtype : {DType::Int8, DType::Bool, DType::Uint16, DType::Float16, DType::Bfloat16, DType::Float32,
                        DType::Uint64, DType::Float64}) {
      const size_t w = dtype_bytes(dtype);
      std::vector<uint8_t> base = data;
      if (dtype == DType::Bool) for (uint8_t& b : base) b &= 1;
      const std::vector<uint8_t> dense = typed_views::dense_of(base, v, w);
      for (int64_t axis : {0, 1, -1}) {
        for (bool last : {false, true}) {
          const std::vector<int64_t> plain = words(v.shape, axis, axis == 1, last, last ? 1 : 0);
          const Result<Operator> on_view = make(spec, dtype, typed_views::viewed(plain, v.strides));
          const Result<Operator> on_dense = make(spec, dtype, plain);
          REQUIRE(on_view.ok());
          REQUIRE(on_dense.ok());
          INFO(spec.name << " " << dtype_name(dtype) << " axis " << axis << " strides " << format_list(v.strides));
          CHECK(run_at(on_view.value(), base.data() + static_cast<size_t>(v.offset) * w) ==
                run_at(on_dense.value(), dense.data()));
        }
      }
    }
  }
}

}  // namespace argt
