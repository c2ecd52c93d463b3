// What the scatters' harnesses share: x, indices and updates of any dtypes
// and shapes drawn from the input, the call through the table (the named
// inputs' dtype checks, the shape function, the kernel), and the checks:
//   - refusals are the rules (an integer index dtype, updates of x's dtype,
//     the shapes the operation's `fits` says);
//   - the kernel's check reports an index out of range exactly when one is,
//     naming the operation, before anything is written;
//   - with 'none', the output is x with each update written at the place its
//     index names, the last in row-major order winning (replayed here);
//     with a reduction, untouched elements are x's and the result is the
//     same with and without the thread pool (the combining rules themselves
//     are test_scatter.cpp's).
#pragma once

#include <functional>

#include "typed_view.hpp"
#include "runtime/op_call.hpp"

namespace fuzz {

// Where update element u of a call goes, its indices in range: the output
// offset. `values` are the index values (sign-extended).
using PlaceOf = std::function<int64_t(int64_t u, const std::vector<int64_t>& values)>;
// Whether every index value is in range (updates or not: a slice may be empty).
using InRange = std::function<bool(const std::vector<int64_t>& values)>;

struct ScatterCase {
  tensor_ops::DType x_dtype, index_dtype, updates_dtype;
  Shape x, indices, updates;
  int64_t reduction = 0;  // 0 'none' .. 4 'min'
};

inline ScatterCase read_scatter_case(Reader& r, bool updates_like_indices) {
  using tensor_ops::DType;
  ScatterCase c;
  c.x_dtype = static_cast<DType>(r.byte() % tensor_ops::kDTypeCount);
  c.index_dtype = static_cast<DType>(r.byte() % tensor_ops::kDTypeCount);
  c.updates_dtype = r.flag() ? static_cast<DType>(r.byte() % tensor_ops::kDTypeCount) : c.x_dtype;
  c.x = read_shape(r, 4);
  c.indices = read_shape(r, 4);
  c.updates = updates_like_indices && r.flag() ? c.indices : read_shape(r, 4);
  c.reduction = r.value(0, 5);
  return c;
}

// The index values of the case's buffer (element by element, sign-extended;
// a uint64 beyond int64 as INT64_MAX, out of range like it).
inline std::vector<int64_t> index_values(tensor_ops::DType t, const std::vector<unsigned char>& bytes, int64_t n) {
  std::vector<int64_t> v(static_cast<size_t>(n));
  const size_t w = tensor_ops::dtype_bytes(t);
  for (int64_t i = 0; i < n; ++i) {
    uint64_t bits = 0;
    std::memcpy(&bits, bytes.data() + static_cast<size_t>(i) * w, w);
    if (tensor_ops::is_signed(t) && w < 8 && (bits >> (8 * w - 1))) bits |= ~uint64_t{0} << (8 * w);
    const bool huge = !tensor_ops::is_signed(t) && w == 8 && (bits >> 63);
    v[static_cast<size_t>(i)] = huge ? std::numeric_limits<int64_t>::max() : static_cast<int64_t>(bits);
  }
  return v;
}

inline void run_scatter_case(const tensor_ops::OpSpec& spec, const ScatterCase& c, tensor_ops::OpArgs args,
                             bool fits, const InRange& in_range_of, const PlaceOf& place_of, uint64_t state) {
  using namespace tensor_ops;
  const char* op = spec.name;
  args.input_dtypes = {c.x_dtype, c.index_dtype, c.updates_dtype};
  args.dtype = c.x_dtype;
  const size_t w = dtype_bytes(c.x_dtype);
  const Status checked = check_call(spec, args, w);
  const bool shapes_ok = safe_volume(c.x) >= 0 && safe_volume(c.indices) >= 0 && safe_volume(c.updates) >= 0;
  const bool dtypes_ok = is_integer(c.index_dtype) && c.updates_dtype == c.x_dtype;
  if (shapes_ok && checked.ok() != dtypes_ok) fail(std::string(op) + ": the dtype check gave " + checked.message());
  const Outcome by_shape = outcome_of([&]() -> Result<Shape> {
    TENSOR_OPS_TRY(checked);
    return call_shape(spec, args, w);
  });
  check_message(by_shape, op);
  if (!checked.ok()) return;
  const bool refused = !by_shape.ok && by_shape.code != ErrorCode::OutOfMemory;
  if (refused == fits) fail(std::string(op) + ": shapes x " + str(c.x) + ", indices " + str(c.indices) + ", updates " +
                            str(c.updates) + " gave " + by_shape.text());
  if (by_shape.ok && by_shape.shape != c.x) fail(std::string(op) + ": the output shape is not x's");
  const Result<std::shared_ptr<const TypedKernel>> kernel = call_kernel(spec, args);
  if (kernel.ok() != by_shape.ok) fail(std::string(op) + ": the shape function and the kernel disagree");
  if (!kernel.ok()) return;
  const int64_t nx = safe_volume(c.x), ni = safe_volume(c.indices), nu = safe_volume(c.updates);
  if (nx > kMaxExecElements || ni > kMaxExecElements || nu > kMaxExecElements) return;

  // Exact-size buffers; index values mostly small (in range or just past it).
  std::vector<unsigned char> x = random_elements(c.x_dtype, nx, 0, state);
  std::vector<unsigned char> upd = random_elements(c.x_dtype, nu, 0, state);
  const size_t iw = dtype_bytes(c.index_dtype);
  std::vector<unsigned char> idx(static_cast<size_t>(ni) * iw);
  for (int64_t i = 0; i < ni; ++i) {
    const uint64_t r = splitmix(state);
    const int64_t v = r % 16 == 0 ? static_cast<int64_t>(splitmix(state)) : static_cast<int64_t>(r % 12) - 6;
    std::memcpy(idx.data() + static_cast<size_t>(i) * iw, &v, iw);  // its low bytes: the dtype's value
  }
  const std::vector<int64_t> values = index_values(c.index_dtype, idx, ni);
  const void* sources[] = {x.data(), idx.data(), upd.data()};
  const bool in_range = in_range_of(values);
  std::vector<int64_t> places(static_cast<size_t>(in_range ? nu : 0));
  for (size_t u = 0; u < places.size(); ++u) places[u] = place_of(static_cast<int64_t>(u), values);
  const Status valid = kernel.value()->check(sources, (state & 1) ? &pool() : nullptr);
  if (valid.ok() != in_range) fail(std::string(op) + ": the index check gave " + (valid.ok() ? "ok" : valid.message()));
  if (!valid.ok()) {
    if (valid.message().rfind(std::string(op) + ": indices", 0) != 0) fail("unnamed index error: " + valid.message());
    return;
  }
  std::vector<unsigned char> got(static_cast<size_t>(nx) * w, 0xA5), again(got.size(), 0x5A);
  void* out1[] = {got.data()};
  void* out2[] = {again.data()};
  kernel.value()->run(sources, out1, nullptr);
  kernel.value()->run(sources, out2, &pool());
  if (got != again) fail(std::string(op) + ": threads changed the result");
  std::vector<unsigned char> want = x;
  std::vector<bool> touched(static_cast<size_t>(nx), false);
  for (int64_t u = 0; u < nu; ++u) {
    const int64_t at = places[static_cast<size_t>(u)];
    touched[static_cast<size_t>(at)] = true;
    if (c.reduction == 0) std::memcpy(want.data() + at * static_cast<int64_t>(w), upd.data() + u * static_cast<int64_t>(w), w);
  }
  for (int64_t e = 0; e < nx; ++e) {
    if (c.reduction != 0 && touched[static_cast<size_t>(e)]) continue;
    if (std::memcmp(got.data() + e * static_cast<int64_t>(w), want.data() + e * static_cast<int64_t>(w), w) != 0) {
      fail(std::string(op) + " " + dtype_name(c.x_dtype) + " x " + str(c.x) + ", indices " + str(c.indices) +
           ": element " + std::to_string(e) + " differs from the rule");
    }
  }
}

}  // namespace fuzz
