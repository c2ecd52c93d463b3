// squeeze's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import assert from 'node:assert/strict';
import { IA, SM, assertSameBits, f32, x4 } from '../_shared/bad_input_kit.mjs';

export default (ops) => ({
  correct() {
    const r = ops.squeeze(x4, [-4]);
    assert.deepEqual(r.shape, [4, 4, 2]);
    assert.equal(r.data, x4.data, 'a plain x shares its data');
    assertSameBits(r.data, x4.data);
  },
  withX: (x) => ops.squeeze(x),
  lists: [
    ['axes', (v) => ops.squeeze(x4, v)],
    ['axes', (v) => ops.shapes.squeeze([1, 3], v)],
  ],
  // axes left out (undefined) is valid: every dim of 1.
  skipUndefined: ['axes'],
  options: {
    call: (o) => ops.squeeze(x4, undefined, o),
    unknown: ['axes', 'axis', 'dims', 'dim'],
    values: [],
  },
  cases: [
    ['axes naming a dim of 4', () => ops.squeeze(x4, [1]), SM, ['axes', '[1]', 'axis 1', '[1, 4, 4, 2]', 'dim is 4', 'not 1']],
    ['axes naming a dim of 2 from the end', () => ops.squeeze(x4, -1), SM, ['axes', '[-1]', 'axis 3', 'dim is 2']],
    ['axes naming a dim of 0', () => ops.squeeze(f32([0, 1]), [0]), SM, ['axes', 'axis 0', '[0, 1]', 'dim is 0']],
    ['axes: a good one, then a dim of 4', () => ops.squeeze(x4, [0, 2]), SM, ['axes', '[0, 2]', 'axis 2']],
    ['axes value 4 for rank 4', () => ops.squeeze(x4, [4]), IA, ['axes', 'value 4', '[-4, 4)', 'rank 4']],
    ['axes value -5 for rank 4', () => ops.squeeze(x4, -5), IA, ['axes', 'value -5']],
    ['axes value 2^32', () => ops.squeeze(x4, [2 ** 32]), IA, ['axes', '4294967296']],
    ['axes value -2^53', () => ops.squeeze(x4, [-(2 ** 53)]), IA, ['axes', '-9007199254740992']],
    ['axes value int64 max', () => ops.squeeze(x4, [2n ** 63n - 1n]), IA, ['axes', '9223372036854775807']],
    ['axes value int64 min', () => ops.squeeze(x4, new BigInt64Array([-(2n ** 63n)])), IA, ['axes', '-9223372036854775808']],
    ['axes repeated', () => ops.squeeze(x4, [0, 0]), IA, ['axes', '[0, 0]', 'repeats axis 0']],
    ['axes repeated through a negative entry', () => ops.squeeze(x4, [0, -4]), IA, ['axes', '[0, -4]', 'repeats axis 0']],
    ['axes repeated as an Int32Array', () => ops.squeeze(f32([1, 1]), new Int32Array([1, -1])), IA, ['axes', '[1, -1]', 'repeats axis 1']],
    ['a scalar with axes [0]', () => ops.squeeze(f32([]), [0]), IA, ['axes', 'value 0', '[0, 0)', 'rank 0']],
    ['a scalar with axes -1', () => ops.squeeze(f32([]), -1), IA, ['axes', 'value -1', 'rank 0']],
    ['options in the place of axes', () => ops.squeeze(x4, { out: new Float32Array(32) }), IA, ['axes', 'an object']],
    ['shapes.squeeze a dim of 3', () => ops.shapes.squeeze([1, 3], [1]), SM, ['axes', 'axis 1', '[1, 3]', 'dim is 3']],
    ['shapes.squeeze axes repeated', () => ops.shapes.squeeze([1, 3], [0, -2]), IA, ['axes', 'repeats axis 0']],
    ['shapes.squeeze axes out of range', () => ops.shapes.squeeze([1, 3], [2]), IA, ['axes', 'value 2', 'rank 2']],
    ['shapes.squeeze x.shape fractional', () => ops.shapes.squeeze([1, 1.5]), IA, ['1.5']],
    ['out too short', () => ops.squeeze(x4, undefined, { out: new Float32Array(31) }), IA, ['out', '31', '32']],
    ['out too long', () => ops.squeeze(x4, [], { out: new Float32Array(33) }), IA, ['out', '33', '32']],
  ],
});
