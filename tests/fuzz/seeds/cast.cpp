// The seeds of fuzz_cast, cast: the examples of docs/operations/cast.md
// (float to int16 with saturation, int8 to uint8 with and without scale,
// float16's range), an RGBA frame read as a transposed view with a scale
// and bias per channel, and bad scale, bias and axis combinations.
#include "seeds.hpp"

#include "base/dtype.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;
using tensor_ops::DType;

// scale and bias in quarters; axis < -7: not given.
void cast(seeds::Corpus& c, DType src, DType dst, int rounding, const Ints& in, const Ints& flags, const Ints& scale,
          const Ints& bias, int64_t axis) {
  c.each_width([&](Writer& w) {
    w.byte(static_cast<uint8_t>(src));
    w.byte(static_cast<uint8_t>(dst));
    w.byte(static_cast<uint8_t>(rounding));
    fuzz::write_shape(w, in);
    w.list(flags, 0, 4);
    w.list(scale, -16, 33);
    w.list(bias, -16, 33);
    w.flag(axis >= -7);
    w.value(axis >= -7 ? axis : 0, -7, 14);
  });
}

void write(seeds::Corpus& c) {
  cast(c, DType::Float32, DType::Int16, 0, {5}, {}, {}, {}, -8);
  cast(c, DType::Float32, DType::Int32, 2, {3}, {}, {}, {}, -8);
  cast(c, DType::Int8, DType::Uint8, 0, {2}, {}, {}, {}, -8);
  cast(c, DType::Int8, DType::Uint8, 0, {2}, {}, {8}, {}, -8);
  cast(c, DType::Float32, DType::Float16, 0, {4}, {}, {}, {}, -8);
  cast(c, DType::Uint8, DType::Float32, 0, {3, 4, 5}, {0, 1, 2}, {1, 2, 3}, {-2, 0, 2}, 0);
  cast(c, DType::Uint8, DType::Float16, 1, {2, 3, 3}, {1, 0, 0}, {4}, {1}, -8);
  cast(c, DType::Float64, DType::Bool, 0, {2, 2}, {2, 1}, {}, {}, -8);
  cast(c, DType::Uint8, DType::Int8, 0, {2, 3}, {}, {1, 2}, {}, 1);   // scale of the wrong length
  cast(c, DType::Uint8, DType::Int8, 0, {2, 3}, {}, {1, 2, 3}, {}, -8);  // several scales, no axis
  cast(c, DType::Uint8, DType::Int8, 0, {2, 3}, {}, {}, {}, 0);   // axis without scale or bias
  cast(c, DType::Uint8, DType::Int8, 0, {2, 3}, {}, {4}, {}, 5);  // axis out of range
}

const seeds::Register registered("cast", write);

}  // namespace
