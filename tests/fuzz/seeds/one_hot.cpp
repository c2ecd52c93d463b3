// The seeds of fuzz_one_hot (one_hot_fuzz.hpp's format): the examples of
// docs/operations/oneHot.md and ONNX OneHot's (axis at every place, negative
// and out-of-range indices, values given or left out, every index dtype and
// output width), views read backwards and broadcast, and what oneHot
// refuses (float and bool indices, depth 0, an axis out of range).
#include "seeds.hpp"

namespace {

using tensor_ops::DType;

// Output dtype codes (the option's order, one_hot.cpp): float32 0, int8 1, uint8 2, bool 3,
// float16 6, int32 8, int64 10, uint64 11, float64 12.
void one_hot(seeds::Corpus& c, DType indices, const fuzz::Ints& in, const fuzz::Ints& flags, int64_t depth,
             const int64_t* axis, const uint64_t* values, int out_code) {
  c.each_width([&](fuzz::Writer& w) {
    w.byte(static_cast<uint8_t>(indices));
    fuzz::write_shape(w, in);
    w.list(flags, 0, 4);
    w.value(depth, -2, 40);
    w.flag(axis != nullptr);
    w.value(axis ? *axis : 0, -6, 13);
    w.flag(values != nullptr);
    for (int k = 0; k < 2; ++k) {
      for (int i = 7; i >= 0; --i) w.byte(static_cast<uint8_t>((values ? values[k] : 0) >> (8 * i)));
    }
    w.byte(static_cast<uint8_t>(out_code));
  });
}

void write(seeds::Corpus& c) {
  const int64_t a0 = 0, a1 = 1, am1 = -1, am2 = -2, a3 = 3, am4 = -4;
  const uint64_t f32_on_off[] = {0x40400000, 0x40a00000};  // ONNX's values [3, 5] as float32
  const uint64_t extremes[] = {0x8000000000000000, 0x7fffffffffffffff};
  one_hot(c, DType::Int32, {3}, {}, 4, nullptr, nullptr, 0);             // the page's first example
  one_hot(c, DType::Int64, {2, 2}, {}, 10, &a1, f32_on_off, 0);          // ONNX with_axis
  one_hot(c, DType::Int64, {3}, {}, 10, &a1, f32_on_off, 0);             // ONNX with_negative_indices (-7)
  one_hot(c, DType::Int64, {2, 2}, {}, 10, &am2, f32_on_off, 0);         // ONNX with_negative_axis
  one_hot(c, DType::Uint8, {2, 3}, {}, 21, &a0, nullptr, 2);             // class labels to masks, axis 0
  one_hot(c, DType::Int8, {4}, {}, 3, &am1, extremes, 10);               // int64 extremes
  one_hot(c, DType::Uint64, {2, 3}, {}, 5, &a1, nullptr, 6);             // float16
  one_hot(c, DType::Int16, {2, 3, 4}, {1, 0, 1}, 6, &a1, nullptr, 3);    // backwards, bool
  one_hot(c, DType::Uint16, {3, 4, 4}, {2, 2, 0}, 4, &a3, nullptr, 12);  // broadcast, float64
  one_hot(c, DType::Uint32, {}, {}, 7, nullptr, nullptr, 8);             // a scalar index
  one_hot(c, DType::Int32, {0, 3}, {}, 4, nullptr, nullptr, 11);         // empty
  one_hot(c, DType::Float32, {3}, {}, 4, nullptr, nullptr, 0);           // float indices
  one_hot(c, DType::Bool, {3}, {}, 4, nullptr, nullptr, 0);              // bool indices
  one_hot(c, DType::Int32, {3}, {}, 0, nullptr, nullptr, 0);             // depth 0
  one_hot(c, DType::Int32, {2, 3}, {}, 4, &am4, nullptr, 0);             // axis out of range
}

const seeds::Register registered("one_hot", write);

}  // namespace
