// flatten's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
// Its one parameter, axis, is an integer, not a list: its bad values are cases here.
import assert from 'node:assert/strict';
import { IA, OOM, assertSameBits, f32, x4 } from '../_shared/bad_input_kit.mjs';

export default (ops) => ({
  correct() {
    const r = ops.flatten(x4, -1);
    assert.deepEqual(r.shape, [16, 2]);
    assert.equal(r.data, x4.data, 'a plain x shares its data');
    assertSameBits(r.data, x4.data);
  },
  withX: (x) => ops.flatten(x),
  options: {
    call: (o) => ops.flatten(x4, 1, o),
    unknown: ['axis', 'axes', 'startDim', 'endDim'],
    values: [],
  },
  cases: [
    ['axis 5 for rank 4', () => ops.flatten(x4, 5), IA, ['axis', 'value 5', '[-4, 4]', 'rank 4']],
    ['axis -5 for rank 4', () => ops.flatten(x4, -5), IA, ['axis', 'value -5', '[-4, 4]']],
    ['axis 2^31', () => ops.flatten(x4, 2 ** 31), IA, ['axis', '2147483648']],
    ['axis 2^32', () => ops.flatten(x4, 2 ** 32), IA, ['axis', '4294967296']],
    ['axis -2^53', () => ops.flatten(x4, -(2 ** 53)), IA, ['axis', '-9007199254740992']],
    ['axis int64 max', () => ops.flatten(x4, 2n ** 63n - 1n), IA, ['axis', '9223372036854775807']],
    ['axis int64 min', () => ops.flatten(x4, -(2n ** 63n)), IA, ['axis', '-9223372036854775808']],
    ['axis 2^64 as a bigint', () => ops.flatten(x4, 2n ** 64n), IA, ['axis', '18446744073709551616n', 'int64']],
    ['axis 2^53 + 2 as a number', () => ops.flatten(x4, 2 ** 53 + 2), IA, ['axis', '9007199254740994', '2^53']],
    ['axis a list', () => ops.flatten(x4, [1]), IA, ['axis', 'an integer', '[1]']],
    ['axis an Int32Array', () => ops.flatten(x4, new Int32Array([1])), IA, ['axis', 'Int32Array']],
    ['axis a string', () => ops.flatten(x4, '1'), IA, ['axis', "'1'"]],
    ['axis null', () => ops.flatten(x4, null), IA, ['axis', 'null']],
    ['axis a boolean', () => ops.flatten(x4, true), IA, ['axis', 'true']],
    ['axis a symbol', () => ops.flatten(x4, Symbol('s')), IA, ['axis', 'Symbol(s)']],
    ['axis NaN', () => ops.flatten(x4, NaN), IA, ['axis', 'NaN']],
    ['axis Infinity', () => ops.flatten(x4, Infinity), IA, ['axis', 'Infinity']],
    ['axis a fraction', () => ops.flatten(x4, 1.5), IA, ['axis', '1.5', 'not an integer']],
    ['options in the place of axis', () => ops.flatten(x4, { out: new Float32Array(32) }), IA, ['axis', 'an object']],
    ['a scalar with the default axis 1', () => ops.flatten(f32([])), IA, ['axis', 'value 1', '[0, 0]', 'rank 0']],
    ['a scalar with axis -1', () => ops.flatten(f32([]), -1), IA, ['axis', 'value -1', 'rank 0']],
    ['a row dim beyond 2^53', () => ops.flatten(f32([2 ** 27, 2 ** 27, 0], 0), 2), OOM,
      ['x.shape', '[134217728, 134217728, 0]', 'axis 2', '18014398509481984', '2^53']],
    ['a column dim beyond 2^53', () => ops.flatten(f32([0, 2 ** 30, 2 ** 30]), 1), OOM, ['x.shape', 'axis 1', '1152921504606846976', '2^53']],
    ['shapes.flatten a row dim beyond 2^53', () => ops.shapes.flatten([2 ** 27, 2 ** 27, 0], -1), OOM, ['x.shape', '18014398509481984']],
    ['shapes.flatten axis out of range', () => ops.shapes.flatten([2, 3], 3), IA, ['axis', 'value 3', '[-2, 2]']],
    ['shapes.flatten axis a string', () => ops.shapes.flatten([2, 3], '1'), IA, ['axis', "'1'"]],
    ['shapes.flatten x.shape fractional', () => ops.shapes.flatten([2, 1.5]), IA, ['1.5']],
    ['out too short', () => ops.flatten(x4, 1, { out: new Float32Array(31) }), IA, ['out', '31', '32']],
    ['out too long', () => ops.flatten(x4, undefined, { out: new Float32Array(33) }), IA, ['out', '33', '32']],
  ],
});
