// scatterElements' and scatterND's bad inputs (each op's bad_inputs.mjs
// passes its name and a valid call): the indices (an integer tensor, values
// in [-d, d), checked before anything is written), updates of x's dtype,
// the reduction's names, `out` of x's class and size, and the named inputs'
// own bad tensors. `call(x, indices, updates, options)` is a valid call
// when given the defaults below: x [4, 3] float32, indices int32.
import { IA, f32 } from './bad_input_kit.mjs';

export function scatterBadInputs(ops, op, { indices, updates }) {
  const f = ops[op];
  const x = f32([4, 3]);
  const idx = (Type, values, shape = indices.shape) => ({ data: Type.from(values), shape });
  const call = (o) => f(x, indices, updates, o);
  const cases = [
    // indices: an integer tensor.
    ['indices float32', () => f(x, { ...f32(indices.shape), dtype: 'float32' }, updates), IA, ['indices.dtype', "'float32'", 'integer']],
    ['indices float64', () => f(x, { data: new Float64Array(indices.data.length), shape: indices.shape }, updates), IA, ['indices.dtype', "'float64'"]],
    ['indices bool', () => f(x, { data: new Uint8Array(indices.data.length), shape: indices.shape, dtype: 'bool' }, updates), IA, ['indices.dtype', "'bool'"]],
    ['indices float16', () => f(x, { data: new Uint16Array(indices.data.length), shape: indices.shape, dtype: 'float16' }, updates), IA, ['indices.dtype', "'float16'"]],
    ['indices a number', () => f(x, 1, updates), IA, ['indices', '1']],
    ['indices a plain array', () => f(x, [0, 1], updates), IA, ['indices', '[0, 1]']],
    ['indices null', () => f(x, null, updates), IA, ['indices', 'null']],
    ['indices undefined', () => f(x), IA, ['indices', 'undefined']],
    ['indices.data too short', () => f(x, { data: new Int32Array(indices.data.length - 1), shape: indices.shape }, updates), IA, ['indices.data']],
    ['indices.shape negative', () => f(x, { data: indices.data, shape: [-1] }, updates), IA, ['indices.shape', '-1']],
    ['indices.dtype int64 on an Int32Array', () => f(x, { ...indices, dtype: 'int64' }, updates), IA, ['indices.dtype', "'int64'", 'Int32Array']],
    // Index values in [-d, d): each dtype's out-of-range values, named by position.
    ['an index of 4 for a dim of 4 (int32)', () => f(x, idx(Int32Array, indices.data.map((v, i) => (i === 0 ? 4 : v))), updates), IA, ['indices[0', 'value 4', '[-4, 4)']],
    ['an index of -5 for a dim of 4 (int8)', () => f(x, idx(Int8Array, indices.data.map((v, i) => (i === 0 ? -5 : v))), updates), IA, ['value -5', '[-4, 4)']],
    ['an index of 200 (uint8)', () => f(x, idx(Uint8Array, indices.data.map((v, i) => (i === 0 ? 200 : Math.abs(v)))), updates), IA, ['value 200']],
    ['an index of 40000 (uint16)', () => f(x, idx(Uint16Array, indices.data.map((v, i) => (i === 0 ? 40000 : Math.abs(v)))), updates), IA, ['value 40000']],
    ['an index of -32768 (int16)', () => f(x, idx(Int16Array, indices.data.map((v, i) => (i === 0 ? -32768 : v))), updates), IA, ['value -32768']],
    ['an index of 2^32 - 1 (uint32)', () => f(x, idx(Uint32Array, indices.data.map((v, i) => (i === 0 ? 2 ** 32 - 1 : Math.abs(v)))), updates), IA, ['value 4294967295']],
    ['an index of -2^63 (int64)', () => f(x, idx(BigInt64Array, Array.from(indices.data, (v, i) => (i === 0 ? -(2n ** 63n) : BigInt(v)))), updates), IA, ['value -9223372036854775808']],
    ['an index of 2^64 - 1 (uint64)', () => f(x, idx(BigUint64Array, Array.from(indices.data, (v, i) => (i === 0 ? 2n ** 64n - 1n : BigInt(Math.abs(v))))), updates), IA, ['value 18446744073709551615']],
    ['the last index out of range', () => f(x, idx(Int32Array, indices.data.map((v, i, a) => (i === a.length - 1 ? 9 : v))), updates), IA, ['value 9']],
    // updates: x's dtype.
    ['updates int32', () => f(x, indices, { data: new Int32Array(updates.data.length), shape: updates.shape }), IA, ['updates.dtype', "'int32'", "x.dtype 'float32'"]],
    ['updates float64', () => f(x, indices, { data: new Float64Array(updates.data.length), shape: updates.shape }), IA, ['updates.dtype', "'float64'"]],
    ['updates a number', () => f(x, indices, 1), IA, ['updates', '1']],
    ['updates null', () => f(x, indices, null), IA, ['updates', 'null']],
    ['updates undefined', () => f(x, indices), IA, ['updates', 'undefined']],
    ['updates.data too long', () => f(x, indices, { data: new Float32Array(updates.data.length + 1), shape: updates.shape }), IA, ['updates.data']],
    ['updates detached', () => { const d = new Float32Array(updates.data.length); structuredClone(d.buffer, { transfer: [d.buffer] }); return f(x, indices, { data: d, shape: updates.shape }); }, IA, ['updates.data', 'detached']],
    // reduction: one of the names.
    ['reduction misspelled', () => call({ reduction: 'sum' }), IA, ['reduction', "'sum'", "'none', 'add', 'mul', 'max', 'min'"]],
    ['reduction in capitals', () => call({ reduction: 'ADD' }), IA, ['reduction', "'ADD'"]],
    ['reduction a number', () => call({ reduction: 1 }), IA, ['reduction', '1']],
    ['reduction null', () => call({ reduction: null }), IA, ['reduction', 'null']],
    ['reduction a boolean', () => call({ reduction: true }), IA, ['reduction', 'true']],
    // out: x's class and size.
    ['out too short', () => call({ out: new Float32Array(11) }), IA, ['out', '11', '12']],
    ['out too long', () => call({ out: new Float32Array(13) }), IA, ['out', '13', '12']],
    ['out a Float64Array', () => call({ out: new Float64Array(12) }), IA, ['out', 'Float32Array', 'Float64Array']],
    ['out the size of updates', () => call({ out: new Float32Array(updates.data.length) }), IA, ['out', String(updates.data.length)]],
    // ops.shapes.*: shapes only.
    [`shapes: indices.shape missing`, () => ops.shapes[op]([4, 3]), IA, ['indices.shape', 'undefined']],
    [`shapes: an indices dim of NaN`, () => ops.shapes[op]([4, 3], [NaN], [1]), IA, ['indices.shape', 'NaN']],
  ];
  for (const name of ['axes', 'mode', 'reduce', 'updates', 'batchDims']) {
    cases.push([`unknown option '${name}'`, () => call({ [name]: 1 }), IA, [`'${name}'`]]);
  }
  return cases;
}
