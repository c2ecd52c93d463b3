// The seeds of fuzz_depth_to_space, depthToSpace: the inverses, in both modes.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using tensor_ops::BlockMode;
using tensor_ops::DataFormat;

void write(seeds::Corpus& c) {
  for (BlockMode m : {BlockMode::BlocksFirst, BlockMode::DepthFirst}) {
    seeds::block(c, {1, 1, 1, 4}, 2, DataFormat::NHWC, m);
    seeds::block(c, {1, 2, 2, 12}, 2, DataFormat::NHWC, m);
    seeds::block(c, {1, 8, 2, 2}, 2, DataFormat::NCHW, m);
    seeds::block(c, {1, 16, 2, 2, 2}, 2, DataFormat::NCHW, m);
    seeds::block(c, {1, 4, 2, 2, 4}, 2, DataFormat::NCHW_VECT_C, m);
    seeds::block(c, {1, 9, 1, 1, 4}, 3, DataFormat::NCHW_VECT_C, m);
  }
}

const seeds::Register registered("depth_to_space", write);

}  // namespace
