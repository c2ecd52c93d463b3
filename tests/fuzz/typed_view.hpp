// What the typed operations' harnesses share: x's view drawn from flags per
// axis (bit 0: backwards, bit 1: broadcast when the dim allows) over a base
// of random bytes, and its elements' values for a scalar reference.
#pragma once

#include <cmath>
#include <cstring>
#include <vector>

#include "fuzz_common.hpp"

namespace fuzz {

// Row-major over a base whose backwards axes start at their end and whose
// broadcast axes read one element. Valid when the volume is small enough.
struct View {
  bool small = false;
  int64_t volume = 0;
  int64_t base_volume = 1;
  int64_t offset = 0;  // of element 0 in the base, in elements
  std::vector<int64_t> strides;
};

inline View view_of(const Shape& input, const Ints& flags) {
  View v;
  v.volume = safe_volume(input);
  v.small = v.volume >= 0 && v.volume <= kMaxExecElements;
  v.strides.assign(input.size(), 0);
  for (size_t k = input.size(); v.small && k-- > 0;) {
    const int64_t flag = k < flags.size() ? flags[k] : 0;
    if ((flag & 2) && input[k] > 1) continue;  // broadcast: stride 0
    v.strides[k] = (flag & 1) ? -v.base_volume : v.base_volume;
    if (flag & 1) v.offset += (input[k] - 1) * v.base_volume;
    v.base_volume *= input[k];
  }
  return v;
}

// Random bytes for `elements` elements of dtype t (bool: 0 or 1), plus
// `pad` elements before them.
inline std::vector<unsigned char> random_elements(tensor_ops::DType t, int64_t elements, size_t pad, uint64_t& state) {
  std::vector<unsigned char> b((static_cast<size_t>(elements) + pad) * tensor_ops::dtype_bytes(t));
  for (unsigned char& c : b) c = static_cast<unsigned char>(splitmix(state));
  // A few repeats make ties: copy earlier elements over later ones.
  const size_t w = tensor_ops::dtype_bytes(t);
  for (size_t i = 1; i < b.size() / w; ++i) {
    if (splitmix(state) % 3 == 0) std::memcpy(&b[i * w], &b[(splitmix(state) % i) * w], w);
  }
  if (t == tensor_ops::DType::Bool) for (unsigned char& c : b) c &= 1;
  return b;
}

// An element's value: integers exactly, floats as the double they equal
// (float16 and bfloat16 decoded from their bits); NaN stays NaN.
struct Value {
  bool is_float = false;
  __int128 i = 0;
  double f = 0;
};

inline double half_value(uint16_t h) {
  const int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  const double sign = (h & 0x8000) ? -1 : 1;
  if (e == 0x1f) return m ? std::nan("") : sign * INFINITY;
  return sign * (e ? std::ldexp(1024 + m, e - 25) : std::ldexp(m, -24));
}

inline Value value_at(tensor_ops::DType t, const unsigned char* p) {
  using tensor_ops::DType;
  Value v;
  v.is_float = tensor_ops::is_float(t);
  uint64_t bits = 0;
  std::memcpy(&bits, p, tensor_ops::dtype_bytes(t));
  switch (t) {
    case DType::Float16: v.f = half_value(static_cast<uint16_t>(bits)); break;
    case DType::Bfloat16: {
      const uint32_t u = static_cast<uint32_t>(bits) << 16;
      float f;
      std::memcpy(&f, &u, 4);
      v.f = f;
      break;
    }
    case DType::Float32: {
      float f;
      std::memcpy(&f, p, 4);
      v.f = f;
      break;
    }
    case DType::Float64: std::memcpy(&v.f, p, 8); break;
    case DType::Int8: v.i = static_cast<int8_t>(bits); break;
    case DType::Int16: v.i = static_cast<int16_t>(bits); break;
    case DType::Int32: v.i = static_cast<int32_t>(bits); break;
    case DType::Int64: v.i = static_cast<int64_t>(bits); break;
    default: v.i = static_cast<__int128>(bits); break;  // the unsigned ones and bool
  }
  return v;
}

}  // namespace fuzz
