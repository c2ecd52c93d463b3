// libFuzzer harness: triangular through the table (every check a call
// makes, the shape function, the kernel) on any dtype, any diagonal (int64
// extremes included), upper given or left out, read from a view whose axes
// may run backwards or be broadcast. The kernel's output must be, byte for
// byte, the scalar rule written here: element [..., i, j] is x's when
// j - i >= diagonal (upper) or <= diagonal (lower), else all zero bytes.
// Input: width (unused), offsets, dtype code, x.shape, per-axis view flags,
// whether upper is given, upper, diagonal.
#include "typed_view.hpp"
#include "operations/triangular.hpp"
#include "runtime/op_call.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tensor_ops;
  fuzz::Reader r(data, size);
  fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const DType dtype = static_cast<DType>(r.byte() % kDTypeCount);
  const fuzz::Shape input = fuzz::read_shape(r, 5);
  const fuzz::Ints flags = r.list(0, 4, 5);
  const bool upper_given = r.flag();
  const bool upper_flag = r.flag();
  const int64_t diagonal = r.value(-8, 17);

  const OpSpec& spec = triangular_op();
  OpArgs args = blank_args(spec, {input});
  args.dtype = dtype;
  if (upper_given) args.set("upper", {upper_flag ? 1 : 0});
  args.set("diagonal", {diagonal});
  const fuzz::View view = fuzz::view_of(input, flags);
  if (view.small) args.input_strides = {view.strides};

  const size_t w = dtype_bytes(dtype);
  const Status checked = check_call(spec, args, w);
  const fuzz::Outcome by_shape = fuzz::outcome_of([&]() -> Result<Shape> {
    TENSOR_OPS_TRY(checked);
    return call_shape(spec, args, w);
  });
  fuzz::check_message(by_shape, "triangular");
  if (by_shape.ok && by_shape.shape != input) fuzz::fail("triangular: the output shape is not x's");
  const bool refused = !by_shape.ok && by_shape.code != ErrorCode::OutOfMemory;  // too large is not refused
  if (checked.ok() && refused != (input.size() < 2)) {
    fuzz::fail("triangular: rank " + std::to_string(input.size()) + " gave " + by_shape.text());
  }
  if (!checked.ok()) return 0;
  const Result<std::shared_ptr<const TypedKernel>> kernel = call_kernel(spec, args);
  if (kernel.ok() != by_shape.ok) fuzz::fail("triangular: the shape function and the kernel disagree: " + by_shape.text());
  if (!kernel.ok()) {
    if (kernel.status().message() != by_shape.message) fuzz::fail("triangular: different messages: " + kernel.status().message());
    return 0;
  }
  if (!view.small || view.volume == 0) return 0;

  // Exact-size buffers (AddressSanitizer sees any stray byte), at element offsets.
  uint64_t state = fuzz::seed_of(data, size);
  const std::vector<unsigned char> in = fuzz::random_elements(dtype, view.base_volume, offsets.in, state);
  std::vector<unsigned char> got((static_cast<size_t>(view.volume) + offsets.out) * w, 0xA5);
  const unsigned char* x = in.data() + (offsets.in + static_cast<size_t>(view.offset)) * w;
  const void* sources[] = {x};
  void* outputs[] = {got.data() + offsets.out * w};
  kernel.value()->run(sources, outputs, state % 2 ? &fuzz::pool() : nullptr);

  const bool upper = !upper_given || upper_flag;
  const size_t rank = input.size();
  const int64_t rows = input[rank - 2], cols = input[rank - 1];
  std::vector<int64_t> index(rank, 0);
  for (int64_t n = 0; n < view.volume; ++n) {
    int64_t rest = n, at = 0;
    for (size_t k = rank; k-- > 0;) {
      index[k] = rest % input[k];
      rest /= input[k];
      at += index[k] * view.strides[k];
    }
    const __int128 d = static_cast<__int128>(index[rank - 1]) - index[rank - 2];
    const bool keep = upper ? d >= diagonal : d <= diagonal;
    const unsigned char* o = got.data() + (offsets.out + static_cast<size_t>(n)) * w;
    for (size_t b = 0; b < w; ++b) {
      const unsigned char want = keep ? x[at * static_cast<int64_t>(w) + static_cast<int64_t>(b)] : 0;
      if (o[b] != want) {
        fuzz::fail("triangular " + std::string(dtype_name(dtype)) + " of x.shape " + fuzz::str(input) + " (" +
                   std::to_string(rows) + " x " + std::to_string(cols) + "), diagonal " + std::to_string(diagonal) +
                   (upper ? " upper" : " lower") + ": element " + std::to_string(n) + " differs from the rule");
      }
    }
  }
  return 0;
}
