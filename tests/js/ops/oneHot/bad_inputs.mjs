// oneHot's bad inputs, run by tests/js/bad_inputs.test.mjs together with the
// checks every operation gets (the fields are described in
// tests/js/ops/roll/bad_inputs.mjs): depth (required, an integer >= 1; too
// large an output is OUT_OF_MEMORY), axis in [-rank - 1, rank], values (a
// pair, each exact in the output dtype), dtype (one of the 13), indices of
// an integer dtype only, out checked against the output dtype, and
// ops.shapes.oneHot. Its input is called indices in every message.
import assert from 'node:assert/strict';
import { IA, OOM } from '../_shared/bad_input_kit.mjs';

const I = { data: Int32Array.from([0, 2, -1, 5]), shape: [4] }; // depth 3: rows 0, 2, 2 and none
const typed = (Class, dtype) => ({ data: new Class(4), shape: [4], dtype });

export default (ops) => {
  const f = ops.oneHot;
  const call = (o) => f(I, 3, o);
  const v = (values, dtype) => call(dtype ? { values, dtype } : { values });
  return {
    correct() {
      const r = f(I, 3);
      assert.deepEqual(Array.from(r.data), [1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0]);
      assert.deepEqual([r.shape, r.dtype], [[4, 3], 'float32']);
      const t = f(I, 3, { axis: 0, values: [-1n, 2n ** 63n - 1n], dtype: 'int64' });
      assert.deepEqual(Array.from(t.data.slice(0, 4)), [2n ** 63n - 1n, -1n, -1n, -1n]);
      assert.deepEqual(t.shape, [3, 4]);
    },
    withX: (x) => f(x, 3),
    xName: 'indices',
    options: { call, unknown: ['axes', 'depth', 'value', 'onValue', 'outputDtype', 'keepDims'], values: [] },
    cases: [
      ['depth missing', () => f(I), IA, ['depth', 'undefined']],
      ['depth a string', () => f(I, '3'), IA, ['depth', "'3'"]],
      ['depth a fraction', () => f(I, 2.5), IA, ['depth', '2.5']],
      ['depth NaN', () => f(I, NaN), IA, ['depth', 'NaN']],
      ['depth Infinity', () => f(I, Infinity), IA, ['depth', 'Infinity']],
      ['depth null', () => f(I, null), IA, ['depth', 'null']],
      ['depth a boolean', () => f(I, true), IA, ['depth', 'true']],
      ['depth an array', () => f(I, [3]), IA, ['depth', '[3]']],
      ['depth an Int32Array', () => f(I, Int32Array.of(3)), IA, ['depth', 'Int32Array']],
      ['depth in the options', () => f(I, { depth: 3 }), IA, ['depth']],
      ['depth 2^53 + 2', () => f(I, 2 ** 53 + 2), IA, ['depth', '9007199254740994', 'bigint']],
      ['depth 2^64 as a bigint', () => f(I, 2n ** 64n), IA, ['depth', '18446744073709551616n', 'int64']],
      ['depth 0', () => f(I, 0), IA, ['depth 0', 'not positive']],
      ['depth -1', () => f(I, -1), IA, ['depth -1', 'not positive']],
      ['depth int64 min', () => f(I, -(2n ** 63n)), IA, ['depth -9223372036854775808']],
      ['depth 2^40: an output beyond memory', () => f(I, 2 ** 40), OOM, ['output shape', '[4, 1099511627776]']],
      ['depth 2^62 as a bigint', () => f(I, 2n ** 62n), OOM, ['depth 4611686018427387904', '2^53']],
      ['depth 2^28 of float64', () => f(I, 2 ** 28, { dtype: 'float64' }), OOM, ['output shape', '8-byte']],
      ['axis 2 for rank 1', () => call({ axis: 2 }), IA, ['axis 2', '[-2, 1]', 'rank 1']],
      ['axis -3 for rank 1', () => call({ axis: -3 }), IA, ['axis -3', '[-2, 1]']],
      ['axis 1 of a scalar', () => f({ data: Int32Array.of(1), shape: [] }, 3, { axis: 1 }), IA, ['axis 1', '[-1, 0]', 'rank 0']],
      ['axis int64 max', () => call({ axis: 2n ** 63n - 1n }), IA, ['axis 9223372036854775807']],
      ['axis a string', () => call({ axis: '1' }), IA, ['axis', "'1'"]],
      ['axis a fraction', () => call({ axis: 0.5 }), IA, ['axis', '0.5']],
      ['axis NaN', () => call({ axis: NaN }), IA, ['axis', 'NaN']],
      ['axis null', () => call({ axis: null }), IA, ['axis', 'null']],
      ['axis an array', () => call({ axis: [0] }), IA, ['axis', '[0]']],
      ['values a number', () => v(1), IA, ['values', 'an array of 2', '1']],
      ['values of one element', () => v([1]), IA, ['values', '[1]']],
      ['values of three elements', () => v([0, 1, 2]), IA, ['values', '[0, 1, 2]']],
      ['values a string', () => v('01'), IA, ['values', "'01'"]],
      ['values a Float32Array', () => v(Float32Array.of(0, 1)), IA, ['values', 'Float32Array']],
      ['values null', () => v(null), IA, ['values', 'null']],
      ['values[0] a string', () => v(['0', 1]), IA, ['values[0]', "'0'"]],
      ['values[1] null', () => v([0, null]), IA, ['values[1]', 'null']],
      ['values[1] 1.5 in int32', () => v([0, 1.5], 'int32'), IA, ['values[1] 1.5', 'int32']],
      ['values[1] 300 in int8', () => v([0, 300], 'int8'), IA, ['values[1] 300', 'int8', '-128', '127']],
      ['values[0] -1 in uint8', () => v([-1, 1], 'uint8'), IA, ['values[0] -1', 'uint8']],
      ['values[1] 2^31 in int32', () => v([0, 2 ** 31], 'int32'), IA, ['values[1] 2147483648', 'int32']],
      ['values[1] NaN in uint16', () => v([0, NaN], 'uint16'), IA, ['values[1] NaN', 'uint16']],
      ['values[1] 2 in bool', () => v([0, 2], 'bool'), IA, ['values[1] 2', 'bool']],
      ['values[0] true in float32', () => v([true, false]), IA, ['values[0] true', 'boolean', 'dtype is float32']],
      ['values[0] a bigint in float32', () => v([0n, 1]), IA, ['values[0] 0n', 'bigint', 'dtype is float32']],
      ['values[1] 2^63 in int64', () => v([0, 2n ** 63n], 'int64'), IA, ['values[1] 9223372036854775808n', 'int64']],
      ['values[0] -1n in uint64', () => v([-1n, 0n], 'uint64'), IA, ['values[0] -1n', 'uint64']],
      ['values[1] 0.5 in int64', () => v([0, 0.5], 'int64'), IA, ['values[1] 0.5', 'int64']],
      ['dtype unknown', () => call({ dtype: 'float128' }), IA, ['dtype', "'float128'", "'float32'"]],
      ['dtype misspelled', () => call({ dtype: 'Float32' }), IA, ['dtype', "'Float32'"]],
      ['dtype a class', () => call({ dtype: Float32Array }), IA, ['dtype']],
      ['dtype a number', () => call({ dtype: 9 }), IA, ['dtype', '9']],
      ['dtype null', () => call({ dtype: null }), IA, ['dtype', 'null']],
      ['indices float32', () => f(typed(Float32Array, 'float32'), 3), IA, ['indices.dtype', "'float32'", 'integer dtype']],
      ['indices float64', () => f(typed(Float64Array, 'float64'), 3), IA, ['indices.dtype', "'float64'"]],
      ['indices float16', () => f(typed(Uint16Array, 'float16'), 3), IA, ['indices.dtype', "'float16'"]],
      ['indices bfloat16', () => f(typed(Uint16Array, 'bfloat16'), 3), IA, ['indices.dtype', "'bfloat16'"]],
      ['indices bool', () => f(typed(Uint8Array, 'bool'), 3), IA, ['indices.dtype', "'bool'"]],
      ['indices float32 as an onnxruntime tensor', () => f({ type: 'float32', data: new Float32Array(2), dims: [2] }, 3), IA,
        ['indices.dtype', "'float32'"]],
      ['out too short', () => call({ out: new Float32Array(11) }), IA, ['out', '11', '[4, 3]', '12']],
      ['out too long', () => call({ out: new Float32Array(13) }), IA, ['out', '13', '12']],
      ['out a Float64Array for float32', () => call({ out: new Float64Array(12) }), IA, ['out', 'Float32Array', 'Float64Array']],
      ['out an Int32Array for uint8', () => call({ dtype: 'uint8', out: new Int32Array(12) }), IA, ['out', 'Uint8Array', 'Int32Array']],
      ['out an Int32Array for int64', () => call({ dtype: 'int64', out: new Int32Array(12) }), IA, ['out', 'BigInt64Array', 'int64']],
      ['out too short for int64', () => call({ dtype: 'int64', out: new BigInt64Array(6) }), IA, ['out', '6', '12']],
      ['shapes: depth 0', () => ops.shapes.oneHot([4], 0), IA, ['depth 0']],
      ['shapes: axis out of range', () => ops.shapes.oneHot([4, 2], 3, { axis: 3 }), IA, ['axis 3', '[-3, 2]']],
      ['shapes: values not exact in the dtype', () => ops.shapes.oneHot([4], 3, { values: [0, 300], dtype: 'int8' }), IA,
        ['values[1] 300', 'int8']],
      ['shapes: dtype unknown', () => ops.shapes.oneHot([4], 3, { dtype: 'int4' }), IA, ['dtype', "'int4'"]],
      ['shapes: an output beyond memory', () => ops.shapes.oneHot([2 ** 20], 2 ** 10, { dtype: 'float64' }), OOM, ['output shape']],
      ['shapes: indices.shape a string', () => ops.shapes.oneHot('4', 3), IA, ['indices.shape', "'4'"]],
    ],
  };
};
