// The seeds of fuzz_scatter_nd: ONNX's examples (elements of [8], slices of
// [4, 4, 4] with every reduction), tuples of every length, every index
// dtype, and the calls it refuses (scalar indices, tuples longer than x's
// rank, updates of the wrong shape or dtype).
#include "seeds.hpp"

#include "base/dtype.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;
using tensor_ops::DType;

void scatter(seeds::Corpus& c, DType x, DType idx, const Ints& xs, const Ints& is, const Ints& us, int64_t reduction,
             DType upd = DType::Uint8, bool upd_own = false) {
  c.each_width([&](Writer& w) {
    w.byte(static_cast<uint8_t>(x));
    w.byte(static_cast<uint8_t>(idx));
    w.flag(upd_own);
    if (upd_own) w.byte(static_cast<uint8_t>(upd));
    fuzz::write_shape(w, xs);
    fuzz::write_shape(w, is);
    fuzz::write_shape(w, us);
    w.value(reduction, 0, 5);
  });
}

void write(seeds::Corpus& c) {
  scatter(c, DType::Float32, DType::Int64, {8}, {4, 1}, {4}, 0);
  for (int64_t red = 0; red < 5; ++red) scatter(c, DType::Float32, DType::Int64, {4, 4, 4}, {2, 1}, {2, 4, 4}, red);
  scatter(c, DType::Int8, DType::Uint8, {2, 3}, {3, 2}, {3}, 1);
  scatter(c, DType::Float16, DType::Int16, {2, 3}, {0}, {2, 3}, 0);          // tuples of 0: all of x
  scatter(c, DType::Uint64, DType::Uint32, {3, 2}, {2, 2, 1}, {2, 2, 2}, 2);
  scatter(c, DType::Bool, DType::Int8, {4}, {3, 1}, {3}, 3);
  scatter(c, DType::Float32, DType::Int32, {4, 3}, {}, {}, 0);               // scalar indices
  scatter(c, DType::Float32, DType::Int32, {4, 3}, {1, 3}, {1}, 0);          // tuples too long
  scatter(c, DType::Float32, DType::Int32, {4, 3}, {2, 1}, {2, 2}, 0);       // updates' shape
  scatter(c, DType::Float32, DType::Int32, {4}, {2, 1}, {2}, 0, DType::Float64, true);  // updates' dtype
}

const seeds::Register registered("scatter_nd", write);

}  // namespace
