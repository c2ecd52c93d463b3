// libFuzzer harness: where through the table (the runtime's checks of the
// named inputs' dtypes, the shape function, the kernel) on any three
// dtypes and shapes, each input read from a view whose axes may run
// backwards or be broadcast. Refusals must be the rules written here (a
// condition of bool or uint8, a and b of one dtype, shapes that broadcast),
// and the output, byte for byte, numpy's rule: out[i] = condition at i
// (nonzero) ? a at i : b at i, each read at i's last dims with a dim of 1 at 0.
// Input: width (unused), offsets, three dtype codes, three shapes, three
// lists of per-axis view flags.
#include "typed_view.hpp"
#include "operations/where.hpp"
#include "runtime/op_call.hpp"

namespace {

using tensor_ops::DType;

// numpy's broadcast of the three, or false.
bool broadcast(const fuzz::Shape* shapes, fuzz::Shape* out) {
  size_t rank = 0;
  for (int k = 0; k < 3; ++k) rank = std::max(rank, shapes[k].size());
  out->assign(rank, 1);
  for (int k = 0; k < 3; ++k) {
    for (size_t j = 0; j < shapes[k].size(); ++j) {
      int64_t& o = (*out)[rank - shapes[k].size() + j];
      const int64_t d = shapes[k][j];
      if (d == 1) continue;
      if (o != 1 && o != d) return false;
      o = d;
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tensor_ops;
  fuzz::Reader r(data, size);
  fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  DType dtypes[3];
  for (DType& t : dtypes) t = static_cast<DType>(r.byte() % kDTypeCount);
  fuzz::Shape shapes[3];
  for (fuzz::Shape& s : shapes) s = fuzz::read_shape(r, 4);
  fuzz::Ints flags[3];
  for (fuzz::Ints& f : flags) f = r.list(0, 4, 4);

  const OpSpec& spec = where_op();
  OpArgs args = blank_args(spec, {shapes[0], shapes[1], shapes[2]});
  args.input_dtypes.assign(dtypes, dtypes + 3);
  args.dtype = dtypes[1];
  fuzz::View views[3];
  bool small = true;
  for (int k = 0; k < 3; ++k) {
    views[k] = fuzz::view_of(shapes[k], flags[k]);
    small = small && views[k].small;
  }
  if (small) for (const fuzz::View& v : views) args.input_strides.push_back(v.strides);

  const size_t w = dtype_bytes(dtypes[1]);
  const Status checked = check_call(spec, args, w);
  const bool dtypes_ok = (dtypes[0] == DType::Bool || dtypes[0] == DType::Uint8) && dtypes[1] == dtypes[2];
  const bool shapes_ok = fuzz::safe_volume(shapes[0]) >= 0 && fuzz::safe_volume(shapes[1]) >= 0 &&
                         fuzz::safe_volume(shapes[2]) >= 0;
  if (shapes_ok && checked.ok() != dtypes_ok) fuzz::fail("where: the dtype check gave " + checked.message());
  const fuzz::Outcome by_shape = fuzz::outcome_of([&]() -> Result<Shape> {
    TENSOR_OPS_TRY(checked);
    return call_shape(spec, args, w);
  });
  fuzz::check_message(by_shape, "where");
  fuzz::Shape out;
  const bool fits = broadcast(shapes, &out);
  if (checked.ok()) {
    const bool refused = !by_shape.ok && by_shape.code != ErrorCode::OutOfMemory;  // too large is not refused
    if (refused == fits) fuzz::fail("where: broadcasting " + fuzz::str(shapes[0]) + ", " + fuzz::str(shapes[1]) +
                                    ", " + fuzz::str(shapes[2]) + " gave " + by_shape.text());
    if (by_shape.ok && by_shape.shape != out) fuzz::fail("where: the output shape is not the broadcast one");
  }
  if (!checked.ok()) return 0;
  const Result<std::shared_ptr<const TypedKernel>> kernel = call_kernel(spec, args);
  if (kernel.ok() != by_shape.ok) fuzz::fail("where: the shape function and the kernel disagree: " + by_shape.text());
  if (!kernel.ok() || !small) return 0;
  const int64_t total = fuzz::safe_volume(out);
  if (total <= 0 || total > fuzz::kMaxExecElements) return 0;

  // Exact-size buffers (AddressSanitizer sees any stray byte), at element offsets.
  uint64_t state = fuzz::seed_of(data, size);
  std::vector<unsigned char> bases[3];
  const unsigned char* at[3];
  for (int k = 0; k < 3; ++k) {
    const DType t = k == 0 ? DType::Uint8 : dtypes[k];
    bases[k] = fuzz::random_elements(t, views[k].base_volume, offsets.in, state);
    at[k] = bases[k].data() + (offsets.in + static_cast<size_t>(views[k].offset)) * dtype_bytes(t);
  }
  std::vector<unsigned char> got((static_cast<size_t>(total) + offsets.out) * w, 0xA5);
  const void* sources[] = {at[0], at[1], at[2]};
  void* outputs[] = {got.data() + offsets.out * w};
  kernel.value()->run(sources, outputs, state % 2 ? &fuzz::pool() : nullptr);

  std::vector<int64_t> index(out.size(), 0);
  for (int64_t n = 0; n < total; ++n) {
    int64_t rest = n;
    for (size_t k = out.size(); k-- > 0;) {
      index[k] = rest % out[k];
      rest /= out[k];
    }
    int64_t offset[3] = {0, 0, 0};
    for (int k = 0; k < 3; ++k) {
      const fuzz::Shape& s = shapes[k];
      for (size_t j = 0; j < s.size(); ++j) {
        offset[k] += (s[j] == 1 ? 0 : index[out.size() - s.size() + j]) * views[k].strides[j];
      }
    }
    const int pick = at[0][offset[0]] != 0 ? 1 : 2;
    const unsigned char* want = at[pick] + offset[pick] * static_cast<int64_t>(w);
    if (std::memcmp(got.data() + (offsets.out + static_cast<size_t>(n)) * w, want, w) != 0) {
      fuzz::fail("where " + std::string(dtype_name(dtypes[1])) + " of " + fuzz::str(shapes[0]) + ", " +
                 fuzz::str(shapes[1]) + ", " + fuzz::str(shapes[2]) + ": element " + std::to_string(n) +
                 " is not " + (pick == 1 ? "a's" : "b's"));
    }
  }
  return 0;
}
