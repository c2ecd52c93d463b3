// The seeds of fuzz_triangular: the examples of docs/operations/triangular.md
// (upper and lower, diagonals inside, past and at the int64 extremes, a
// batch), views read backwards and broadcast, and the ranks it refuses.
#include "seeds.hpp"

#include <limits>

#include "base/dtype.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;
using tensor_ops::DType;

// upper: 0 false, 1 true, -1 left out (true).
void triangular(seeds::Corpus& c, DType dtype, const Ints& in, const Ints& flags, int upper, int64_t diagonal) {
  c.each_width([&](Writer& w) {
    w.byte(static_cast<uint8_t>(dtype));
    fuzz::write_shape(w, in);
    w.list(flags, 0, 4);
    w.flag(upper >= 0);
    w.flag(upper != 0);
    w.value(diagonal, -8, 17);
  });
}

void write(seeds::Corpus& c) {
  const int64_t big = std::numeric_limits<int64_t>::max(), small = std::numeric_limits<int64_t>::min();
  triangular(c, DType::Float32, {3, 3}, {}, -1, 0);
  triangular(c, DType::Float32, {3, 3}, {}, 0, 0);
  triangular(c, DType::Int32, {3, 4}, {}, 1, 1);
  triangular(c, DType::Int32, {4, 3}, {}, 0, -1);
  triangular(c, DType::Int64, {2, 2, 3}, {}, 0, 0);
  triangular(c, DType::Bool, {2, 5, 5}, {}, 1, -2);
  triangular(c, DType::Float16, {3, 3}, {}, 1, big);
  triangular(c, DType::Float64, {3, 3}, {}, 1, small);
  triangular(c, DType::Uint8, {2, 3, 4}, {1, 0, 1}, 0, 2);     // axes 0 and 2 backwards
  triangular(c, DType::Bfloat16, {3, 4, 4}, {2, 2, 0}, 1, 0);  // batch and rows broadcast
  triangular(c, DType::Uint8, {0, 3}, {}, 1, 0);               // empty
  triangular(c, DType::Uint8, {4}, {}, 1, 0);                  // rank 1: refused
  triangular(c, DType::Uint8, {}, {}, 0, 0);                   // a scalar: refused
}

const seeds::Register registered("triangular", write);

}  // namespace
