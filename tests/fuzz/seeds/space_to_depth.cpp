// The seeds of fuzz_space_to_depth, spaceToDepth: the TensorFlow examples and OpenVINO's layouts, in
// both modes.
#include "seeds.hpp"

namespace {

using seeds::Ints;
using tensor_ops::BlockMode;
using tensor_ops::DataFormat;

void write(seeds::Corpus& c) {
  for (BlockMode m : {BlockMode::BlocksFirst, BlockMode::DepthFirst}) {
    seeds::block(c, {1, 2, 2, 1}, 2, DataFormat::NHWC, m);
    seeds::block(c, {1, 2, 2, 3}, 2, DataFormat::NHWC, m);
    seeds::block(c, {1, 4, 4, 1}, 2, DataFormat::NHWC, m);
    seeds::block(c, {1, 3, 6, 6}, 3, DataFormat::NCHW, m);
    seeds::block(c, {1, 2, 4, 4, 4}, 2, DataFormat::NCHW, m);
    seeds::block(c, {2, 2, 4, 8, 4}, 2, DataFormat::NCHW_VECT_C, m);
    seeds::block(c, {1, 1, 3, 3, 4}, 3, DataFormat::NCHW_VECT_C, m);
  }
}

const seeds::Register registered("space_to_depth", write);

}  // namespace
