// reshape's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import assert from 'node:assert/strict';
import { IA, SM, assertSameBits, x4 } from '../_shared/bad_input_kit.mjs';

// One of the first release's operations, which carry 30 cases or more (60 for later ones).
export const leastCases = 30;

export default (ops) => ({
  correct() {
    const r = ops.reshape(x4, [0, -1], { specialZero: true });
    assert.deepEqual(r.shape, [1, 32]);
    assertSameBits(r.data, x4.data);
  },
  withX: (x) => ops.reshape(x, [-1]),
  lists: [
    ['shape', (v) => ops.reshape(x4, v)],
    ['shape', (v) => ops.shapes.reshape([2, 3], v)],
  ],
  options: {
    call: (o) => ops.reshape(x4, [-1], o),
    unknown: ['specialzero', 'special_zero', 'mode', 'Out'],
    values: [
      ['specialZero a string', { specialZero: 'true' }, ['specialZero', "'true'"]],
      ['specialZero 1', { specialZero: 1 }, ['specialZero', '1']],
      ['specialZero null', { specialZero: null }, ['specialZero', 'null']],
    ],
  },
  cases: [
    ['shape [-2]', () => ops.reshape(x4, [-2, -16]), IA, ['shape', '[-2, -16]', '-2']],
    ['shape with two -1', () => ops.reshape(x4, [-1, 8, -1]), IA, ['shape', '[-1, 8, -1]', '-1']],
    ['shape [2^31]', () => ops.reshape(x4, [2 ** 31]), SM, ['shape', '[2147483648]', '32']],
    ['shape [2^32]', () => ops.reshape(x4, [2 ** 32]), SM, ['shape', '[4294967296]', '32']],
    ['shape [2^53 + 1] as a bigint', () => ops.reshape(x4, [2n ** 53n + 1n]), IA, ['shape', '9007199254740993', '2^53']],
    ['shape of volume 2^64', () => ops.reshape(x4, [2 ** 32, 2 ** 32]), IA, ['shape', '[4294967296, 4294967296]', '64 bits']],
    ['shape of volume 2^32', () => ops.reshape(x4, [65536, 65536]), SM, ['shape', '[65536, 65536]', '4294967296']],
    ['specialZero 0 beyond the rank', () => ops.reshape(x4, [0, 0, 0, 0, 0], { specialZero: true }), IA,
      ['shape', '[0, 0, 0, 0, 0]', 'index 4']],
    ['shape not dividing', () => ops.reshape(x4, [3, -1]), SM, ['shape', '[3, -1]', '[1, 4, 4, 2]']],
    ['-1 beside a real 0', () => ops.reshape(x4, [0, -1]), SM, ['shape', '[0, -1]']],
    ['out of another length', () => ops.reshape(x4, [-1], { out: new Float32Array(31) }), IA, ['out', '31', '32']],
  ],
});
