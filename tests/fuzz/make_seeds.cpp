// Writes the seed corpus of the five fuzzers: the examples of docs/operations.md (and
// of the seed documents it restates), valid and invalid, in every element
// width, encoded in the harnesses' byte format (fuzz_common.hpp).
// Usage: make_seeds <dir>   (writes <dir>/<fuzzer>/seed_NNN, <fuzzer> as in fuzz_<fuzzer>)
#include <sys/stat.h>

#include <cstdio>
#include <string>

#include "fuzz_common.hpp"
#include "gather_fuzz.hpp"

namespace {

using fuzz::Ints;
using fuzz::Writer;
using tensor_ops::BlockMode;
using tensor_ops::BroadcastMode;
using tensor_ops::DataFormat;

std::string g_dir;
int g_failures = 0;

void save(const char* op, int index, const Writer& w) {
  const std::string dir = g_dir + "/" + op;
  mkdir(dir.c_str(), 0755);
  char name[32];
  std::snprintf(name, sizeof name, "/seed_%03d", index);
  FILE* f = std::fopen((dir + name).c_str(), "wb");
  if (!f || std::fwrite(w.out.data(), 1, w.out.size(), f) != w.out.size()) ++g_failures;
  if (f) std::fclose(f);
}

// Each example once per element width; `variant` also varies the offsets.
template <class Encode>
void each_width(const char* op, int& index, Encode encode) {
  for (size_t width : {1, 2, 4, 8}) {
    Writer w;
    fuzz::write_width(w, width);
    w.byte(static_cast<uint8_t>(index % 16));  // offsets
    encode(w);
    save(op, index++, w);
  }
}

void reshape(int& i, const Ints& in, const Ints& shape, bool special_zero) {
  each_width("reshape", i, [&](Writer& w) {
    w.flag(special_zero);
    fuzz::write_shape(w, in);
    w.list(shape, -2, 18);
  });
}

void squeeze(int& i, const Ints& in, const std::optional<Ints>& axes) {
  each_width("squeeze", i, [&](Writer& w) {
    fuzz::write_shape(w, in);
    w.byte(axes ? 1 : 0);
    w.list(axes.value_or(Ints{}), -9, 18);
  });
}

void unsqueeze(int& i, const Ints& in, const Ints& axes) {
  each_width("unsqueeze", i, [&](Writer& w) {
    fuzz::write_shape(w, in);
    w.list(axes, -12, 24);
  });
}

void flatten(int& i, const Ints& in, int64_t axis) {
  each_width("flatten", i, [&](Writer& w) {
    fuzz::write_shape(w, in);
    w.value(axis, -10, 20);
  });
}

void broadcast(int& i, const Ints& in, const Ints& target, BroadcastMode mode,
               const std::optional<Ints>& mapping = std::nullopt) {
  each_width("broadcast", i, [&](Writer& w) {
    w.byte(static_cast<uint8_t>(mode));
    w.flag(mapping.has_value());
    fuzz::write_shape(w, in);
    w.list(target, -1, 17);
    w.list(mapping.value_or(Ints{}), -1, 10);
  });
}

void block(const char* op, int& i, const Ints& in, int64_t b, DataFormat format, BlockMode mode) {
  each_width(op, i, [&](Writer& w) {
    w.byte(static_cast<uint8_t>(format));
    w.byte(static_cast<uint8_t>(mode));
    w.value(b, -1, 6);
    w.flag(false);  // as given, not constructed
    fuzz::write_shape(w, in);
  });
}

void roll(int& i, const Ints& in, const Ints& shift, const Ints& axes) {
  each_width("roll", i, [&](Writer& w) {
    fuzz::write_shape(w, in);
    w.list(shift, -20, 41);
    w.list(axes, -9, 18);
  });
}

void slice(int& i, const Ints& in, const Ints& starts, const Ints& ends,
           const std::optional<Ints>& axes = std::nullopt, const std::optional<Ints>& steps = std::nullopt) {
  each_width("slice", i, [&](Writer& w) {
    fuzz::write_shape(w, in);
    w.byte(static_cast<uint8_t>((axes ? 1 : 0) | (steps ? 2 : 0)));
    w.list(starts, -20, 41);
    w.list(ends, -20, 41);
    w.list(axes.value_or(Ints{}), -9, 18);
    w.list(steps.value_or(Ints{}), -4, 9);
  });
}

void reverse(int& i, const Ints& in, const std::optional<Ints>& axes) {
  each_width("reverse", i, [&](Writer& w) {
    fuzz::write_shape(w, in);
    w.byte(axes ? 1 : 0);
    w.list(axes.value_or(Ints{}), -9, 18);
  });
}

void pad(int& i, const Ints& in, const Ints& begin, const Ints& end, tensor_ops::PadMode mode,
         std::optional<int64_t> value = std::nullopt) {
  each_width("pad", i, [&](Writer& w) {
    w.byte(static_cast<uint8_t>(mode));
    w.flag(value.has_value());
    w.value(value.value_or(0), 0, 256);
    fuzz::write_shape(w, in);
    w.list(begin, -6, 20);
    w.list(end, -6, 20);
  });
}

void concat(int& i, const Ints& base, int64_t axis, const Ints& dims) {
  each_width("concat", i, [&](Writer& w) {
    fuzz::write_shape(w, base);
    w.value(axis, -7, 14);
    w.byte(static_cast<uint8_t>(dims.size()));
    for (int64_t d : dims) {
      w.byte(1);  // the base shape with this dim on the axis
      w.value(d, 0, 16);
    }
  });
}

void gathers(const char* op, int& i, tensor_ops::IndexType type, const Ints& in, const Ints& indices, int64_t p1,
             int64_t p2, const Ints& values) {
  each_width(op, i, [&](Writer& w) { fuzz::write_gather_input(w, type, in, indices, p1, p2, values); });
}

void split(int& i, const Ints& in, int64_t axis, bool count, const Ints& splits) {
  each_width("split", i, [&](Writer& w) {
    fuzz::write_shape(w, in);
    w.value(axis, -9, 18);
    w.byte(count ? 0 : 1);
    if (count) {
      w.value(splits.at(0), -1, 10);
    } else {
      w.list(splits, -2, 14);
    }
  });
}

void tile(int& i, const Ints& in, const Ints& repeats) {
  each_width("tile", i, [&](Writer& w) {
    fuzz::write_shape(w, in);
    w.list(repeats, -1, 5);
  });
}

// spaceToBatch / batchToSpace (batch_fuzz.hpp), as given, not constructed.
void batch(const char* op, int& i, const Ints& in, const Ints& block, const Ints& begin, const Ints& end) {
  each_width(op, i, [&](Writer& w) {
    w.flag(false);
    fuzz::write_shape(w, in);
    w.list(block, 0, 5);
    w.list(begin, -1, 6);
    w.list(end, -1, 6);
  });
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus dir>\n", argv[0]);
    return 2;
  }
  g_dir = argv[1];
  mkdir(g_dir.c_str(), 0755);

