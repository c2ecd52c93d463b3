#include "helpers.hpp"

#include <algorithm>
#include <sstream>

namespace th {

namespace {

constexpr size_t kGuard = 64;  // bytes on each side of a buffer; keeps 8-byte alignment
constexpr unsigned char kGuardByte = 0x5A;

// A byte buffer of `size` bytes plus guards, 8-byte aligned.
struct Buffer {
  std::vector<uint64_t> words;
  size_t size;
  explicit Buffer(size_t n) : words((n + 2 * kGuard) / 8 + 1), size(n) {
    std::memset(words.data(), kGuardByte, words.size() * 8);
  }
  unsigned char* data() { return reinterpret_cast<unsigned char*>(words.data()) + kGuard; }
  bool guards_intact() {
    const unsigned char* all = reinterpret_cast<unsigned char*>(words.data());
    for (size_t i = 0; i < words.size() * 8; ++i) {
      if ((i < kGuard || i >= kGuard + size) && all[i] != kGuardByte) return false;
    }
    return true;
  }
};

}  // namespace

std::string str(const Ints& v) {
  std::ostringstream s;
  s << '[';
  for (size_t i = 0; i < v.size(); ++i) s << (i ? ", " : "") << v[i];
  s << ']';
  return s.str();
}

std::string run_and_compare(const tensor_ops::CopyPlan& plan, const Shape& input,
                            const ref::Gather& gather, uint64_t seed) {
  return run_and_compare(
      plan.output_shape, plan.elem_size,
      [&](const void* src, void* dst) { tensor_ops::execute(plan, src, dst); }, input, gather, seed);
}

std::string run_and_compare(const Shape& output_shape, size_t w,
                            const std::function<void(const void*, void*)>& run, const Shape& input,
                            const ref::Gather& gather, uint64_t seed) {
  const size_t in_count = static_cast<size_t>(ref::volume(input));
  const size_t out_count = gather.from.size();
  if (output_shape != gather.shape) {
    return "output shape " + str(output_shape) + " != reference " + str(gather.shape);
  }
  Buffer src(in_count * w), dst(out_count * w);
  std::mt19937_64 rng(seed);
  for (size_t i = 0; i < in_count * w; ++i) src.data()[i] = static_cast<unsigned char>(rng());
  const std::vector<unsigned char> src_copy(src.data(), src.data() + in_count * w);
  // Prefill the output with the complement of what is expected, so an element
  // the plan never writes always shows up as a difference.
  // A gather entry of -1 expects zero bytes (padding).
  const std::vector<unsigned char> zero(w, 0);
  auto expected = [&](size_t j) {
    return gather.from[j] < 0 ? zero.data() : src.data() + static_cast<size_t>(gather.from[j]) * w;
  };
  for (size_t j = 0; j < out_count; ++j) {
    for (size_t b = 0; b < w; ++b) dst.data()[j * w + b] = static_cast<unsigned char>(~expected(j)[b]);
  }
  run(src.data(), dst.data());
  for (size_t j = 0; j < out_count; ++j) {
    const int64_t from = gather.from[j];
    if (std::memcmp(dst.data() + j * w, expected(j), w) != 0) {
      return "output element " + std::to_string(j) + " differs from input element " +
             std::to_string(from) + " (width " + std::to_string(w) + ")";
    }
  }
  if (!dst.guards_intact()) return "bytes written outside the output buffer";
  if (!std::equal(src_copy.begin(), src_copy.end(), src.data()) || !src.guards_intact()) {
    return "the input buffer was modified";
  }
  return "";
}

void check_plan(const tensor_ops::CopyPlan& plan, const Shape& shape_fn_result,
                const Shape& input, const ref::Gather& gather, size_t width, uint64_t seed) {
  INFO("width " << width << ", input shape " << str(input));
  CHECK(plan.elem_size == width);
  CHECK(str(plan.output_shape) == str(gather.shape));
  CHECK(str(shape_fn_result) == str(gather.shape));
  CHECK(run_and_compare(plan, input, gather, seed) == "");
}

std::vector<int32_t> iota(int32_t n, int32_t first) {
  std::vector<int32_t> v(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = first + i;
  return v;
}

bool contains_any(const std::string& message, std::initializer_list<std::string> options) {
  if (options.size() == 0) return true;
  for (const std::string& o : options) {
    if (message.find(o) != std::string::npos) return true;
  }
  return false;
}

Shape random_shape(Rng& rng, size_t rank, int64_t max_dim, int64_t max_volume) {
  Shape s(rank);
  for (int64_t& d : s) d = rng.chance(5) ? 0 : rng.uniform(1, max_dim);
  // Shrink the largest dims until the tensor is small enough to check quickly.
  while (ref::volume(s) > max_volume) {
    size_t big = 0;
    for (size_t i = 1; i < rank; ++i) big = s[i] > s[big] ? i : big;
    s[big] -= 1;
  }
  return s;
}

}  // namespace th
