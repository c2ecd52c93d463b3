// tile's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import assert from 'node:assert/strict';
import { IA, OOM, assertSameBits, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { tile } from './reference.mjs';

export default (ops) => ({
  correct() {
    const r = ops.tile(x4, [2, 1, 1, 3, 1]);
    assert.deepEqual(r.shape, [2, 1, 4, 12, 2]);
    assertSameBits(r.data, gather(x4.data, tile(x4.shape, [2, 1, 1, 3, 1]).src));
  },
  withX: (x) => ops.tile(x, [1]),
  lists: [
    ['repeats', (v) => ops.tile(x4, v)],
    ['repeats', (v) => ops.shapes.tile([2, 3], v)],
  ],
  options: {
    call: (o) => ops.tile(x4, [1, 1], o),
    unknown: ['repeats', 'reps', 'multiples', 'axis'],
    values: [],
  },
  cases: [
    // repeats >= 0; outputs beyond 2^53 per dim or beyond memory.
    ['repeats [-1]', () => ops.tile(x4, [-1]), IA, ['repeats', '[-1]', 'value -1 at index 0', '0 or more']],
    ['repeats with a negative entry', () => ops.tile(x4, [2, 1, -3, 1]), IA, ['repeats', '[2, 1, -3, 1]', 'index 2']],
    ['repeats -1 as a number', () => ops.tile(x4, -1), IA, ['repeats', '-1']],
    ['repeats -2^53', () => ops.tile(x4, [-(2 ** 53)]), IA, ['repeats', '-9007199254740992']],
    ['repeats int64 min', () => ops.tile(x4, [-(2n ** 63n)]), IA, ['repeats', '-9223372036854775808']],
    ['repeats longer than the rank, negative first', () => ops.tile(x4, [-1, 1, 1, 1, 1]), IA, ['repeats', 'index 0']],
    ['an output dim of 2^54', () => ops.tile(x4, [2 ** 53]), OOM, ['repeats', '[9007199254740992]', 'beyond 2^53', 'axis 3']],
    ['dim * repeat overflowing int64', () => ops.tile(x4, [2n ** 63n - 1n]), OOM, ['repeats', '9223372036854775807', 'axis 3']],
    ['a repeat of 2^60 on a promoted axis', () => ops.tile(x4, [2n ** 60n, 1, 1, 1, 1]), OOM, ['repeats', 'axis 0']],
    ['an output of 2^62 elements', () => ops.tile(x4, [2 ** 31, 2 ** 26, 1, 1]), OOM, ['output shape', '[2147483648, 268435456, 4, 2]']],
    ['an output beyond 4 GiB', () => ops.tile(x4, [2 ** 28]), OOM, ['output shape', '[1, 4, 4, 536870912]']],
    ['shapes: a negative repeat', () => ops.shapes.tile([2, 3], [1, -2]), IA, ['repeats', '[1, -2]']],
    ['shapes: an output dim beyond 2^53', () => ops.shapes.tile([2 ** 40], [2 ** 20]), OOM, ['repeats', 'beyond 2^53']],
    ['out too short', () => ops.tile(x4, [2], { out: new Float32Array(63) }), IA, ['out', '63', '64']],
    ['out too long', () => ops.tile(x4, [2], { out: new Float32Array(65) }), IA, ['out', '65', '64']],
  ],
});
