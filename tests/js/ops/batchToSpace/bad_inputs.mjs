// batchToSpace's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import assert from 'node:assert/strict';
import { batchListCases, z4 } from '../_shared/batch_bad_inputs.mjs';
import { IA, OOM, SM, assertSameBits, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { batchToSpace } from './reference.mjs';

export default (ops) => ({
  correct() {
    const r = ops.batchToSpace(f32([4, 2, 2, 2]), [1, 2, 2, 1], [0, 1, 0, 0], [0, 0, 3, 0]);
    assert.deepEqual(r.shape, [1, 3, 1, 2]);
    assertSameBits(r.data, gather(f32([4, 2, 2, 2]).data, batchToSpace([4, 2, 2, 2], [1, 2, 2, 1], [0, 1, 0, 0], [0, 0, 3, 0]).src));
  },
  withX: (x) => ops.batchToSpace(x, [1, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]),
  lists: [
    ['blockShape', (v) => ops.batchToSpace(x4, v, [0, 0, 0, 0], [0, 0, 0, 0])],
    ['cropsBegin', (v) => ops.batchToSpace(x4, [1, 1, 1, 1], v, [0, 0, 0, 0])],
    ['cropsEnd', (v) => ops.batchToSpace(x4, [1, 1, 1, 1], [0, 0, 0, 0], v)],
  ],
  options: {
    call: (o) => ops.batchToSpace(x4, [1, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0], o),
    unknown: ['crops', 'blockSize', 'block_shape', 'cropsEnd'],
    values: [],
  },
  cases: [
    ...batchListCases(ops, 'batchToSpace', 'cropsBegin', 'cropsEnd', 'crops'),
    ['out too short for the blocks', () => ops.batchToSpace(f32([4, 1, 1, 2]), [1, 2, 2, 1], z4, z4, { out: new Float32Array(7) }), IA, ['out', '7', '8']],
    ['batch not divisible', () => ops.batchToSpace(f32([3, 1, 2, 1]), [1, 1, 2, 1], z4, z4), SM,
      ['x.shape [3, 1, 2, 1]', 'batch 3', 'block volume 2']],
    ['batch smaller than the block volume', () => ops.batchToSpace(x4, [1, 2, 2, 1], z4, z4), SM, ['batch 1', 'block volume 4']],
    ['crops beyond the dim', () => ops.batchToSpace(f32([2, 1, 2, 1]), [1, 1, 2, 1], [0, 0, 3, 0], [0, 0, 2, 0]), SM,
      ['cropsBegin 3 and cropsEnd 2 at axis 2', 'its 4 elements']],
    ['cropsBegin alone beyond the dim', () => ops.batchToSpace(x4, [1, 1, 1, 1], [0, 5, 0, 0], z4), SM, ['cropsBegin 5', 'axis 1']],
    ['huge crops', () => ops.batchToSpace(x4, [1, 1, 1, 1], [0, 2n ** 63n - 1n, 0, 0], [0, 2n ** 63n - 1n, 0, 0]), SM,
      ['cropsBegin 9223372036854775807']],
    ['x dim * block overflowing 64 bits', () => ops.shapes.batchToSpace([0, 3, 3], [1, 2n ** 62n, 1], [0, 0, 0], [0, 0, 0]), OOM,
      ['x dim 3 at axis 1', 'blockShape value 4611686018427387904', '64 bits']],
    ['an output dim beyond 2^53', () => ops.batchToSpace(f32([0, 3, 3]), [1, 2 ** 52, 1], [0, 0, 0], [0, 0, 0]), OOM,
      ['output dim at axis 1', '2^53']],
    ['an output beyond memory', () => ops.shapes.batchToSpace([2 ** 20, 2 ** 20, 2 ** 20], [1, 2 ** 10, 2 ** 10], [0, 0, 0], [0, 0, 0]), OOM,
      ['output shape']],
  ],
});
