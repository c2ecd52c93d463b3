// `indices`, as gather, gatherElements and gatherND all read it: every bad
// form, values out of range in each index dtype, kept index tensors, and the
// options and `out` checks the three share. Each of them runs these cases
// with its own call (see indicesCases).
import { I32, IA, detached, x4 } from './bad_input_kit.mjs';

const detachedI32 = () => detached(2, Int32Array);
const BAD_INDICES = [
  ['indices null', null, ['indices', 'null']],
  ['indices undefined (left out)', undefined, ['indices', 'undefined']],
  ['indices a string', '0', ['indices', "'0'"]],
  ['indices a boolean', true, ['indices', 'true']],
  ['indices a symbol', Symbol('i'), ['indices', 'Symbol(i)']],
  ['indices an empty object', {}, ['indices', 'an object']],
  ['indices a function', () => 0, ['indices', 'function']],
  ['indices 1.5', 1.5, ['indices', '1.5']],
  ['indices NaN', NaN, ['indices', 'NaN']],
  ['indices Infinity', Infinity, ['indices', 'Infinity']],
  ['indices a Float32Array', new Float32Array(1), ['indices', 'Float32Array', 'integer']],
  ['indices a Float64Array', new Float64Array(1), ['indices', 'Float64Array']],
  ['indices a DataView', new DataView(new ArrayBuffer(4)), ['indices', 'DataView']],
  ['indices a detached Int32Array', detachedI32(), ['indices', 'detached']],
  ['indices an array with 1.5', [0, 1.5], ['indices[1]', '1.5']],
  ['indices an array with a string', [0, '1'], ['indices[1]', "'1'"]],
  ['indices an array with null', [null], ['indices[0]', 'null']],
  ['indices an array with NaN', [0, NaN], ['indices[1]', 'NaN']],
  ['indices a nested array', [[0]], ['indices[0]', '[0]']],
  ['indices an array beyond uint64', [0, 2n ** 64n], ['indices[1]', '18446744073709551616']],
  ['indices an array mixing -1 and 2^64 - 1', [-1, 2n ** 64n - 1n], ['indices[1]', '18446744073709551615']],
  ['indices a float32 tensor', { data: new Float32Array(1), shape: [1] }, ['indices.dtype', "'float32'"]],
  ['indices a float64 tensor', { data: new Float64Array(1), shape: [1] }, ['indices.dtype', "'float64'"]],
  ['indices a float16 tensor', { data: new Uint16Array(1), shape: [1], dtype: 'float16' }, ['indices.dtype', "'float16'"]],
  ['indices a bfloat16 tensor', { data: new Uint16Array(1), shape: [1], dtype: 'bfloat16' }, ['indices.dtype', "'bfloat16'"]],
  ['indices a bool tensor', { data: new Uint8Array(1), shape: [1], dtype: 'bool' }, ['indices.dtype', "'bool'"]],
  ['indices.data a plain array', { data: [0], shape: [1] }, ['indices.data', '[0]']],
  ['indices.data detached', { data: detachedI32(), shape: [2] }, ['indices.data', 'detached']],
  ['indices.dtype not matching', { data: new Int32Array(1), shape: [1], dtype: 'uint32' }, ['indices.dtype', "'uint32'", 'Int32Array']],
  ['indices.shape a string', { data: new Int32Array(1), shape: '1' }, ['indices.shape', "'1'"]],
  ['indices.shape with a fraction', { data: new Int32Array(1), shape: [0.5] }, ['indices.shape', '0.5']],
  ['indices an onnxruntime float tensor', { type: 'float32', data: new Float32Array(1), dims: [1], location: 'cpu' }, ['indices', 'float32']],
];
// Forms whose shape is reshaped per operation (their data must still be wrong).
const BAD_INDEX_DATA = [
  ['indices.data too short', { data: new Int32Array(2), shape: [3] }, ['indices.data', '2', '3']],
  ['indices.data too long', { data: new Int32Array(4), shape: [3] }, ['indices.data', '4', '3']],
];
const i64min = -(2n ** 63n);
const OUT_OF_RANGE = [
  // [title, values as the indices' data (reshaped per op), the value in the message, the position's last index]
  ['int32 4 (d = 4)', Int32Array.from([0, 4]), '4'],
  ['int32 -5 (d = 4)', Int32Array.from([0, -5]), '-5'],
  ['int32 max', Int32Array.from([0, 2147483647]), '2147483647'],
  ['int32 min', Int32Array.from([0, -2147483648]), '-2147483648'],
  ['uint32 max', Uint32Array.from([0, 4294967295]), '4294967295'],
  ['int64 max', BigInt64Array.from([0n, 2n ** 63n - 1n]), '9223372036854775807'],
  ['int64 min', BigInt64Array.from([0n, i64min]), '-9223372036854775808'],
  ['uint64 max', BigUint64Array.from([0n, 2n ** 64n - 1n]), '18446744073709551615'],
  ['uint64 2^63', BigUint64Array.from([0n, 2n ** 63n]), '9223372036854775808'],
];

