// What the references of spaceToDepth and depthToSpace share: a block
// tensor seen logically, whatever its data format, and the element
// correspondence between the space and depth layouts.
#pragma once

#include "operations/block_layout.hpp"
#include "reference_common.hpp"

namespace ref {

using tensor_ops::BlockMode;
using tensor_ops::DataFormat;

int64_t ipow(int64_t b, size_t k);

// A block-op tensor seen logically as (n, c, spatial[K]), whatever its layout.
struct Logical {
  int64_t n = 0, c = 0;
  Ints spatial;
};

// Logical dims of a tensor of `format` with physical `shape` (rank checked).
Logical logical_dims(const Shape& shape, DataFormat format);
Shape physical_shape(const Logical& l, DataFormat format);
// Flat index of logical element (n, c, y[]) in a `format` tensor of `shape`.
int64_t physical_flat(const Shape& shape, DataFormat format, int64_t n, int64_t c, const Ints& y);
// What both require of x.shape and blockSize alone.
bool valid_block_input(const Shape& in, int64_t b, DataFormat format);

// The space -> depth element correspondence: calls visit(space_flat,
// depth_flat) for every element of the space tensor.
template <class F>
void block_pairs(const Shape& space, const Shape& depth, int64_t b, DataFormat format,
                 BlockMode mode, F&& visit) {
  const Logical l = logical_dims(space, format);
  const size_t K = l.spatial.size();
  const int64_t bk = ipow(b, K);
  Shape logical = {l.n, l.c};
  logical.insert(logical.end(), l.spatial.begin(), l.spatial.end());
  for_each_index(logical, [&](const Ints& i) {
    const int64_t n = i[0], c = i[1];
    Ints y(i.begin() + 2, i.end()), oy(K);
    int64_t k = 0;  // block offset, numbered row-major
    for (size_t d = 0; d < K; ++d) {
      oy[d] = y[d] / b;
      k = k * b + y[d] % b;
    }
    const int64_t oc = mode == BlockMode::BlocksFirst ? k * l.c + c : c * bk + k;
    visit(physical_flat(space, format, n, c, y), physical_flat(depth, format, n, oc, oy));
  });
}

}  // namespace ref
