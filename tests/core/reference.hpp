// A naive reference for the operations, written from the rules of docs/operations.md index by
// index and independently of src/ (it only borrows the Shape type and the
// mode/format enums). Slow on purpose: only for small tensors.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "runtime/tensor_ops.hpp"

namespace ref {

using tensor_ops::BlockMode;
using tensor_ops::BroadcastMode;
using tensor_ops::DataFormat;
using tensor_ops::Shape;
using Ints = std::vector<int64_t>;

// The output shape and, for each output element (row-major flat index), the
// flat index of the input element it copies, or -1 for an element of zero
// bytes (padding).
struct Gather {
  Shape shape;
  std::vector<int64_t> from;
  // from[i] == -1: element i is this constant (its low bytes, little-endian: pad's value).
  uint64_t fill = 0;
};

// Each returns nullopt when docs/operations.md says the parameters are invalid (with
// any error code). The inputs must be small: no overflow handling beyond
// what the tests need.
std::optional<Gather> reshape(const Shape& in, const Ints& shape, bool special_zero);
std::optional<Gather> squeeze(const Shape& in, const std::optional<Ints>& axes);
std::optional<Gather> unsqueeze(const Shape& in, const Ints& axes);
std::optional<Gather> flatten(const Shape& in, int64_t axis);
std::optional<Gather> broadcast(const Shape& in, const Ints& target, BroadcastMode mode,
                                const std::optional<Ints>& axes_mapping);
std::optional<Gather> space_to_depth(const Shape& in, int64_t b, DataFormat format,
                                     BlockMode mode);
std::optional<Gather> depth_to_space(const Shape& in, int64_t b, DataFormat format,
                                     BlockMode mode);
std::optional<Gather> roll(const Shape& in, const Ints& shift, const Ints& axes);
std::optional<Gather> transpose(const Shape& in, const std::optional<Ints>& perm);
std::optional<Gather> slice(const Shape& in, const Ints& starts, const Ints& ends,
                            const std::optional<Ints>& axes, const std::optional<Ints>& steps);
std::optional<Gather> reverse(const Shape& in, const std::optional<Ints>& axes);
// value: the fill value's bits, or nullopt when not given (then 0).
std::optional<Gather> pad(const Shape& in, const Ints& pads_begin, const Ints& pads_end,
                          tensor_ops::PadMode mode, std::optional<uint64_t> value);
// Concat: `from` indexes the inputs laid end to end (input k's flat index i
// is sum(volume(ins[j]), j < k) + i).
std::optional<Gather> concat(const std::vector<Shape>& ins, int64_t axis);
// Split: one Gather per part, in order. `count`: splits is {k}, k equal
// parts; else the lengths (one may be -1).
std::optional<std::vector<Gather>> split(const Shape& in, const Ints& splits, bool count, int64_t axis);
std::optional<Gather> tile(const Shape& in, const Ints& repeats);
// In spaceToBatch's gather, -1 marks an output element of zero bytes (padding).
std::optional<Gather> space_to_batch(const Shape& in, const Ints& block, const Ints& pads_begin,
                                     const Ints& pads_end);
std::optional<Gather> batch_to_space(const Shape& in, const Ints& block, const Ints& crops_begin,
                                     const Ints& crops_end);

// The gather family. `values` are the index tensor's values (row-major, of
// `indices` shape) as exact integers; nullopt also when one is outside
// [-d, d) for the dim d it indexes.
std::optional<Gather> gather(const Shape& in, const Shape& indices, const std::vector<__int128>& values,
                             int64_t axis, int64_t batch_dims);
std::optional<Gather> gather_elements(const Shape& in, const Shape& indices, const std::vector<__int128>& values,
                                      int64_t axis);
std::optional<Gather> gather_nd(const Shape& in, const Shape& indices, const std::vector<__int128>& values,
                                int64_t batch_dims);

int64_t volume(const Shape& shape);

}  // namespace ref
