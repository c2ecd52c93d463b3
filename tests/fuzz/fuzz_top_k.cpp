// libFuzzer harness: topK through the table (every check a call makes, the
// shapes function, the kernel) on any dtype, k, axis, largest, sorted and
// int32 or int64 indices, read from a view whose axes may run backwards or
// be broadcast. The kernel's outputs must be those of the rule written here:
// a stable sort of each slice by value (NaN above every number, -0 equal to
// +0), largest or smallest first, cut to k, put back in index order when not
// sorted. Errors name the operation; a scalar, an axis out of range and a k
// outside [0, x.shape[axis]] are refused, nothing else.
// Input: width (unused), offsets, dtype code, x.shape, per-axis view flags,
// k, axis, largest, sorted, int64 indices.
#include <algorithm>
#include <numeric>

#include "operations/top_k.hpp"
#include "runtime/op_call.hpp"
#include "typed_view.hpp"

namespace {

using namespace tensor_ops;
using namespace fuzz;

// -1, 0, 1: a against b, NaN above every number and equal to NaN.
int order(const fuzz::Value& a, const fuzz::Value& b) {
  if (!a.is_float) return a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
  const bool na = std::isnan(a.f), nb = std::isnan(b.f);
  if (na || nb) return na && nb ? 0 : na ? 1 : -1;
  return a.f < b.f ? -1 : a.f > b.f ? 1 : 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const OpSpec& spec = top_k_op();
  const char* name = spec.name;
  Reader r(data, size);
  read_width(r);
  const Offsets offsets = read_offsets(r);
  const DType dtype = static_cast<DType>(r.byte() % kDTypeCount);
  const Shape input = read_shape(r, 5);
  const Ints flags = r.list(0, 4, 5);
  const int64_t k = r.value(-1, 12);
  const int64_t axis = r.value(-6, 13);
  const bool largest = r.flag(), sorted = r.flag(), wide = r.flag();

  OpArgs args = blank_args(spec, {input});
  args.dtype = dtype;
  args.set("k", {k});
  args.set("axis", {axis});
  args.set("largest", {largest ? 1 : 0});
  args.set("sorted", {sorted ? 1 : 0});
  args.set("dtype", {wide ? 1 : 0});
  const fuzz::View view = view_of(input, flags);
  if (view.small) args.input_strides = {view.strides};

  const int64_t rank = static_cast<int64_t>(input.size());
  const size_t w = dtype_bytes(dtype);
  const Status checked = check_call(spec, args, w);
  const Outcome by_shapes = outcome_of([&]() -> Result<Shape> {
    TENSOR_OPS_TRY(checked);
    ShapeList list;
    TENSOR_OPS_ASSIGN(list, call_shapes(spec, args, w));
    return list.dims;
  });
  check_message(by_shapes, name);
  if (!checked.ok()) return 0;
  const int64_t a = axis < 0 ? axis + rank : axis;
  const bool valid = rank >= 1 && a >= 0 && a < rank && k >= 0 && k <= input[static_cast<size_t>(a)];
  if (valid && !by_shapes.ok && by_shapes.code != ErrorCode::OutOfMemory) fail(std::string(name) + ": refused " + by_shapes.text());
  if (!valid && by_shapes.ok) {
    fail(std::string(name) + ": accepted k " + std::to_string(k) + " axis " + std::to_string(axis) + " of x.shape " + str(input));
  }
  const Result<std::shared_ptr<const TypedKernel>> kernel = call_kernel(spec, args);
  if (kernel.ok() != by_shapes.ok) fail(std::string(name) + ": the shapes function and the kernel disagree: " + by_shapes.text());
  if (!kernel.ok()) {
    if (kernel.status().message() != by_shapes.message) fail(std::string(name) + ": different messages: " + kernel.status().message());
    return 0;
  }
  Shape out_shape = input;
  out_shape[static_cast<size_t>(a)] = k;
  Shape expected = out_shape;
  expected.insert(expected.end(), out_shape.begin(), out_shape.end());
  if (by_shapes.shape != expected) fail(std::string(name) + ": output shapes " + by_shapes.text());
  if (!view.small || view.volume == 0 || k == 0) return 0;

  uint64_t state = seed_of(data, size);
  const std::vector<unsigned char> in = random_elements(dtype, view.base_volume, offsets.in, state);
  const unsigned char* x = in.data() + (offsets.in + static_cast<size_t>(view.offset)) * w;
  const int64_t n = input[static_cast<size_t>(a)];
  const int64_t slices = view.volume / n;
  const size_t count = static_cast<size_t>(slices * k), iw = wide ? 8 : 4;
  std::vector<unsigned char> values((count + offsets.out) * w, 0xA5), indices((count + offsets.out) * iw, 0x5A);
  const void* sources[] = {x};
  void* outs[] = {values.data() + offsets.out * w, indices.data() + offsets.out * iw};
  kernel.value()->run(sources, outs, state % 2 ? &pool() : nullptr);

  const std::vector<int64_t> out_strides = row_major_strides(out_shape);
  std::vector<int64_t> index(static_cast<size_t>(rank), 0), slice(static_cast<size_t>(n));
  for (int64_t p = 0; p < slices; ++p) {
    int64_t rest = p, start = 0, to = 0;
    for (int64_t d = rank; d-- > 0;) {
      if (d == a) continue;
      const size_t ud = static_cast<size_t>(d);
      index[ud] = rest % input[ud];
      rest /= input[ud];
      start += index[ud] * view.strides[ud];
      to += index[ud] * out_strides[ud];
    }
    const int64_t step = view.strides[static_cast<size_t>(a)];
    auto at = [&](int64_t i) { return x + (start + i * step) * static_cast<int64_t>(w); };
    std::iota(slice.begin(), slice.end(), int64_t{0});
    std::stable_sort(slice.begin(), slice.end(), [&](int64_t i, int64_t j) {
      const int c = order(value_at(dtype, at(i)), value_at(dtype, at(j)));
      return largest ? c > 0 : c < 0;
    });
    if (!sorted) std::sort(slice.begin(), slice.begin() + k);
    for (int64_t j = 0; j < k; ++j) {
      const size_t o = offsets.out + static_cast<size_t>(to + j * out_strides[static_cast<size_t>(a)]);
      int64_t got = 0;
      if (wide) {
        std::memcpy(&got, &indices[o * 8], 8);
      } else {
        int32_t v;
        std::memcpy(&v, &indices[o * 4], 4);
        got = v;
      }
      const int64_t want = slice[static_cast<size_t>(j)];
      if (got != want || std::memcmp(&values[o * w], at(want), w) != 0) {
        fail(std::string(name) + " " + dtype_name(dtype) + " of x.shape " + str(input) + " k " + std::to_string(k) +
             " along axis " + std::to_string(axis) + (largest ? "" : " (smallest)") + (sorted ? "" : " (unsorted)") +
             ": slice " + std::to_string(p) + " output " + std::to_string(j) + " is index " + std::to_string(got) +
             ", the rule gives " + std::to_string(want));
      }
    }
  }
  return 0;
}
