// topK's bad inputs, run by tests/js/bad_inputs.test.mjs together with the
// checks every operation gets (the fields are described in
// tests/js/ops/roll/bad_inputs.mjs): k (required, an integer of
// [0, x.shape[axis]]), the axis, the options (largest and sorted booleans,
// dtype 'int32' or 'int64'), `out` as [values, indices] of their own
// classes, and ops.shapes.topK.
import assert from 'node:assert/strict';
import { IA, f32, x4 } from '../_shared/bad_input_kit.mjs';

const x = { data: Float32Array.from([1, 5, 5, NaN, 2, Infinity]), shape: [2, 3] };

export default (ops) => {
  const f = ops.topK;
  const call = (o) => f(x4, 1, o); // x4 is [1, 4, 4, 2]: 16 values and 16 indices
  const outs = (values, indices) => call({ out: [values, indices] });
  const cases = [
    ['k missing', () => f(x4), IA, ['k', 'undefined']],
    ['k a string', () => f(x4, '1'), IA, ['k', "'1'"]],
    ['k a fraction', () => f(x4, 1.5), IA, ['k', '1.5']],
    ['k NaN', () => f(x4, NaN), IA, ['k', 'NaN']],
    ['k Infinity', () => f(x4, Infinity), IA, ['k', 'Infinity']],
    ['k null', () => f(x4, null), IA, ['k', 'null']],
    ['k a boolean', () => f(x4, true), IA, ['k', 'true']],
    ['k an array', () => f(x4, [1]), IA, ['k', '[1]']],
    ['k an Int32Array', () => f(x4, Int32Array.of(1)), IA, ['k', 'Int32Array']],
    ['k in the options', () => f(x4, { k: 1 }), IA, ['k']],
    ['k 2^53 + 2', () => f(x4, 2 ** 53 + 2), IA, ['k', '9007199254740994']],
    ['k 2^64 as a bigint', () => f(x4, 2n ** 64n), IA, ['k', '18446744073709551616n']],
    ['k 3 beyond the last dim 2', () => f(x4, 3), IA, ['k 3', '[0, 2]', 'x.shape[3] = 2']],
    ['k -1', () => f(x4, -1), IA, ['k -1', '[0, 2]']],
    ['k 2^62 as a bigint', () => f(x4, 2n ** 62n), IA, ['k 4611686018427387904', '[0, 2]']],
    ['k 5 along axis 1 of 4', () => f(x4, 5, { axis: 1 }), IA, ['k 5', '[0, 4]', 'x.shape[1] = 4']],
    ['k 2 along axis 0 of 1', () => f(x4, 2, { axis: -4 }), IA, ['k 2', '[0, 1]', 'x.shape[0] = 1']],
    ['k 1 of an empty axis', () => f(f32([2, 0]), 1), IA, ['k 1', '[0, 0]', 'x.shape[1] = 0']],
    ['a scalar', () => f(f32([]), 0), IA, ['x is a scalar', 'rank >= 1']],
    ['a scalar, k 1', () => f(f32([]), 1), IA, ['x is a scalar']],
    ['axis 4 for rank 4', () => call({ axis: 4 }), IA, ['axis value 4', '[-4, 4)', 'rank 4']],
    ['axis -5 for rank 4', () => call({ axis: -5 }), IA, ['axis value -5', '[-4, 4)']],
    ['axis a fraction', () => call({ axis: 0.5 }), IA, ['axis', '0.5']],
    ['axis a string', () => call({ axis: '1' }), IA, ['axis', "'1'"]],
    ['axis null', () => call({ axis: null }), IA, ['axis', 'null']],
    ['axis an array', () => call({ axis: [1] }), IA, ['axis', '[1]']],
    ['axis 2^62 as a bigint', () => call({ axis: 2n ** 62n }), IA, ['axis value 4611686018427387904']],
    ['largest a number', () => call({ largest: 1 }), IA, ['largest', '1', 'true or false']],
    ['largest a string', () => call({ largest: 'true' }), IA, ['largest', "'true'"]],
    ['largest null', () => call({ largest: null }), IA, ['largest', 'null']],
    ['sorted a number', () => call({ sorted: 0 }), IA, ['sorted', '0']],
    ['sorted a string', () => call({ sorted: 'yes' }), IA, ['sorted', "'yes'"]],
    ['sorted null', () => call({ sorted: null }), IA, ['sorted', 'null']],
    ['dtype float32', () => call({ dtype: 'float32' }), IA, ['dtype', "'float32'", "'int32', 'int64'"]],
    ['dtype uint32', () => call({ dtype: 'uint32' }), IA, ['dtype', "'uint32'"]],
    ['dtype misspelled', () => call({ dtype: 'Int64' }), IA, ['dtype', "'Int64'"]],
    ['dtype a class', () => call({ dtype: BigInt64Array }), IA, ['dtype']],
    ['dtype a number', () => call({ dtype: 64 }), IA, ['dtype', '64']],
    ['dtype null', () => call({ dtype: null }), IA, ['dtype', 'null']],
    ['options a string', () => f(x4, 1, 'int64'), IA, ['options', "'int64'"]],
    ['options a number', () => f(x4, 1, 5), IA, ['options', '5']],
    ['options an array', () => f(x4, 1, []), IA, ['options']],
    ['options true', () => f(x4, 1, true), IA, ['options', 'true']],
    ['out a typed array', () => call({ out: new Float32Array(16) }), IA, ['out', 'array']],
    ['out with one array', () => call({ out: [new Float32Array(16)] }), IA, ['out', '1 arrays', '2 outputs']],
    ['out with three arrays', () => call({ out: [new Float32Array(16), new Int32Array(16), new Int32Array(16)] }), IA,
      ['out', '3 arrays', '2 outputs']],
    ['out[0] of the index class', () => outs(new Int32Array(16), new Int32Array(16)), IA, ['out[0]', 'Float32Array', 'Int32Array']],
    ['out[1] of x\'s class', () => outs(new Float32Array(16), new Float32Array(16)), IA, ['out[1]', 'Int32Array', 'Float32Array']],
    ['out[1] a BigInt64Array for int32 indices', () => outs(new Float32Array(16), new BigInt64Array(16)), IA, ['out[1]', 'Int32Array', 'BigInt64Array']],
    ['out[1] an Int32Array for int64 indices', () => call({ dtype: 'int64', out: [new Float32Array(16), new Int32Array(16)] }), IA,
      ['out[1]', 'BigInt64Array', 'Int32Array']],
    ['out[1] a Uint32Array', () => outs(new Float32Array(16), new Uint32Array(16)), IA, ['out[1]', 'Int32Array', 'Uint32Array']],
    ['out[0] too short', () => outs(new Float32Array(15), new Int32Array(16)), IA, ['out[0]', '15', '16']],
    ['out[1] too long', () => outs(new Float32Array(16), new Int32Array(17)), IA, ['out[1]', '17', '16']],
    ['out[0] null', () => outs(null, new Int32Array(16)), IA, ['out[0]', 'null']],
    ['out[1] a plain array', () => outs(new Float32Array(16), new Array(16).fill(0)), IA, ['out[1]']],
    ['out null', () => call({ out: null }), IA, ['out', 'null']],
    ['shapes: a scalar', () => ops.shapes.topK([], 0), IA, ['x is a scalar']],
    ['shapes: k beyond the dim', () => ops.shapes.topK([5, 3], 4), IA, ['k 4', '[0, 3]', 'x.shape[1] = 3']],
    ['shapes: axis out of range', () => ops.shapes.topK([5, 3], 1, { axis: 2 }), IA, ['axis value 2', '[-2, 2)']],
    ['shapes: dtype float32 (the index dtype, not x\'s)', () => ops.shapes.topK([5, 3], 1, { dtype: 'float32' }), IA, ['dtype', "'float32'"]],
  ];
  for (const name of ['K', 'dim', 'descending', 'stable', 'outputDtype', 'axes']) {
    cases.push([`unknown option '${name}'`, () => call({ [name]: 1 }), IA, [`'${name}'`]]);
  }
  return {
    correct() {
      const [values, indices] = f(x, 2);
      assert.deepEqual(Array.from(values.data), [5, 5, NaN, Infinity]);
      assert.deepEqual(Array.from(indices.data), [1, 2, 0, 2]);
      assert.deepEqual([values.shape, values.dtype, indices.dtype], [[2, 2], 'float32', 'int32']);
      const [v0, i0] = f(x, 1, { axis: 0, largest: false, dtype: 'int64' });
      assert.deepEqual(Array.from(v0.data), [1, 2, 5]);
      assert.deepEqual(Array.from(i0.data, Number), [0, 1, 0]);
      assert.deepEqual([i0.shape, i0.dtype], [[1, 3], 'int64']);
    },
    withX: (t) => f(t, 0),
    cases,
  };
};
