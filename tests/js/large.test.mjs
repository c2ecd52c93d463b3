// Larger tensors (256 KiB to a few MiB), where the engine switches to its
// vector kernels (splat, (de)interleave for block strides 2 and 4) and, in
// the threaded build, splits the work across threads (by rows, or along a
// row when there are few long rows). Checked against the reference.
import { test } from 'node:test';
import { DTYPE_CASES, assertSameBits, gather, makeData, makeRng, volume } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';

const ops = await loadOps();
const rng = makeRng(0x1a26e);
const byWidth = (bytes) => DTYPE_CASES.filter((c) => c.Array.BYTES_PER_ELEMENT === bytes);

// [name, input shape, op call, reference]
const CASES = [
  ['spaceToDepth NHWC b2', [4, 64, 64, 16], (x) => ops.spaceToDepth(x, 2), (s) => ref.spaceToDepth(s, 2)],
  ['spaceToDepth NCHW b2 depth_first', [2, 8, 128, 128],
    (x) => ops.spaceToDepth(x, 2, { dataFormat: 'NCHW', mode: 'depth_first' }), (s) => ref.spaceToDepth(s, 2, 'NCHW', 'depth_first')],
  ['spaceToDepth NCHW b4', [1, 3, 256, 256], (x) => ops.spaceToDepth(x, 4, { dataFormat: 'NCHW' }), (s) => ref.spaceToDepth(s, 4, 'NCHW')],
  ['depthToSpace NCHW b2', [2, 32, 64, 64], (x) => ops.depthToSpace(x, 2, { dataFormat: 'NCHW' }), (s) => ref.depthToSpace(s, 2, 'NCHW')],
  ['depthToSpace NCHW b4 depth_first', [1, 32, 64, 64],
    (x) => ops.depthToSpace(x, 4, { dataFormat: 'NCHW', mode: 'depth_first' }), (s) => ref.depthToSpace(s, 4, 'NCHW', 'depth_first')],
  ['depthToSpace NHWC b3 depth_first', [2, 32, 32, 36],
    (x) => ops.depthToSpace(x, 3, { mode: 'depth_first' }), (s) => ref.depthToSpace(s, 3, 'NHWC', 'depth_first')],
  ['spaceToDepth NCHW_VECT_C depth_first', [1, 8, 64, 64, 4],
    (x) => ops.spaceToDepth(x, 2, { dataFormat: 'NCHW_VECT_C', mode: 'depth_first' }),
    (s) => ref.spaceToDepth(s, 2, 'NCHW_VECT_C', 'depth_first')],
  ['depthToSpace NCHW_VECT_C', [1, 16, 32, 32, 4],
    (x) => ops.depthToSpace(x, 2, { dataFormat: 'NCHW_VECT_C' }), (s) => ref.depthToSpace(s, 2, 'NCHW_VECT_C')],
  ['broadcast splat rows', [1024, 1], (x) => ops.broadcast(x, [1024, 300]), (s) => ref.broadcast(s, [1024, 300])],
  ['broadcast middle axis', [64, 1, 64], (x) => ops.broadcast(x, [64, 64, 64]), (s) => ref.broadcast(s, [64, 64, 64])],
  ['broadcast few long rows', [1], (x) => ops.broadcast(x, [3, 400001]), (s) => ref.broadcast(s, [3, 400001])],
  ['roll odd sizes', [512, 513], (x) => ops.roll(x, [100, -200], [0, 1]), (s) => ref.roll(s, [100, -200], [0, 1])],
  ['roll few long rows', [2, 300007], (x) => ops.roll(x, 12345, 1), (s) => ref.roll(s, 12345, 1)],
  ['roll 4 axes', [10, 20, 30, 40], (x) => ops.roll(x, [3, -4, 5, -6], [0, 1, 2, 3]), (s) => ref.roll(s, [3, -4, 5, -6], [0, 1, 2, 3])],
  ['pad constant border of an image', [3, 300, 400], (x) => ops.pad(x, [0, 2, 3], [0, 2, 3]), (s) => ref.pad(s, [0, 2, 3], [0, 2, 3])],
  ['pad reflect, a crop and wrap', [2, 256, 256],
    (x) => ops.pad(x, [0, 5, -7], [1, 5, 9], { mode: 'wrap' }), (s) => ref.pad(s, [0, 5, -7], [1, 5, 9], 'wrap')],
  ['pad symmetric rows', [512, 700], (x) => ops.pad(x, [3, 6], [1, 2], { mode: 'symmetric' }), (s) => ref.pad(s, [3, 6], [1, 2], 'symmetric')],
];

CASES.forEach(([name, shape, call, reference], i) => {
  test(name, () => {
    const expected = reference(shape);
    // One dtype of each width, a different one per case.
    for (const width of [1, 2, 4, 8]) {
      const options = byWidth(width);
      const c = options[i % options.length];
      const data = makeData(c, volume(shape), rng);
      const r = call({ data, shape, dtype: c.dtype });
      assertSameBits(r.data, gather(data, expected.src), `${name} ${c.label}`);
    }
  });
});