  int i = 0;  // Reshape-1 examples, then the rules' edge cases.
  reshape(i, {2, 5, 5, 0}, {0, 4}, false);
  reshape(i, {2, 5, 5, 24}, {0, -1, 4}, true);
  reshape(i, {2, 2, 3}, {0, 0, 1, -1}, true);
  reshape(i, {3, 1, 1}, {-1, 0}, true);
  reshape(i, {3, 1, 1}, {0, -1}, true);
  reshape(i, {0, 3}, {0, -1}, true);
  reshape(i, {2, 3, 4}, {-1, 4, -1}, false);
  reshape(i, {2, 3, 4}, {5, -1}, false);
  reshape(i, {1}, {}, false);
  reshape(i, {2, 3}, {0, 0, 0}, true);

  i = 0;  // Broadcast-3 examples.
  broadcast(i, {16, 1, 1}, {1, 1, 50, 50}, BroadcastMode::Bidirectional);
  broadcast(i, {16}, {1, 16, 50, 50}, BroadcastMode::Explicit, Ints{1});
  broadcast(i, {50, 50}, {1, 50, 50, 16}, BroadcastMode::Explicit, Ints{1, 2});
  broadcast(i, {3, 1}, {2, 3, 4}, BroadcastMode::Numpy);
  broadcast(i, {5}, {1}, BroadcastMode::Numpy);
  broadcast(i, {0, 1}, {5}, BroadcastMode::Bidirectional);
  broadcast(i, {}, {3}, BroadcastMode::Explicit, Ints{0});
  broadcast(i, {3}, {2, 3}, BroadcastMode::Numpy, Ints{1});

