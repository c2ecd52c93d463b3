// unsqueeze's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import assert from 'node:assert/strict';
import { IA, assertSameBits, f32, x4 } from '../_shared/bad_input_kit.mjs';

export default (ops) => ({
  correct() {
    const r = ops.unsqueeze(x4, [-1, 1]);
    assert.deepEqual(r.shape, [1, 1, 4, 4, 2, 1]);
    assert.equal(r.data, x4.data, 'a plain x shares its data');
    assertSameBits(r.data, x4.data);
  },
  withX: (x) => ops.unsqueeze(x, 0),
  lists: [
    ['axes', (v) => ops.unsqueeze(x4, v)],
    ['axes', (v) => ops.shapes.unsqueeze([2, 3], v)],
  ],
  options: {
    call: (o) => ops.unsqueeze(x4, [0], o),
    unknown: ['axis', 'Axes', 'dim', 'positions'],
    values: [],
  },
  cases: [
    ['axes left out', () => ops.unsqueeze(x4), IA, ['axes', 'undefined']],
    ['axes value 5 for output rank 5', () => ops.unsqueeze(x4, [5]), IA, ['axes', 'value 5', '[-5, 5)', 'rank 5']],
    ['axes value -6 for output rank 5', () => ops.unsqueeze(x4, -6), IA, ['axes', 'value -6', 'rank 5']],
    ['axes value 6 with two axes (output rank 6)', () => ops.unsqueeze(x4, [0, 6]), IA, ['axes', 'value 6', '[-6, 6)', 'rank 6']],
    ['axes value 4 of x.rank counted as the output rank', () => ops.unsqueeze(f32([2, 3]), [0, 4]), IA, ['axes', 'value 4', 'rank 4']],
    ['axes value 2^32', () => ops.unsqueeze(x4, [2 ** 32]), IA, ['axes', '4294967296']],
    ['axes value -2^53', () => ops.unsqueeze(x4, [-(2 ** 53)]), IA, ['axes', '-9007199254740992']],
    ['axes value int64 max', () => ops.unsqueeze(x4, [2n ** 63n - 1n]), IA, ['axes', '9223372036854775807']],
    ['axes value int64 min', () => ops.unsqueeze(x4, new BigInt64Array([-(2n ** 63n)])), IA, ['axes', '-9223372036854775808']],
    ['axes repeated', () => ops.unsqueeze(x4, [2, 2]), IA, ['axes', '[2, 2]', 'repeats axis 2']],
    ['axes repeated through a negative entry', () => ops.unsqueeze(f32([3, 4]), [0, -4]), IA, ['axes', '[0, -4]', 'repeats axis 0']],
    ['axes repeated as an Int32Array', () => ops.unsqueeze(x4, new Int32Array([5, -1])), IA, ['axes', '[5, -1]', 'repeats axis 5']],
    ['axes of a scalar out of range', () => ops.unsqueeze(f32([]), [1]), IA, ['axes', 'value 1', '[-1, 1)', 'rank 1']],
    ['shapes.unsqueeze axes repeated', () => ops.shapes.unsqueeze([2, 3], [1, -3]), IA, ['axes', 'repeats axis 1']],
    ['shapes.unsqueeze axes out of range', () => ops.shapes.unsqueeze([2, 3], [3]), IA, ['axes', 'value 3', 'rank 3']],
    ['shapes.unsqueeze x.shape fractional', () => ops.shapes.unsqueeze([2, 1.5], [0]), IA, ['1.5']],
    ['out too short', () => ops.unsqueeze(x4, 0, { out: new Float32Array(31) }), IA, ['out', '31', '32']],
    ['out too long', () => ops.unsqueeze(x4, [], { out: new Float32Array(33) }), IA, ['out', '33', '32']],
  ],
});
