// The harness of fuzz_one_hot: oneHot through the table (make_operator:
// every check a call makes, the shape, the output's size, the kernel) on
// indices of any dtype (the non-integer ones refused), any depth and axis,
// values given as bits or left out, any output dtype, read from a view whose
// axes may run backwards or be broadcast (sent back to be made contiguous,
// then run on the copy). The output must be the rule written here: values[1]
// where the index (negative: plus depth) names the place, values[0]
// elsewhere. Errors name the operation and are raised for an integer dtype,
// a depth >= 1 and an axis in [-rank - 1, rank] only as OUT_OF_MEMORY.
// Input: width (unused), offsets, indices dtype code, shape, per-axis view
// flags, depth, axis given and its value, values given and their 16 bytes,
// output dtype code (the option's index).
#pragma once

#include <string>

#include "operations/one_hot.hpp"
#include "runtime/operator.hpp"
#include "typed_view.hpp"

namespace fuzz {

// The option's names (one_hot.cpp's order) as DTypes: float32 first.
inline tensor_ops::DType one_hot_output_dtype(int code) {
  using tensor_ops::DType;
  const DType order[] = {DType::Float32, DType::Int8,    DType::Uint8,  DType::Bool,  DType::Int16,
                         DType::Uint16,  DType::Float16, DType::Bfloat16, DType::Int32, DType::Uint32,
                         DType::Int64,   DType::Uint64,  DType::Float64};
  return order[code];
}

inline int one_hot_one(const uint8_t* data, size_t size) {
  using namespace tensor_ops;
  const char* name = "oneHot";
  Reader r(data, size);
  read_width(r);
  const Offsets offsets = read_offsets(r);
  const DType dtype = static_cast<DType>(r.byte() % kDTypeCount);
  const Shape input = read_shape(r, 4);
  const Ints flags = r.list(0, 4, 4);
  const int64_t depth = r.value(-2, 40);
  const bool axis_given = r.flag();
  const int64_t axis = r.value(-6, 13);
  const bool values_given = r.flag();
  uint64_t off = 0, on = 0;
  for (int i = 0; i < 8; ++i) off = off << 8 | r.byte();
  for (int i = 0; i < 8; ++i) on = on << 8 | r.byte();
  const int out_code = r.byte() % kDTypeCount;

  std::vector<int64_t> words{static_cast<int64_t>(input.size())};
  words.insert(words.end(), input.begin(), input.end());
  words.insert(words.end(), {1, depth});
  if (axis_given) words.insert(words.end(), {1, axis});
  else words.push_back(-1);
  if (values_given) words.insert(words.end(), {2, static_cast<int64_t>(off), static_cast<int64_t>(on)});
  else words.push_back(-1);
  words.insert(words.end(), {1, out_code});
  const View view = view_of(input, flags);
  std::vector<int64_t> viewed = words;
  if (view.small) {
    viewed.push_back(static_cast<int64_t>(input.size()));
    viewed.insert(viewed.end(), view.strides.begin(), view.strides.end());
  }

  const Outcome by_shape = outcome_of([&]() -> Result<Shape> {
    Operator op;
    TENSOR_OPS_ASSIGN(op, make_operator(one_hot_op(), dtype, viewed.data(), viewed.size(), -1, true));
    return op.output_shape;
  });
  check_message(by_shape, name);
  const int64_t rank = static_cast<int64_t>(input.size());
  const bool shape_ok = safe_volume(input) >= 0;
  const bool valid = shape_ok && is_integer(dtype) && depth >= 1 && (!axis_given || (axis >= -rank - 1 && axis <= rank));
  if (valid && !by_shape.ok && by_shape.code != ErrorCode::OutOfMemory) fail(std::string(name) + ": refused " + by_shape.text());
  if (!valid && by_shape.ok) {
    fail(std::string(name) + ": accepted " + dtype_name(dtype) + " indices of shape " + str(input) + ", depth " +
         std::to_string(depth) + ", axis " + std::to_string(axis));
  }
  Result<Operator> made = make_operator(one_hot_op(), dtype, viewed.data(), viewed.size(), -1, false);
  if (made.ok() != by_shape.ok) fail(std::string(name) + ": the shape and the call disagree: " + by_shape.text());
  if (!made.ok()) {
    if (made.status().message() != by_shape.message) fail(std::string(name) + ": different messages: " + made.status().message());
    return 0;
  }
  const int64_t a = !axis_given ? rank : axis < 0 ? axis + rank + 1 : axis;
  Shape expected_shape = input;
  expected_shape.insert(expected_shape.begin() + a, depth);
  if (by_shape.shape != expected_shape || made.value().output_shape != expected_shape) {
    fail(std::string(name) + ": output shape " + by_shape.text());
  }
  int64_t total_elements = 0;
  if (!view.small || view.volume == 0 || !checked_mul(view.volume, depth, &total_elements) ||
      total_elements > kMaxExecElements) {
    return 0;
  }

  // The indices: random bytes, a third of them small values (in range or close).
  uint64_t state = seed_of(data, size);
  const size_t iw = dtype_bytes(dtype);
  std::vector<unsigned char> base = random_elements(dtype, view.base_volume, offsets.in, state);
  for (size_t i = 0; i < base.size() / iw; ++i) {
    if (splitmix(state) % 3 != 0) continue;
    const int64_t v = static_cast<int64_t>(splitmix(state) % static_cast<uint64_t>(2 * depth + 4)) - depth - 2;
    std::memcpy(&base[i * iw], &v, iw);  // little-endian: the low bytes
  }
  const unsigned char* x = base.data() + (offsets.in + static_cast<size_t>(view.offset)) * iw;
  std::vector<unsigned char> dense(static_cast<size_t>(view.volume) * iw);
  for (int64_t p = 0; p < view.volume; ++p) {
    int64_t rest = p, at = 0;
    for (size_t k = input.size(); k-- > 0;) {
      at += (rest % input[k]) * view.strides[k];
      rest /= input[k];
    }
    std::memcpy(&dense[static_cast<size_t>(p) * iw], x + at * static_cast<int64_t>(iw), iw);
  }
  // A strided view is sent back; a dense row-major one (dims of 1 at any
  // stride, or empty) and a scalar's (no strides) are read as they are.
  bool dense_view = true;
  for (int64_t k = rank, step = 1; k-- > 0 && dense_view;) {
    const int64_t d = input[static_cast<size_t>(k)];
    if (d == 0) break;
    dense_view = d == 1 || view.strides[static_cast<size_t>(k)] == step;
    step *= d;
  }
  if (view.strides.empty()) dense_view = true;
  for (int64_t d : input) dense_view = dense_view || d == 0;
  if ((made.value().needs_contiguous == 0) == dense_view) {
    fail(std::string(name) + ": a view " + (dense_view ? "read in place was" : "was not") + " sent back to be made contiguous");
  }
  made = make_operator(one_hot_op(), dtype, words.data(), words.size(), -1, false);
  if (!made.ok() || made.value().kernel == nullptr) fail(std::string(name) + ": the contiguous call failed");

  const DType out = one_hot_output_dtype(out_code);
  const size_t w = dtype_bytes(out);
  const uint64_t one = out == DType::Float16 ? 0x3c00 : out == DType::Bfloat16 ? 0x3f80
                       : out == DType::Float32 ? 0x3f800000 : out == DType::Float64 ? 0x3ff0000000000000 : 1;
  const uint64_t off_bits = values_given ? off : 0, on_bits = values_given ? on : one;
  const size_t total = static_cast<size_t>(total_elements);
  std::vector<unsigned char> got((total + offsets.out) * w + 8, 0xA5);
  const void* sources[] = {dense.data()};
  void* outs[] = {got.data() + offsets.out * w};
  made.value().kernel->run(sources, outs, state % 2 ? &pool() : nullptr);
  int64_t inner = 1;
  for (int64_t k = a; k < rank; ++k) inner *= input[static_cast<size_t>(k)];
  for (size_t e = 0; e < total; ++e) {
    const int64_t i = static_cast<int64_t>(e) % inner, d = static_cast<int64_t>(e) / inner % depth,
                  o = static_cast<int64_t>(e) / inner / depth;
    __int128 v = value_at(dtype, &dense[static_cast<size_t>(o * inner + i) * iw]).i;
    if (v < 0) v += depth;
    const uint64_t want = v == d ? on_bits : off_bits;
    uint64_t have = 0;
    std::memcpy(&have, got.data() + (offsets.out + e) * w, w);
    if ((have ^ want) << (64 - 8 * w) != 0) {
      fail(std::string(name) + " " + dtype_name(dtype) + " indices of shape " + str(input) + ", depth " +
           std::to_string(depth) + ", axis " + std::to_string(a) + ": element " + std::to_string(e) + " is " +
           std::to_string(have) + ", the rule gives " + std::to_string(want));
    }
  }
  if (got[(total + offsets.out) * w] != 0xA5) fail(std::string(name) + ": wrote past the output");
  return 0;
}

}  // namespace fuzz