  i = 0;  // SpaceToDepth: the TensorFlow examples and OpenVINO's layouts.
  for (BlockMode m : {BlockMode::BlocksFirst, BlockMode::DepthFirst}) {
    block("space_to_depth", i, {1, 2, 2, 1}, 2, DataFormat::NHWC, m);
    block("space_to_depth", i, {1, 2, 2, 3}, 2, DataFormat::NHWC, m);
    block("space_to_depth", i, {1, 4, 4, 1}, 2, DataFormat::NHWC, m);
    block("space_to_depth", i, {1, 3, 6, 6}, 3, DataFormat::NCHW, m);
    block("space_to_depth", i, {1, 2, 4, 4, 4}, 2, DataFormat::NCHW, m);
    block("space_to_depth", i, {2, 2, 4, 8, 4}, 2, DataFormat::NCHW_VECT_C, m);
    block("space_to_depth", i, {1, 1, 3, 3, 4}, 3, DataFormat::NCHW_VECT_C, m);
  }
  i = 0;  // DepthToSpace: the inverses.
  for (BlockMode m : {BlockMode::BlocksFirst, BlockMode::DepthFirst}) {
    block("depth_to_space", i, {1, 1, 1, 4}, 2, DataFormat::NHWC, m);
    block("depth_to_space", i, {1, 2, 2, 12}, 2, DataFormat::NHWC, m);
    block("depth_to_space", i, {1, 8, 2, 2}, 2, DataFormat::NCHW, m);
    block("depth_to_space", i, {1, 16, 2, 2, 2}, 2, DataFormat::NCHW, m);
    block("depth_to_space", i, {1, 4, 2, 2, 4}, 2, DataFormat::NCHW_VECT_C, m);
    block("depth_to_space", i, {1, 9, 1, 1, 4}, 3, DataFormat::NCHW_VECT_C, m);
  }

  i = 0;  // Roll-7 examples on [4, 3], then negative, repeated and wide shifts.
  roll(i, {4, 3}, {1}, {0});
  roll(i, {4, 3}, {-1, 2}, {0, 1});
  roll(i, {4, 3}, {1, 2, 1}, {0, 1, 0});
  roll(i, {2, 3, 4}, {5}, {-1, -2});
  roll(i, {0, 3}, {1}, {0});
  roll(i, {3}, {1, 2}, {0});

  i = 0;  // Slice: the examples of docs/operations.md#slice, int64's extremes, the error rules.
  {
    const int64_t max = std::numeric_limits<int64_t>::max();
    const int64_t min = std::numeric_limits<int64_t>::min();
    slice(i, {3, 4}, {1}, {3});
    slice(i, {3, 4}, {0, 1}, {2, 3});
    slice(i, {3, 4}, {0}, {4}, Ints{1}, Ints{2});
    slice(i, {3, 4}, {-1}, {min}, Ints{-1}, Ints{-1});
    slice(i, {3, 4}, {-1, 1}, {min, max}, Ints{0, 1}, Ints{-2, 2});
    slice(i, {3, 4}, {-10}, {min}, Ints{1}, Ints{-1});
    slice(i, {2, 0, 3}, {0, -1}, {max, min}, Ints{1, 2}, Ints{-1, -1});
    slice(i, {1, 8, 8, 3}, {2, 2}, {6, 6}, Ints{1, 2});
    slice(i, {}, {}, {});
    slice(i, {3, 4}, {0, 0}, {1, 1}, Ints{1, -1});   // a repeated axis
    slice(i, {3, 4}, {0}, {1}, Ints{0}, Ints{0});     // a step of 0
    slice(i, {3, 4}, {0, 1}, {1});                    // lengths differ
  }

