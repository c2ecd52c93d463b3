// The seeds of fuzz_top_k, topK: the examples of docs/operations/topK.md and
// ONNX's (largest, smallest, a negative axis), NaN, ties, bool, 64-bit
// extremes, k = 0 and k = the dim, unsorted, int64 indices, a long row (the
// heap path), views read backwards and broadcast, and what topK refuses (a
// scalar, an axis out of range, k beyond the dim, a negative k).
#include "seeds.hpp"

namespace {

using tensor_ops::DType;

// One call in fuzz_top_k.cpp's format.
void top_k(seeds::Corpus& c, DType dtype, const seeds::Ints& in, const seeds::Ints& flags, int64_t k, int64_t axis,
           bool largest, bool sorted, bool wide) {
  c.each_width([&](seeds::Writer& w) {
    w.byte(static_cast<uint8_t>(dtype));
    fuzz::write_shape(w, in);
    w.list(flags, 0, 4);
    w.value(k, -1, 12);
    w.value(axis, -6, 13);
    w.flag(largest);
    w.flag(sorted);
    w.flag(wide);
  });
}

void write(seeds::Corpus& c) {
  top_k(c, DType::Float32, {3, 4}, {}, 3, 1, true, true, true);      // ONNX top_k
  top_k(c, DType::Float32, {3, 4}, {}, 3, -1, true, true, true);     // ONNX top_k_negative_axis
  top_k(c, DType::Float32, {3, 4}, {}, 3, 1, false, true, true);     // ONNX top_k_smallest
  top_k(c, DType::Float32, {2, 3}, {}, 2, -1, true, true, false);    // the page's first example
  top_k(c, DType::Float32, {2, 3}, {}, 2, 0, false, false, false);   // smallest, unsorted
  top_k(c, DType::Bool, {5}, {}, 2, 0, true, true, false);
  top_k(c, DType::Int64, {4}, {}, 4, 0, false, true, true);
  top_k(c, DType::Uint64, {2, 5}, {}, 1, 1, true, true, false);
  top_k(c, DType::Float16, {3, 5}, {}, 5, -1, true, false, false);  // k = the dim
  top_k(c, DType::Bfloat16, {3, 5}, {}, 0, -1, true, true, false);  // k = 0
  top_k(c, DType::Float32, {2, 200}, {}, 5, 1, true, true, false);  // the heap path
  top_k(c, DType::Int16, {2, 3, 4}, {1, 0, 1}, 2, 1, true, true, false);   // backwards
  top_k(c, DType::Float64, {3, 4, 4}, {2, 2, 0}, 3, -1, false, true, true);  // broadcast
  top_k(c, DType::Float32, {}, {}, 0, 0, true, true, false);      // a scalar
  top_k(c, DType::Float32, {2, 3}, {}, 1, 2, true, true, false);  // axis out of range
  top_k(c, DType::Float32, {2, 3}, {}, 4, 1, true, true, false);  // k beyond the dim
  top_k(c, DType::Float32, {2, 3}, {}, -1, 1, true, true, false); // a negative k
  top_k(c, DType::Float32, {2, 0}, {}, 0, 1, true, true, false);  // an empty axis, k = 0
}

const seeds::Register registered("top_k", write);

}  // namespace