/**
 * The indices cases of `op`: [title, call, code, parts]. `run(indices, options,
 * x = x4)` calls it with indices that index a dim of size 4; `form(t)` reshapes
 * an index tensor of any shape into one `op` takes; `where` names the second
 * index of a form of two values in messages; `outLength` is the output's
 * length for a form of two values.
 */
export function indicesCases(ops, op, { run, form, where, outLength }) {
  const cases = [];
  const add = (title, call, code, parts) => cases.push([title, call, code, parts]);
  for (const [title, indices, parts] of BAD_INDICES) {
    const arg = indices && typeof indices === 'object' && 'shape' in indices && Array.isArray(indices.shape) ? form(indices) : indices;
    add(title, () => run(arg), IA, parts);
  }
  for (const [title, indices, parts] of BAD_INDEX_DATA) add(title, () => run(form(indices)), IA, parts);
  for (const [title, data, value] of OUT_OF_RANGE) {
    const { shape } = form({ data, shape: [2] });
    add(`index out of range: ${title}`, () => run({ data, shape }), IA, [where, value]);
    add(`index out of range: ${title}, kept x`, () => {
      const x = ops.tensor(x4.data, x4.shape);
      try {
        return run({ data, shape }, {}, x);
      } finally {
        x.dispose();
      }
    }, IA, [where, value]);
  }
  add('a plain array index out of range (2^53)', () => run(form({ data: BigInt64Array.from([2n ** 53n]), shape: [1] })), IA, ['indices', '9007199254740992']);
  add('out of range with out given', () => run(form(I32([0, 9])), { out: new Float32Array(outLength) }), IA, ['indices', '9']);
  add('indices a disposed kept tensor', () => {
    const t = ops.tensor(new Int32Array(1), [1]);
    t.dispose();
    run(t);
  }, 'DISPOSED', ['disposed']);
  add('indices a kept float32 tensor', () => {
    const t = ops.tensor(new Float32Array(1), form({ shape: [1] }).shape);
    try {
      run(t);
    } finally {
      t.dispose();
    }
  }, IA, ['indices.dtype', "'float32'"]);
  add('unknown option', () => run(form(I32([0])), { axes: 0 }), IA, ['axes', 'options']);
  add('options a number', () => ops[op](x4, form(I32([0])), 3), IA, ['options', '3']);
  add('out of another class', () => run(form(I32([0])), { out: new Int32Array(64) }), IA, ['out', 'Float32Array', 'Int32Array']);
  add('out too long', () => run(form(I32([0])), { out: new Float32Array(33) }), IA, ['out', '33']);
  add('shapes: indicesShape a number', () => ops.shapes[op]([1, 4, 4, 2], 3), IA, ['indices.shape', '3']);
  add('shapes: indicesShape with a negative dim', () => ops.shapes[op]([1, 4, 4, 2], [-1]), IA, ['indices.shape', '-1']);
  add('shapes: indicesShape null', () => ops.shapes[op]([1, 4, 4, 2], null), IA, ['indices.shape', 'null']);
  add('shapes: unknown option out', () => ops.shapes[op]([1, 4, 4, 2], [1], { out: new Float32Array(1) }), IA, ['out', 'options']);
  return cases;
}
