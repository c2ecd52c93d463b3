// The seeds of the arg reductions' family (arg_reduce_fuzz.hpp): one call
// in its byte format, and the examples both fuzzers share. Included by
// seeds/arg_max.cpp and seeds/arg_min.cpp.
#pragma once

#include "base/dtype.hpp"
#include "seeds.hpp"

namespace seeds {

// argMax / argMin (arg_reduce_fuzz.hpp): one call.
inline void arg_reduce(Corpus& c, tensor_ops::DType dtype, const Ints& in, const Ints& flags, int64_t axis, bool keep,
                       bool last, bool wide) {
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

// The seeds both arg reductions share: the examples of docs/operations/argMax.md
// and argMin.md (NaN, -0, ties first and last, bool, 64-bit extremes,
// keepDims, int64 indices), channels of an NCHW batch (the vector path across
// planes), views read backwards and broadcast, and what they refuse (a
// scalar, an axis out of range, an empty axis).
inline void arg_reduce_examples(Corpus& c) {
  using tensor_ops::DType;
  arg_reduce(c, DType::Float32, {2, 3}, {}, 1, false, false, false);
  arg_reduce(c, DType::Float32, {2, 3}, {}, 1, false, true, false);
  arg_reduce(c, DType::Float32, {2, 3}, {}, 0, true, false, true);
  arg_reduce(c, DType::Bool, {3}, {}, 0, false, false, false);
  arg_reduce(c, DType::Int64, {3}, {}, -1, false, false, true);
  arg_reduce(c, DType::Uint64, {2, 2}, {}, 0, false, true, false);
  arg_reduce(c, DType::Float16, {3, 5}, {}, -1, true, false, false);
  arg_reduce(c, DType::Float32, {1, 5, 8, 8}, {}, 1, false, false, false);    // channels
  arg_reduce(c, DType::Uint8, {2, 9, 15}, {}, 2, false, true, false);         // along contiguous rows
  arg_reduce(c, DType::Int16, {2, 3, 4}, {1, 0, 1}, 1, false, false, false);  // backwards
  arg_reduce(c, DType::Float64, {3, 4, 4}, {2, 2, 0}, -1, true, true, true);  // broadcast
  arg_reduce(c, DType::Float32, {}, {}, 0, false, false, false);      // a scalar
  arg_reduce(c, DType::Float32, {2, 3}, {}, 2, false, false, false);  // axis out of range
  arg_reduce(c, DType::Float32, {2, 0}, {}, 1, false, false, false);  // an empty axis
  arg_reduce(c, DType::Float32, {0, 3}, {}, 1, false, false, false);  // empty, not along the axis
}

}  // namespace seeds
