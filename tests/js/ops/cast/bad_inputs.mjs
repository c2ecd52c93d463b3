// cast's bad inputs, run by tests/js/bad_inputs.test.mjs together with the
// checks every operation gets (the fields are described in
// tests/js/ops/roll/bad_inputs.mjs).
import { IA, SM, f32, x4 } from '../_shared/bad_input_kit.mjs';
import assert from 'node:assert/strict';

const iota = { data: Float32Array.from({ length: 6 }, (_, i) => i * 1.5), shape: [2, 3] };

export default (ops) => ({
  correct() {
    const r = ops.cast(iota, 'int16', { scale: [2, 1, 0.5], bias: 1, axis: 1 });
    // rows [0, 1.5, 3] and [4.5, 6, 7.5]: x * scale[j] + 1, to nearest even
    assert.deepEqual(Array.from(r.data), [1, 2, 2, 10, 7, 5]);
    assert.equal(r.dtype, 'int16');
  },
  withX: (x) => ops.cast(x, 'float32'),
  options: {
    call: (o) => ops.cast(x4, 'float32', o),
    unknown: ['scales', 'mean', 'std', 'round', 'dtype'],
    values: [
      ['rounding a number', { rounding: 1 }, ['rounding', '1']],
      ['rounding misspelled', { rounding: 'Nearest' }, ['rounding', "'Nearest'", "'nearest'"]],
      ['axis a string', { scale: 2, axis: '1' }, ['axis', "'1'"]],
      ['axis a fraction', { scale: 2, axis: 0.5 }, ['axis', '0.5']],
      ['axis NaN', { scale: 2, axis: NaN }, ['axis', 'NaN']],
    ],
  },
  cases: [
    ['dtype missing', () => ops.cast(x4), IA, ['dtype', 'required', "'float32'"]],
    ['dtype unknown', () => ops.cast(x4, 'float8'), IA, ['dtype', "'float8'"]],
    ['dtype misspelled', () => ops.cast(x4, 'Float32'), IA, ['dtype', "'Float32'"]],
    ['dtype a typed-array class name', () => ops.cast(x4, 'Float32Array'), IA, ['dtype', "'Float32Array'"]],
    ['dtype a number', () => ops.cast(x4, 9), IA, ['dtype', '9']],
    ['dtype null', () => ops.cast(x4, null), IA, ['dtype', 'null']],
    ['dtype a class', () => ops.cast(x4, Float32Array), IA, ['dtype']],
    ['dtype in the options', () => ops.cast(x4, { dtype: 'int8' }), IA, ['dtype']],
    ['scale a string', () => ops.cast(x4, 'uint8', { scale: '2' }), IA, ['scale', "'2'"]],
    ['scale a bigint', () => ops.cast(x4, 'uint8', { scale: 2n }), IA, ['scale', '2n']],
    ['scale null', () => ops.cast(x4, 'uint8', { scale: null }), IA, ['scale', 'null']],
    ['scale an object', () => ops.cast(x4, 'uint8', { scale: { 0: 1, length: 1 } }), IA, ['scale', 'an object']],
    ['scale an Int32Array', () => ops.cast(x4, 'uint8', { scale: new Int32Array(2), axis: 3 }), IA, ['scale', 'Int32Array']],
    ['scale with a string element', () => ops.cast(x4, 'uint8', { scale: [1, '2'], axis: 3 }), IA, ['scale', "'2'", 'not a number']],
    ['scale with a bigint element', () => ops.cast(x4, 'uint8', { scale: [1, 2n], axis: 3 }), IA, ['scale', '2n']],
    ['scale with a nested array', () => ops.cast(x4, 'uint8', { scale: [[1], [2]], axis: 3 }), IA, ['scale', '[1]']],
    ['bias a boolean', () => ops.cast(x4, 'uint8', { bias: true }), IA, ['bias', 'true']],
    ['bias with undefined', () => ops.cast(x4, 'uint8', { bias: [1, undefined], axis: 3 }), IA, ['bias', 'undefined']],
    ['scale too long for the axis', () => ops.cast(x4, 'uint8', { scale: [1, 2, 3], axis: 3 }), SM, ['scale', '[1, 2, 3]', 'x.shape[3] = 2']],
    ['bias too short for the axis', () => ops.cast(x4, 'uint8', { bias: [1, 2, 3], axis: 1 }), SM, ['bias', 'x.shape[1] = 4']],
    ['scale empty with an axis', () => ops.cast(x4, 'uint8', { scale: [], axis: 1 }), IA, ['axis 1', 'neither scale nor bias']],
    ['several scales without an axis', () => ops.cast(x4, 'uint8', { scale: [1, 2] }), IA, ['scale', '[1, 2]', 'axis is not given']],
    ['several biases without an axis', () => ops.cast(x4, 'uint8', { scale: 1, bias: [1, 2, 3, 4] }), IA, ['bias', 'axis is not given']],
    ['axis without scale or bias', () => ops.cast(x4, 'uint8', { axis: 0 }), IA, ['axis 0', 'neither scale nor bias']],
    ['axis 4 for rank 4', () => ops.cast(x4, 'uint8', { scale: 2, axis: 4 }), IA, ['axis', '4', '[-4, 4)']],
    ['axis -5 for rank 4', () => ops.cast(x4, 'uint8', { scale: 2, axis: -5 }), IA, ['axis', '-5']],
    ['axis 2^53', () => ops.cast(x4, 'uint8', { scale: 2, axis: 2 ** 53 }), IA, ['axis', '9007199254740992']],
    ['axis of a scalar', () => ops.cast(f32([]), 'uint8', { scale: 2, axis: 0 }), IA, ['axis', '0']],
    ['out of the input class, not the output dtype', () => ops.cast(x4, 'int8', { out: new Float32Array(32) }), IA, ['out', 'Int8Array', 'int8', 'Float32Array']],
    ['out a Uint16Array for float32', () => ops.cast(x4, 'float32', { out: new Uint16Array(32) }), IA, ['out', 'Float32Array', 'Uint16Array']],
    ['out an Int32Array for int64', () => ops.cast(x4, 'int64', { out: new Int32Array(32) }), IA, ['out', 'BigInt64Array', 'Int32Array']],
    ['out too short', () => ops.cast(x4, 'uint8', { out: new Uint8Array(31) }), IA, ['out', '31', '32']],
    ['out too long', () => ops.cast(x4, 'uint8', { out: new Uint8Array(33) }), IA, ['out', '33', '32']],
    ['out the input itself (another dtype)', () => ops.cast(x4, 'int32', { out: x4.data }), IA, ['out', 'Int32Array', 'Float32Array']],
    ['shapes.cast without dtype', () => ops.shapes.cast([2, 3]), IA, ['dtype', 'required']],
    ['shapes.cast scale too long', () => ops.shapes.cast([2, 3], 'uint8', { scale: [1, 2], axis: 1 }), SM, ['scale', 'x.shape[1] = 3']],
    ['shapes.cast input dtype unknown', () => ops.shapes.cast([2, 3], 'uint8', { dtype: 'u8' }), IA, ['dtype', "'u8'"]],
  ],
});
