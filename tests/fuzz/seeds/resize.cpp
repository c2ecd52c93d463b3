// The seeds of fuzz_resize: the examples of docs/operations/resize.md
// (linear, align_corners, nearest of int64, an axis subset, keeping the
// aspect ratio), images through the fused kernel (NHWC of 3 and 4
// channels, NCHW planes) with antialias, views read backwards and
// broadcast, every coordinate transformation, and what it refuses (bool,
// tf_crop_and_resize, both or neither of sizes and scales).
#include "seeds.hpp"

#include "base/dtype.hpp"

namespace {

using seeds::Ints;
using seeds::Writer;
using tensor_ops::DType;

// amounts: sizes, or indices into the harness's scales {0.25, 0.5, 0.6, 0.75, 1, 1.25, 1.5, 2, 3, 0.3}.
void resize(seeds::Corpus& c, DType dtype, const Ints& shape, const Ints& flags, bool by_scales, const Ints& amounts,
            bool axes_given = false, const Ints& axes = {}, int mode = 0, int coordinates = 0, int nearest = 0, int cubic_a = 0,
            bool exclude = false, bool antialias = false, int policy = 0) {
  c.each_width([&](Writer& w) {
    w.byte(static_cast<uint8_t>(dtype));
    fuzz::write_shape(w, shape);
    w.list(flags, 0, 4);
    w.flag(by_scales);
    w.list(amounts, 0, 13);
    w.flag(axes_given);
    w.list(axes, -4, 9);
    for (int b : {mode, coordinates, nearest, cubic_a}) w.byte(static_cast<uint8_t>(b));
    w.flag(exclude);
    w.flag(antialias);
    w.byte(static_cast<uint8_t>(policy));
  });
}

void write(seeds::Corpus& c) {
  resize(c, DType::Float32, {2}, {}, true, {7}, false, {}, 1);                   // [1, 2] -> [1, 1.25, 1.75, 2]
  resize(c, DType::Float32, {2}, {}, true, {7}, false, {}, 1, 3);                // align_corners
  resize(c, DType::Int64, {2}, {}, false, {4});                                  // nearest: bits
  resize(c, DType::Float32, {2, 2}, {}, false, {1}, true, {-1}, 1);              // the last axis only
  resize(c, DType::Uint8, {4, 8, 3}, {}, false, {10, 10}, true, {0, 1}, 1, 0, 0, 0, false, false, 1);
  resize(c, DType::Uint8, {1, 6, 7, 3}, {}, false, {3, 11}, true, {1, 2}, 1, 0, 0, 0, false, true);
  resize(c, DType::Uint8, {1, 9, 8, 4}, {}, false, {4, 4}, true, {1, 2}, 2, 0, 0, 1, true, true);
  resize(c, DType::Float32, {1, 2, 5, 6}, {}, true, {4, 4, 7, 1}, false, {}, 1);  // NCHW planes
  resize(c, DType::Float16, {3, 4}, {1, 2}, true, {7, 3}, false, {}, 2, 4);        // a view: backwards, broadcast
  resize(c, DType::Int16, {5, 3}, {}, false, {3, 7}, false, {}, 1, 2);             // pytorch_half_pixel
  resize(c, DType::Bfloat16, {6}, {}, false, {4}, false, {}, 2, 1);                // half_pixel_symmetric
  resize(c, DType::Float64, {5}, {}, true, {9}, false, {}, 0, 4, 1);               // nearest round_prefer_ceil
  resize(c, DType::Uint64, {4}, {}, true, {2}, false, {}, 1, 0, 0, 0, false, true); // 4 -> 2, antialias
  resize(c, DType::Bool, {2}, {}, false, {4});                                     // refused
  resize(c, DType::Float32, {2}, {}, false, {4}, false, {}, 1, 5);                 // tf_crop_and_resize: refused
  resize(c, DType::Float32, {0, 3}, {}, false, {0, 5}, false, {}, 1);              // empty
}

const seeds::Register registered("resize", write);

}  // namespace
