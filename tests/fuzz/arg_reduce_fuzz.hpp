// The harness of fuzz_arg_max and fuzz_arg_min: the operation through the
// table (every check a call makes, the shape function, the kernel) on any
// dtype and axis, keepDims, selectLastIndex and int32 or int64 indices, read
// from a view whose axes may run backwards or be broadcast. The kernel's
// indices must be those of the scalar rule written here: the first (or the
// last) of the largest (smallest) values along the axis, NaN above every
// number both ways, -0 equal to +0. Errors name the operation; a scalar, an
// axis out of range and an empty axis are refused, nothing else.
// Input: width (unused), offsets, dtype code, x.shape, per-axis view flags,
// axis, keepDims, selectLastIndex, int64 indices.
#pragma once

#include "typed_view.hpp"
#include "runtime/op_call.hpp"

namespace fuzz {

// -1, 0, 1: a against b, NaN above every number (max) or below (min) and equal to NaN.
inline int order(const Value& a, const Value& b, bool max) {
  if (!a.is_float) return a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
  const bool na = std::isnan(a.f), nb = std::isnan(b.f);
  if (na || nb) return na && nb ? 0 : (na ? 1 : -1) * (max ? 1 : -1);
  return a.f < b.f ? -1 : a.f > b.f ? 1 : 0;
}

inline int arg_reduce_one(const uint8_t* data, size_t size, const tensor_ops::OpSpec& spec, bool max) {
  using namespace tensor_ops;
  const char* name = spec.name;
  Reader r(data, size);
  read_width(r);
  const Offsets offsets = read_offsets(r);
  const DType dtype = static_cast<DType>(r.byte() % kDTypeCount);
  const Shape input = read_shape(r, 5);
  const Ints flags = r.list(0, 4, 5);
  const int64_t axis = r.value(-6, 13);
  const bool keep = r.flag(), last = r.flag(), wide = r.flag();

  OpArgs args = blank_args(spec, {input});
  args.dtype = dtype;
  args.set("axis", {axis});
  args.set("keepDims", {keep ? 1 : 0});
  args.set("selectLastIndex", {last ? 1 : 0});
  args.set("dtype", {wide ? 1 : 0});
  const View view = view_of(input, flags);
  if (view.small) args.input_strides = {view.strides};

  const int64_t rank = static_cast<int64_t>(input.size());
  const size_t w = dtype_bytes(dtype);
  const Status checked = check_call(spec, args, w);
  const Outcome by_shape = outcome_of([&]() -> Result<Shape> {
    TENSOR_OPS_TRY(checked);
    return call_shape(spec, args, w);
  });
  check_message(by_shape, name);
  if (!checked.ok()) return 0;
  const int64_t a = axis < 0 ? axis + rank : axis;
  const bool valid = rank >= 1 && a >= 0 && a < rank && input[static_cast<size_t>(a)] >= 1;
  if (valid && !by_shape.ok && by_shape.code != ErrorCode::OutOfMemory) fail(std::string(name) + ": refused " + by_shape.text());
  if (!valid && by_shape.ok) fail(std::string(name) + ": accepted axis " + std::to_string(axis) + " of x.shape " + str(input));
  const Result<std::shared_ptr<const TypedKernel>> kernel = call_kernel(spec, args);
  if (kernel.ok() != by_shape.ok) fail(std::string(name) + ": the shape function and the kernel disagree: " + by_shape.text());
  if (!kernel.ok()) {
    if (kernel.status().message() != by_shape.message) fail(std::string(name) + ": different messages: " + kernel.status().message());
    return 0;
  }
  Shape expected_shape;
  for (int64_t k = 0; k < rank; ++k) {
    if (k != a) expected_shape.push_back(input[static_cast<size_t>(k)]);
    else if (keep) expected_shape.push_back(1);
  }
  if (by_shape.shape != expected_shape) fail(std::string(name) + ": output shape " + by_shape.text());
  if (!view.small || view.volume == 0) return 0;

  uint64_t state = seed_of(data, size);
  const std::vector<unsigned char> in = random_elements(dtype, view.base_volume, offsets.in, state);
  const unsigned char* x = in.data() + (offsets.in + static_cast<size_t>(view.offset)) * w;
  const int64_t n = input[static_cast<size_t>(a)];
  const int64_t outputs_count = view.volume / n;
  const size_t iw = wide ? 8 : 4;
  std::vector<unsigned char> got((static_cast<size_t>(outputs_count) + offsets.out) * iw, 0xA5);
  const void* sources[] = {x};
  void* outs[] = {got.data() + offsets.out * iw};
  kernel.value()->run(sources, outs, state % 2 ? &pool() : nullptr);

  // Output position p: the row-major index over x's dims without the axis.
  std::vector<int64_t> index(static_cast<size_t>(rank), 0);
  for (int64_t p = 0; p < outputs_count; ++p) {
    int64_t rest = p, start = 0;
    for (int64_t k = rank; k-- > 0;) {
      if (k == a) continue;
      const size_t uk = static_cast<size_t>(k);
      index[uk] = rest % input[uk];
      rest /= input[uk];
      start += index[uk] * view.strides[uk];
    }
    const int64_t step = view.strides[static_cast<size_t>(a)];
    int64_t best = 0;
    for (int64_t i = 1; i < n; ++i) {
      const int c = order(value_at(dtype, x + (start + i * step) * static_cast<int64_t>(w)),
                          value_at(dtype, x + (start + best * step) * static_cast<int64_t>(w)), max);
      const int better = max ? c : -c;
      if (better > 0 || (better == 0 && last)) best = i;
    }
    int64_t index_got = 0;
    const unsigned char* o = got.data() + (offsets.out + static_cast<size_t>(p)) * iw;
    if (wide) {
      std::memcpy(&index_got, o, 8);
    } else {
      int32_t v;
      std::memcpy(&v, o, 4);
      index_got = v;
    }
    if (index_got != best) {
      fail(std::string(name) + " " + dtype_name(dtype) + " of x.shape " + str(input) + " along axis " + std::to_string(axis) +
           (last ? " (last)" : "") + ": output " + std::to_string(p) + " is " + std::to_string(index_got) + ", the rule gives " +
           std::to_string(best));
    }
  }
  return 0;
}

}  // namespace fuzz
