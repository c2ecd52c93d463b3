// The seeds of fuzz_arg_max: the examples of docs/operations/argMax.md (NaN,
// -0, ties first and last, bool, 64-bit extremes, keepDims, int64 indices),
// channels of an NCHW batch (the vector path across planes), views read
// backwards and broadcast, and what it refuses (a scalar, an axis out of
// range, an empty axis).
#include "seeds.hpp"

#include "base/dtype.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;
using tensor_ops::DType;

void arg(seeds::Corpus& c, DType dtype, const Ints& in, const Ints& flags, int64_t axis, bool keep, bool last, bool wide) {
  c.each_width([&](Writer& w) {
    w.byte(static_cast<uint8_t>(dtype));
    fuzz::write_shape(w, in);
    w.list(flags, 0, 4);
    w.value(axis, -6, 13);
    w.flag(keep);
    w.flag(last);
    w.flag(wide);
  });
}

void write(seeds::Corpus& c) {
  arg(c, DType::Float32, {2, 3}, {}, 1, false, false, false);
  arg(c, DType::Float32, {2, 3}, {}, 1, false, true, false);
  arg(c, DType::Float32, {2, 3}, {}, 0, true, false, true);
  arg(c, DType::Bool, {3}, {}, 0, false, false, false);
  arg(c, DType::Int64, {3}, {}, -1, false, false, true);
  arg(c, DType::Uint64, {2, 2}, {}, 0, false, true, false);
  arg(c, DType::Float16, {3, 5}, {}, -1, true, false, false);
  arg(c, DType::Float32, {1, 5, 8, 8}, {}, 1, false, false, false);  // channels
  arg(c, DType::Uint8, {2, 9, 15}, {}, 2, false, true, false);       // along contiguous rows
  arg(c, DType::Int16, {2, 3, 4}, {1, 0, 1}, 1, false, false, false);  // backwards
  arg(c, DType::Float64, {3, 4, 4}, {2, 2, 0}, -1, true, true, true);  // broadcast
  arg(c, DType::Float32, {}, {}, 0, false, false, false);     // a scalar
  arg(c, DType::Float32, {2, 3}, {}, 2, false, false, false);  // axis out of range
  arg(c, DType::Float32, {2, 0}, {}, 1, false, false, false);  // an empty axis
  arg(c, DType::Float32, {0, 3}, {}, 1, false, false, false);  // empty, not along the axis
}

const seeds::Register registered("arg_max", write);

}  // namespace
