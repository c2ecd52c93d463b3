// spaceToBatch's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import assert from 'node:assert/strict';
import { batchListCases, z4 } from '../_shared/batch_bad_inputs.mjs';
import { IA, OOM, SM, assertSameBits, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { spaceToBatch } from './reference.mjs';

export default (ops) => ({
  correct() {
    const r = ops.spaceToBatch(x4, [1, 2, 3, 1], [0, 1, 1, 0], [0, 1, 1, 0]);
    assert.deepEqual(r.shape, [6, 3, 2, 2]);
    assertSameBits(r.data, gather(x4.data, spaceToBatch(x4.shape, [1, 2, 3, 1], [0, 1, 1, 0], [0, 1, 1, 0]).src));
  },
  withX: (x) => ops.spaceToBatch(x, [1, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]),
  lists: [
    ['blockShape', (v) => ops.spaceToBatch(x4, v, [0, 0, 0, 0], [0, 0, 0, 0])],
    ['padsBegin', (v) => ops.spaceToBatch(x4, [1, 1, 1, 1], v, [0, 0, 0, 0])],
    ['padsEnd', (v) => ops.spaceToBatch(x4, [1, 1, 1, 1], [0, 0, 0, 0], v)],
  ],
  options: {
    call: (o) => ops.spaceToBatch(x4, [1, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0], o),
    unknown: ['paddings', 'blockSize', 'block_shape', 'padsBegin'],
    values: [],
  },
  cases: [
    ...batchListCases(ops, 'spaceToBatch', 'padsBegin', 'padsEnd', 'pads'),
    ['out too short for the blocks', () => ops.spaceToBatch(x4, [1, 2, 2, 1], z4, z4, { out: new Float32Array(31) }), IA, ['out', '31', '32']],
    ['padded dim not divisible', () => ops.spaceToBatch(x4, [1, 3, 1, 1], z4, z4), SM, ['padded dim 4 at axis 1', 'blockShape value 3']],
    ['padded dim not divisible after pads', () => ops.spaceToBatch(x4, [1, 2, 2, 1], [0, 1, 0, 0], z4), SM, ['padded dim 5 at axis 1', 'padsBegin 1']],
    ['blockShape 2^40 not dividing', () => ops.spaceToBatch(x4, [1, 2 ** 40, 1, 1], z4, z4), SM, ['blockShape value 1099511627776']],
    ['padded dim overflowing 64 bits', () => ops.spaceToBatch(x4, [1, 1, 1, 1], [0, 2n ** 63n - 1n, 0, 0], [0, 1, 0, 0]), OOM,
      ['padded dim at axis 1', '64 bits']],
    ['an output dim beyond 2^53', () => ops.spaceToBatch(x4, [1, 1, 1, 1], [0, 2 ** 53, 0, 0], z4), OOM, ['output dim at axis 1', '2^53']],
    ['an output batch beyond 2^53', () => ops.shapes.spaceToBatch([2 ** 40, 2 ** 20], [1, 2 ** 20], [0, 0], [0, 0]), OOM,
      ['output batch', '2^53']],
    ['an output beyond memory', () => ops.spaceToBatch(x4, [1, 1, 1, 1], [0, 2 ** 30, 2 ** 30, 0], z4), OOM,
      ['output shape', '[1, 1073741828, 1073741828, 2]']],
    ['shapes: more pieces than planned', () => ops.shapes.spaceToBatch([1, 4, 4, 4, 4, 4, 4, 4, 4, 4],
      [1, 3, 3, 3, 3, 3, 3, 3, 3, 3], [0, 1, 1, 1, 1, 1, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1, 1, 1, 1, 1]), OOM, ['x.shape', 'needs more than 16384']],
  ],
});