  i = 0;  // Reverse: the examples, a scalar, and the error rules.
  squeeze(i, {1, 3, 1, 2}, std::nullopt);
  squeeze(i, {1, 3, 1, 2}, Ints{-2, 0});
  squeeze(i, {2, 1, 3}, Ints{0});
  unsqueeze(i, {3, 4}, {0, 3});
  unsqueeze(i, {3, 4}, {-1});
  unsqueeze(i, {3, 4}, {0, -4});
  flatten(i, {2, 3, 4}, 1);
  flatten(i, {2, 3, 4}, -1);
  flatten(i, {2, 3, 4}, 3);
  flatten(i, {2, 3}, 3);
  reverse(i, {2, 3}, std::nullopt);
  reverse(i, {2, 3}, Ints{0});
  reverse(i, {2, 3}, Ints{-1});
  reverse(i, {2, 3}, Ints{});
  reverse(i, {}, std::nullopt);
  reverse(i, {3, 0, 2}, Ints{0, 1});
  reverse(i, {2, 3}, Ints{1, -1});
  reverse(i, {2, 3}, Ints{2});

  i = 0;  // Pad: the examples of each mode, crops, corners, wrap beyond the dim, the errors.
  {
    using tensor_ops::PadMode;
    for (PadMode m : {PadMode::Constant, PadMode::Edge, PadMode::Reflect, PadMode::Symmetric, PadMode::Wrap}) {
      pad(i, {3}, {2}, {2}, m);
      pad(i, {2, 3, 4}, {1, -1, 0}, {0, 2, -2}, m);
      pad(i, {3, 3}, {1, 1}, {1, 1}, m);
    }
    pad(i, {3}, {2}, {2}, PadMode::Constant, 9);
    pad(i, {0, 2}, {1, 0}, {2, 1}, PadMode::Constant, 255);
    pad(i, {3, 2}, {13, 1}, {7, 5}, PadMode::Wrap);
    pad(i, {3}, {3}, {0}, PadMode::Reflect);
    pad(i, {3}, {-2}, {-2}, PadMode::Edge);
    pad(i, {3}, {1}, {1}, PadMode::Edge, 0);
    pad(i, {}, {}, {}, PadMode::Constant, 1);
  }

  i = 0;  // Concat: along the first, a middle and the last axis; empty inputs; one input.
  concat(i, {2, 2}, 0, {2, 1});
  concat(i, {2, 2}, -1, {2, 1, 3});
  concat(i, {1, 3, 4, 4}, 1, {3, 5, 0});
  concat(i, {0, 3}, 0, {0, 0});
  concat(i, {5}, 0, {5});
  concat(i, {2, 3}, 2, {3, 3});

  i = 0;  // Split: k equal parts, lengths with and without -1, a list of one length.
  split(i, {6}, 0, true, {3});
  split(i, {6}, 0, false, {1, -1, 2});
  split(i, {2, 3}, 1, false, {2, 1});
  split(i, {3, 2}, 0, false, {3});
  split(i, {4, 6}, -1, true, {4});
  split(i, {6}, 0, false, {-1, 2, -1});

  i = 0;  // Tile-1 / numpy.tile: the whole block repeated, rank promotion both ways, zeros.
  tile(i, {2}, {2});
  tile(i, {2}, {2, 1});
  tile(i, {2, 2}, {2, 1});
  tile(i, {2, 2}, {2});
  tile(i, {2, 2}, {0, 1});
  tile(i, {}, {3});
  tile(i, {2, 3}, {2, -1});
  tile(i, {3}, {int64_t{1} << 53});

