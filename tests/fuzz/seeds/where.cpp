// The seeds of fuzz_where: the examples of docs/operations/where.md (ONNX's,
// broadcasting, a scalar b), views read backwards and broadcast, and the
// calls it refuses (a float condition, a and b of two dtypes, shapes that
// do not broadcast).
#include "seeds.hpp"

#include "base/dtype.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;
using tensor_ops::DType;

void where(seeds::Corpus& c, DType cond, DType a, DType b, const Ints& cs, const Ints& as, const Ints& bs,
           const Ints& flags = {}) {
  c.each_width([&](Writer& w) {
    for (DType t : {cond, a, b}) w.byte(static_cast<uint8_t>(t));
    for (const Ints* s : {&cs, &as, &bs}) fuzz::write_shape(w, *s);
    for (int k = 0; k < 3; ++k) w.list(flags, 0, 4);
  });
}

void write(seeds::Corpus& c) {
  where(c, DType::Bool, DType::Float32, DType::Float32, {2, 2}, {2, 2}, {2, 2});
  where(c, DType::Bool, DType::Int64, DType::Int64, {2, 2}, {2, 2}, {2, 2});
  where(c, DType::Uint8, DType::Float16, DType::Float16, {3}, {2, 3}, {2, 1});
  where(c, DType::Bool, DType::Int8, DType::Int8, {4, 1}, {1, 5}, {});
  where(c, DType::Bool, DType::Float64, DType::Float64, {2, 3, 4}, {3, 4}, {4}, {1, 2, 1});  // views
  where(c, DType::Uint8, DType::Uint8, DType::Uint8, {0, 3}, {1, 3}, {1});                  // empty
  where(c, DType::Float32, DType::Float32, DType::Float32, {2}, {2}, {2});                  // refused: condition
  where(c, DType::Bool, DType::Float32, DType::Int32, {2}, {2}, {2});                       // refused: a, b
  where(c, DType::Bool, DType::Uint16, DType::Uint16, {2, 3}, {3, 2}, {1});                 // refused: shapes
}

const seeds::Register registered("where", write);

}  // namespace
