// The seeds of fuzz_scatter_elements: ONNX's examples (without and with an
// axis, negative indices, duplicates with reductions), every index dtype,
// and the calls it refuses (float indices, updates of another dtype, shapes
// that do not fit, an axis out of range).
#include "seeds.hpp"

#include "base/dtype.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;
using tensor_ops::DType;

void scatter(seeds::Corpus& c, DType x, DType idx, const Ints& xs, const Ints& is, int64_t axis, int64_t reduction,
             DType upd = DType::Uint8, bool upd_own = false, const Ints& us = {}) {
  c.each_width([&](Writer& w) {
    w.byte(static_cast<uint8_t>(x));
    w.byte(static_cast<uint8_t>(idx));
    w.flag(upd_own);
    if (upd_own) w.byte(static_cast<uint8_t>(upd));
    fuzz::write_shape(w, xs);
    fuzz::write_shape(w, is);
    w.flag(us.empty());  // updates of indices' shape
    if (!us.empty()) fuzz::write_shape(w, us);
    w.value(reduction, 0, 5);
    w.value(axis, -5, 10);
  });
}

void write(seeds::Corpus& c) {
  scatter(c, DType::Float32, DType::Int64, {3, 3}, {2, 3}, 0, 0);
  scatter(c, DType::Float32, DType::Int64, {1, 5}, {1, 2}, 1, 0);
  scatter(c, DType::Float32, DType::Int32, {1, 5}, {1, 2}, -1, 1);
  scatter(c, DType::Float16, DType::Int8, {4, 3}, {2, 3}, 0, 3);
  scatter(c, DType::Int64, DType::Uint64, {4}, {6}, 0, 2);
  scatter(c, DType::Bool, DType::Uint8, {2, 2, 2}, {2, 1, 2}, 2, 4);
  scatter(c, DType::Bfloat16, DType::Int16, {3, 2}, {5, 2}, 0, 1);
  scatter(c, DType::Float32, DType::Float32, {4}, {2}, 0, 0);                              // float indices
  scatter(c, DType::Float32, DType::Int32, {4}, {2}, 0, 0, DType::Int32, true);            // updates int32
  scatter(c, DType::Float32, DType::Int32, {4, 3}, {2, 4}, 0, 0);                          // wider than x
  scatter(c, DType::Float32, DType::Int32, {4, 3}, {2, 3}, 0, 0, DType::Uint8, false, {3, 2});  // updates' shape
  scatter(c, DType::Float32, DType::Int32, {4, 3}, {2, 3}, 2, 0);                          // axis out of range
}

const seeds::Register registered("scatter_elements", write);

}  // namespace