  const Ints z4{0, 0, 0, 0};
  i = 0;  // SpaceToBatch-2 / TensorFlow SpaceToBatchND examples, pads, errors.
  batch("space_to_batch", i, {1, 2, 2, 1}, {1, 2, 2, 1}, z4, z4);
  batch("space_to_batch", i, {1, 4, 4, 1}, {1, 2, 2, 1}, z4, z4);
  batch("space_to_batch", i, {2, 1, 4, 1}, {1, 1, 2, 1}, z4, z4);
  batch("space_to_batch", i, {1, 1, 3, 1}, {1, 1, 2, 1}, {0, 0, 1, 0}, z4);
  batch("space_to_batch", i, {1, 5, 7, 2}, {1, 3, 4, 1}, {0, 2, 3, 1}, {0, 2, 2, 0});
  batch("space_to_batch", i, {1, 2, 3, 1}, {1, 2, 2, 1}, z4, z4);
  batch("space_to_batch", i, {1, 2, 3, 1}, {2, 1, 1, 1}, z4, z4);
  batch("space_to_batch", i, {1, 2, 3, 1}, {1, 1, 1, 1}, {0, -1, 0, 0}, z4);
  i = 0;  // BatchToSpace-2: the inverses, crops, errors.
  batch("batch_to_space", i, {4, 1, 1, 1}, {1, 2, 2, 1}, z4, z4);
  batch("batch_to_space", i, {4, 2, 2, 1}, {1, 2, 2, 1}, z4, z4);
  batch("batch_to_space", i, {2, 1, 2, 1}, {1, 1, 2, 1}, {0, 0, 1, 0}, z4);
  batch("batch_to_space", i, {12, 3, 2, 2}, {1, 3, 4, 1}, {0, 2, 3, 1}, {0, 2, 2, 0});
  batch("batch_to_space", i, {3, 1, 2, 1}, {1, 1, 2, 1}, z4, z4);
  batch("batch_to_space", i, {2, 1, 2, 1}, {1, 1, 2, 1}, {0, 0, 3, 0}, {0, 0, 2, 0});

  i = 0;  // Gather: rows, a middle axis with negative indices, batch dims, a scalar index, out of range.
  using tensor_ops::IndexType;
  gathers("gather", i, IndexType::Int32, {3, 2}, {2, 2}, 0, 0, {0, 1, 1, 2});
  gathers("gather", i, IndexType::Int64, {2, 3, 4}, {3}, 1, 0, {-1, 0, 2});
  gathers("gather", i, IndexType::Uint32, {2, 3}, {2, 2}, 1, 1, {2, 0, 1, 1});
  gathers("gather", i, IndexType::Uint64, {4, 2}, {}, -2, 0, {3});
  gathers("gather", i, IndexType::Int32, {3}, {2}, 0, 0, {0, INT32_MIN});
  gathers("gather", i, IndexType::Int64, {3}, {2}, 0, 0, {INT64_MAX, 0});
  i = 0;  // GatherElements: both axes of a matrix, the last axis longer, out of range.
  gathers("gatherElements", i, IndexType::Int32, {2, 2}, {2, 2}, 1, 0, {0, 0, 1, 0});
  gathers("gatherElements", i, IndexType::Int64, {3, 3}, {2, 3}, 0, 0, {1, 2, 0, 2, 0, -3});
  gathers("gatherElements", i, IndexType::Uint32, {2, 3}, {2, 5}, -1, 0, {2, 0, 1, 1, 2, 0, 0, 1, 2, 2});
  gathers("gatherElements", i, IndexType::Uint64, {2, 3}, {1, 2}, 1, 0, {0, -1});
  i = 0;  // GatherND: pairs, rows, batch dims, k = 0, out of range.
  gathers("gatherND", i, IndexType::Int32, {2, 2}, {2, 2}, 0, 0, {0, 0, 1, 1});
  gathers("gatherND", i, IndexType::Int64, {2, 2}, {2, 1}, 0, 0, {1, 0});
  gathers("gatherND", i, IndexType::Uint32, {2, 2, 2}, {2, 1}, 1, 0, {1, 0});
  gathers("gatherND", i, IndexType::Int32, {2, 3}, {3, 0}, 0, 0, {});
  gathers("gatherND", i, IndexType::Int64, {2, 3}, {1, 2}, 0, 0, {1, 3});

  if (g_failures) std::fprintf(stderr, "make_seeds: %d files not written\n", g_failures);
  return g_failures ? 1 : 0;
}
