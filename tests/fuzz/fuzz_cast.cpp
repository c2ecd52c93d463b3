// libFuzzer harness: cast through the table (every check a call makes, the
// shape function, the output dtype, the kernel) on any pair of dtypes, with
// one scale and bias or one per index of an axis, read from a view whose
// axes may run backwards or be broadcast. The kernel's result must match the
// engine's element-by-element conversion (prepare_convert without fast
// paths) bit for bit, NaNs aside (any NaN matches a NaN); errors must name
// the operation, and the shape function and the kernel must agree.
// Input: width (unused), offsets, src and dst dtype codes, rounding, x.shape,
// per-axis view flags (bit 0: backwards, bit 1: broadcast, when the dim allows),
// scale, bias (quarters), whether axis is given, axis.
#include <cstring>

#include "fuzz_common.hpp"
#include "engine/convert.hpp"
#include "operations/cast.hpp"
#include "runtime/op_call.hpp"

namespace {

using tensor_ops::DType;

std::vector<int64_t> bits_of(const fuzz::Ints& quarters) {
  std::vector<int64_t> bits;
  for (int64_t q : quarters) {
    const double v = static_cast<double>(q) / 4;
    int64_t b = 0;
    std::memcpy(&b, &v, 8);
    bits.push_back(b);
  }
  return bits;
}

// Whether element i of two outputs of dtype t agree: the same bits, or both a NaN.
bool same_element(DType t, const unsigned char* a, const unsigned char* b) {
  const size_t n = tensor_ops::dtype_bytes(t);
  if (std::memcmp(a, b, n) == 0) return true;
  if (!tensor_ops::is_float(t)) return false;
  auto is_nan = [&](const unsigned char* p) {
    uint64_t v = 0;
    std::memcpy(&v, p, n);
    switch (t) {
      case DType::Float16: return (v & 0x7c00) == 0x7c00 && (v & 0x3ff) != 0;
      case DType::Bfloat16: return (v & 0x7f80) == 0x7f80 && (v & 0x7f) != 0;
      case DType::Float32: return (v & 0x7f800000) == 0x7f800000 && (v & 0x7fffff) != 0;
      default: return (v >> 52 & 0x7ff) == 0x7ff && (v & ((uint64_t{1} << 52) - 1)) != 0;
    }
  };
  return is_nan(a) && is_nan(b);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tensor_ops;
  fuzz::Reader r(data, size);
  fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const DType src = static_cast<DType>(r.byte() % kDTypeCount);
  const DType dst = static_cast<DType>(r.byte() % kDTypeCount);
  const int64_t rounding = r.byte() % 3;
  const fuzz::Shape input = fuzz::read_shape(r, 6);
  const fuzz::Ints flags = r.list(0, 4, 6);
  const fuzz::Ints scale = r.list(-16, 33, 5);
  const fuzz::Ints bias = r.list(-16, 33, 5);
  const bool axis_given = r.flag();
  const int64_t axis = r.value(-7, 14);

  const OpSpec& spec = cast_op();
  OpArgs args = blank_args(spec, {input});
  args.dtype = src;
  args.set("dtype", {static_cast<int64_t>(dst)});
  args.set("rounding", {rounding});
  if (!scale.empty()) args.set("scale", bits_of(scale));
  if (!bias.empty()) args.set("bias", bits_of(bias));
  if (axis_given) args.set("axis", {axis});

  // The view: row-major over a base whose backwards axes start at their end,
  // broadcast axes read one element.
  const int64_t volume = fuzz::safe_volume(input);
  const bool small = volume >= 0 && volume <= fuzz::kMaxExecElements;
  std::vector<int64_t> strides(input.size(), 0);
  int64_t base_volume = 1, offset = 0;
  for (size_t k = input.size(); k-- > 0;) {
    const int64_t flag = k < flags.size() ? flags[k] : 0;
    if (!small) break;
    if ((flag & 2) && input[k] > 1) continue;  // broadcast: stride 0
    strides[k] = (flag & 1) ? -base_volume : base_volume;
    if (flag & 1) offset += (input[k] - 1) * base_volume;
    base_volume *= input[k];
  }
  if (small) args.input_strides = {strides};

  const Status checked = check_call(spec, args, dtype_bytes(src));
  const fuzz::Outcome by_shape = fuzz::outcome_of([&]() -> Result<Shape> {
    TENSOR_OPS_TRY(checked);
    return call_shape(spec, args, dtype_bytes(src));
  });
  fuzz::check_message(by_shape, "cast");
  if (!checked.ok()) return 0;
  const Result<std::shared_ptr<const TypedKernel>> kernel = call_kernel(spec, args);
  if (kernel.ok() != by_shape.ok) fuzz::fail("cast: the shape function and the kernel disagree: " + by_shape.text());
  if (!kernel.ok()) {
    if (kernel.status().message() != by_shape.message) fuzz::fail("cast: different messages: " + kernel.status().message());
    return 0;
  }
  if (!small || volume == 0) return 0;

  // Exact-size buffers (AddressSanitizer sees any stray byte), at element offsets.
  const size_t in_bytes = dtype_bytes(src), out_bytes = dtype_bytes(dst);
  std::vector<unsigned char> in((static_cast<size_t>(base_volume) + offsets.in) * in_bytes);
  uint64_t state = fuzz::seed_of(data, size);
  for (unsigned char& b : in) b = static_cast<unsigned char>(fuzz::splitmix(state));
  if (src == DType::Bool) for (unsigned char& b : in) b &= 1;
  std::vector<unsigned char> got((static_cast<size_t>(volume) + offsets.out) * out_bytes);
  std::vector<unsigned char> want(got.size());
  const unsigned char* x = in.data() + (offsets.in + static_cast<size_t>(offset)) * in_bytes;
  const void* sources[] = {x};
  void* outputs[] = {got.data() + offsets.out * out_bytes};
  kernel.value()->run(sources, outputs, state % 2 ? &fuzz::pool() : nullptr);

  ConvertCopy copy;
  copy.dims = input;
  copy.src_strides = strides;
  copy.dst_strides = row_major_strides(input);
  copy.src_type = src;
  copy.dst_type = dst;
  copy.rounding = static_cast<Rounding>(rounding);
  copy.scale = args.floats("scale");
  copy.bias = args.floats("bias");
  if (axis_given) copy.channel_dim = static_cast<int>(axis < 0 ? axis + static_cast<int64_t>(input.size()) : axis);
  execute_convert(prepare_convert(copy, /*fast_paths=*/false), x, want.data() + offsets.out * out_bytes);
  for (size_t i = 0; i < static_cast<size_t>(volume); ++i) {
    const size_t at = (offsets.out + i) * out_bytes;
    if (!same_element(dst, got.data() + at, want.data() + at)) {
      fuzz::fail("cast " + std::string(dtype_name(src)) + " -> " + dtype_name(dst) + " of x.shape " + fuzz::str(input) +
           ": element " + std::to_string(i) + " differs from the element-by-element conversion");
    }
  }
  return 0;
}
