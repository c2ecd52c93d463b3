// Bad input, table-driven, for every operation and every parameter: wrong
// types (strings, null, undefined, objects, booleans, symbols), NaN,
// Infinity, negative, fractional and huge values (above 2^31, 2^32, 2^53 and
// int64), shapes whose volume overflows 32 and 64 bits, data whose length
// does not match the shape, plain arrays, typed arrays that do not match the
// dtype, detached buffers, unknown options and misspelled names.
//
// Each case must throw a TensorOpsError with the right code and a message
// that starts with the operation and names the parameter (and the value);
// afterwards the module answers a correct call correctly and its heap is
// back at its baseline. SharedArrayBuffer-backed inputs must simply work.
// The last test prints how many cases each operation has.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertSameBits, expectError, gather } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import * as ref from './reference.mjs';

const ops = await loadOps();
const IA = 'INVALID_ARGUMENT';
const SM = 'SHAPE_MISMATCH';
const OOM = 'OUT_OF_MEMORY';

const f32 = (shape, n = shape.reduce((p, d) => p * Number(d), 1)) =>
  ({ data: Float32Array.from({ length: n }, (_, i) => i), shape });
const detached = (n) => {
  const data = new Float32Array(n);
  structuredClone(data.buffer, { transfer: [data.buffer] });
  return data;
};

// One correct call per operation, checked against the reference, so that a
// module left broken by an error shows up at once.
const x4 = f32([1, 4, 4, 2]);
const CORRECT = {
  reshape: () => {
    const r = ops.reshape(x4, [0, -1], { specialZero: true });
    assert.deepEqual(r.shape, [1, 32]);
    assertSameBits(r.data, x4.data);
  },
  broadcast: () => {
    const r = ops.broadcast(x4, [3, 1, 4, 4, 2]);
    assertSameBits(r.data, gather(x4.data, ref.broadcast(x4.shape, [3, 1, 4, 4, 2]).src));
  },
  spaceToDepth: () => {
    const r = ops.spaceToDepth(x4, 2, { mode: 'depth_first' });
    assertSameBits(r.data, gather(x4.data, ref.spaceToDepth(x4.shape, 2, 'NHWC', 'depth_first').src));
  },
  depthToSpace: () => {
    const r = ops.depthToSpace(x4, 1, { dataFormat: 'NCHW' });
    assertSameBits(r.data, x4.data);
    const s = ops.depthToSpace(f32([1, 1, 1, 8]), 2);
    assertSameBits(s.data, gather(Float32Array.from({ length: 8 }, (_, i) => i), ref.depthToSpace([1, 1, 1, 8], 2).src));
  },
  roll: () => {
    const r = ops.roll(x4, [1, -3], [1, 3]);
    assertSameBits(r.data, gather(x4.data, ref.roll(x4.shape, [1, -3], [1, 3]).src));
  },
  transpose: () => {
    const r = ops.transpose(x4, [0, 3, 1, 2]);
    assertSameBits(r.data, gather(x4.data, ref.transpose(x4.shape, [0, 3, 1, 2]).src));
  },
  slice: () => {
    const r = ops.slice(x4, [1, -1, 2n ** 63n - 1n], [3, -(2n ** 63n), 0], { axes: [1, -1, 2], steps: [1, -1, -2] });
    assertSameBits(r.data, gather(x4.data, ref.slice(x4.shape, [1, -1, 2n ** 63n - 1n], [3, -(2n ** 63n), 0], [1, -1, 2], [1, -1, -2]).src));
  },
  reverse: () => {
    const r = ops.reverse(x4, [-1, 1]);
    assertSameBits(r.data, gather(x4.data, ref.reverse(x4.shape, [-1, 1]).src));
  },
  pad: () => {
    const r = ops.pad(x4, [0, 1, -1, 2], [1, 2, 0, -1], { mode: 'symmetric' });
    assertSameBits(r.data, gather(x4.data, ref.pad(x4.shape, [0, 1, -1, 2], [1, 2, 0, -1], 'symmetric').src));
    const c = ops.pad(x4, [0, 1, 0, 0], [0, 0, 1, 0], { value: 2.5 });
    assertSameBits(c.data, gather(x4.data, ref.pad(x4.shape, [0, 1, 0, 0], [0, 0, 1, 0]).src, 0x40200000));
  },
  concat: () => {
    const y = f32([1, 4, 1, 2]);
    const r = ops.concat([x4, y, x4], 2);
    const all = Float32Array.from([...x4.data, ...y.data, ...x4.data]);
    assertSameBits(r.data, gather(all, ref.concat([x4.shape, y.shape, x4.shape], 2).src));
  },
  split: () => {
    const parts = ops.split(x4, [1, -1], { axis: 1 });
    const expected = ref.split(x4.shape, [1, -1], 1);
    assert.equal(parts.length, 2);
    parts.forEach((p, k) => assertSameBits(p.data, gather(x4.data, expected[k].src)));
  },
  tile: () => {
    const r = ops.tile(x4, [2, 1, 1, 3, 1]);
    assert.deepEqual(r.shape, [2, 1, 4, 12, 2]);
    assertSameBits(r.data, gather(x4.data, ref.tile(x4.shape, [2, 1, 1, 3, 1]).src));
  },
  spaceToBatch: () => {
    const r = ops.spaceToBatch(x4, [1, 2, 3, 1], [0, 1, 1, 0], [0, 1, 1, 0]);
    assert.deepEqual(r.shape, [6, 3, 2, 2]);
    assertSameBits(r.data, gather(x4.data, ref.spaceToBatch(x4.shape, [1, 2, 3, 1], [0, 1, 1, 0], [0, 1, 1, 0]).src));
  },
  batchToSpace: () => {
    const r = ops.batchToSpace(f32([4, 2, 2, 2]), [1, 2, 2, 1], [0, 1, 0, 0], [0, 0, 3, 0]);
    assert.deepEqual(r.shape, [1, 3, 1, 2]);
    assertSameBits(r.data, gather(f32([4, 2, 2, 2]).data, ref.batchToSpace([4, 2, 2, 2], [1, 2, 2, 1], [0, 1, 0, 0], [0, 0, 3, 0]).src));
  },
  gather: () => {
    const idx = { data: BigInt64Array.from([3n, -1n, 0n]), shape: [3] };
    const r = ops.gather(x4, idx, { axis: 2 });
    assertSameBits(r.data, gather(x4.data, ref.gather(x4.shape, idx, 2).src));
  },
  gatherElements: () => {
    const idx = { data: Int32Array.from([1, 0, -1, 1, 0, 0]), shape: [1, 3, 1, 2] };
    const r = ops.gatherElements(x4, idx, { axis: -1 });
    assertSameBits(r.data, gather(x4.data, ref.gatherElements(x4.shape, idx, -1).src));
  },
  gatherND: () => {
    const idx = { data: Int32Array.from([0, 3, 0, -4]), shape: [2, 2] };
    const r = ops.gatherND(x4, idx, { batchDims: 0 });
    assert.deepEqual(r.shape, [2, 4, 2]);
    assertSameBits(r.data, gather(x4.data, ref.gatherND(x4.shape, idx, 0).src));
  },
  tensor: () => {
    const t = ops.tensor(x4.data, x4.shape);
    assertSameBits(t.toArray(), x4.data);
    t.dispose();
  },
};
for (const call of Object.values(CORRECT)) call(); // warm-up: scratch arrays reach their size
for (const call of Object.values(CORRECT)) call();
const baseline = ops.memory().heapBytes;

// [op, title, call, code, parts of the message]; op is also the message prefix.
const CASES = [];
const add = (op, title, call, code, parts) => CASES.push({ op, title, call, code, parts });

// ---------------------------------------------------------------------------
// x: what every operation reads the same way. Each operation gets parameters
// that accept any rank-4 shape, so only x is wrong.
const RUN = {
  reshape: (x) => ops.reshape(x, [-1]),
  broadcast: (x) => ops.broadcast(x, [1], { mode: 'bidirectional' }),
  spaceToDepth: (x) => ops.spaceToDepth(x, 1, { dataFormat: 'NCHW' }),
  depthToSpace: (x) => ops.depthToSpace(x, 1, { dataFormat: 'NCHW' }),
  roll: (x) => ops.roll(x, 1, 0),
  transpose: (x) => ops.transpose(x),
  slice: (x) => ops.slice(x, [0], [1]),
  reverse: (x) => ops.reverse(x),
  pad: (x) => ops.pad(x, [0, 0, 0, 0], [0, 0, 0, 0]),
  concat: (x) => ops.concat([x], 0), // x is tensors[0]
  split: (x) => ops.split(x, 1),
  tile: (x) => ops.tile(x, [1]),
  spaceToBatch: (x) => ops.spaceToBatch(x, [1, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]),
  batchToSpace: (x) => ops.batchToSpace(x, [1, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]),
  gather: (x) => ops.gather(x, 0),
  gatherElements: (x) => ops.gatherElements(x, { data: new Int32Array(1), shape: [1, 1, 1, 1] }),
  gatherND: (x) => ops.gatherND(x, [0]),
};
const BAD_X = [
  ['x null', null, ['x', 'null']],
  ['x undefined', undefined, ['x', 'undefined']],
  ['x a string', 'tensor', ['x', "'tensor'"]],
  ['x a number', 16, ['x', '16']],
  ['x a boolean', true, ['x', 'true']],
  ['x an empty object', {}, ['x', 'an object']],
  ['x without shape', { data: new Float32Array(4) }, ['x', 'an object']],
  ['x without data', { shape: [4] }, ['x', 'an object']],
  ['x a plain array', [1, 2, 3, 4], ['x', '[1, 2, 3, 4]']],
  ['x.data a plain array', { data: [1, 2, 3, 4], shape: [1, 1, 2, 2] }, ['x.data', '[1, 2, 3, 4]']],
  ['x.data an ArrayBuffer', { data: new ArrayBuffer(16), shape: [1, 1, 2, 2] }, ['x.data', 'ArrayBuffer']],
  ['x.data a DataView', { data: new DataView(new ArrayBuffer(16)), shape: [1, 1, 2, 2] }, ['x.data', 'DataView']],
  ['x.data null', { data: null, shape: [1, 1, 2, 2] }, ['x.data', 'null']],
  ['x.data a string', { data: 'abcd', shape: [1, 1, 2, 2] }, ['x.data', "'abcd'"]],
  ['x.data detached', { data: detached(4), shape: [1, 1, 2, 2] }, ['x.data', 'detached']],
  ['x.data too short', f32([1, 1, 2, 2], 3), ['x.data', '3', '[1, 1, 2, 2]', '4']],
  ['x.data too long', f32([1, 1, 2, 2], 5), ['x.data', '5', '[1, 1, 2, 2]', '4']],
  ['x.shape a string', { data: new Float32Array(4), shape: '1122' }, ['x.shape', "'1122'"]],
  ['x.shape null', { data: new Float32Array(4), shape: null }, ['x.shape', 'null']],
  ['x.shape an object', { data: new Float32Array(4), shape: { 0: 4, length: 1 } }, ['x.shape', 'an object']],
  ['x.shape a Float32Array', { data: new Float32Array(4), shape: new Float32Array([1, 1, 2, 2]) }, ['x.shape', 'Float32Array']],
  ['x.shape with NaN', f32([1, 1, NaN, 2], 4), ['x.shape', 'NaN']],
  ['x.shape with Infinity', f32([1, 1, Infinity, 2], 4), ['x.shape', 'Infinity']],
  ['x.shape with -Infinity', f32([1, 1, -Infinity, 2], 4), ['x.shape', '-Infinity']],
  ['x.shape with a negative dim', f32([1, 1, -2, 2], 4), ['x.shape', '-2']],
  ['x.shape with a fraction', f32([1, 1, 2.5, 2], 4), ['x.shape', '2.5']],
  ['x.shape with a string dim', f32([1, 1, '2', 2], 4), ['x.shape', "'2'"]],
  ['x.shape with a boolean dim', f32([1, 1, true, 2], 4), ['x.shape', 'true']],
  ['x.shape with null', f32([1, 1, null, 2], 4), ['x.shape', 'null']],
  ['x.shape with a nested array', f32([1, 1, [2], 2], 4), ['x.shape', '[2]']],
  ['x.shape with 2^31', f32([1, 1, 2 ** 31, 1], 4), ['x.data', '4', '2147483648']],
  ['x.shape with 2^32', f32([1, 1, 2 ** 32, 1], 4), ['x.data', '4', '4294967296']],
  ['x.shape with 2^53', f32([1, 1, 1, 2 ** 53], 4), ['x.data', '9007199254740992']],
  ['x.shape with 2^53 + 2 (inexact)', f32([1, 1, 1, 2 ** 53 + 2], 4), ['x.shape', '9007199254740994', '2^53']],
  ['x.shape with 2^54 as a bigint', f32([1, 1, 1, 2n ** 54n], 4), ['x.shape', '18014398509481984', '2^53']],
  ['x.shape with 2^64 as a bigint', f32([1, 1, 1, 2n ** 64n], 4), ['x.shape', '18446744073709551616n']],
  ['x.shape with 2^64 as a number', f32([1, 1, 1, 2 ** 64], 4), ['x.shape', '18446744073709552000']],
  ['x.shape volume overflowing 32 bits', f32([1, 1, 65536, 65536], 4), ['x.data', '[1, 1, 65536, 65536]', '4294967296']],
  ['x.shape volume overflowing 64 bits', f32([1, 2 ** 32, 2 ** 32, 1], 4), ['x.shape', '[1, 4294967296, 4294967296, 1]', '64 bits']],
  ['x.shape volume overflowing 64 bits (bigints)', f32([1n, 2n ** 40n, 2n ** 40n, 1n], 4), ['x.shape', '1099511627776', '64 bits']],
  ['x.dtype unknown', { ...f32([1, 1, 2, 2]), dtype: 'float128' }, ['x.dtype', "'float128'"]],
  ['x.dtype a number', { ...f32([1, 1, 2, 2]), dtype: 4 }, ['x.dtype', '4']],
  ['x.dtype null', { ...f32([1, 1, 2, 2]), dtype: null }, ['x.dtype', 'null']],
  ['x.dtype misspelled', { ...f32([1, 1, 2, 2]), dtype: 'Float32' }, ['x.dtype', "'Float32'"]],
  ['x.dtype int32 on a Float32Array', { ...f32([1, 1, 2, 2]), dtype: 'int32' }, ['x.dtype', "'int32'", 'Float32Array']],
  ['x.dtype float64 on a BigInt64Array', { data: new BigInt64Array(4), shape: [1, 1, 2, 2], dtype: 'float64' },
    ['x.dtype', "'float64'", 'BigInt64Array']],
  ['x.dtype bool on an Int8Array', { data: new Int8Array(4), shape: [1, 1, 2, 2], dtype: 'bool' }, ['x.dtype', "'bool'", 'Int8Array']],
  ['x.dtype float16 on a Float32Array', { ...f32([1, 1, 2, 2]), dtype: 'float16' }, ['x.dtype', "'float16'"]],
];
for (const [op, run] of Object.entries(RUN)) {
  // concat names its input tensors[0] where the others name x.
  const named = (parts) => (op === 'concat' ? parts.map((p) => p.replace(/^x(?=\.|$)/, 'tensors[0]')) : parts);
  for (const [title, x, parts] of BAD_X) add(op, title, () => run(x), IA, named(parts));
}

// ---------------------------------------------------------------------------
// Integer-list parameters: shape, targetShape, axesMapping, shift, axes.
const BAD_LIST = [
  ['a string', '24', ["'24'"]],
  ['null', null, ['null']],
  ['undefined', undefined, ['undefined']],
  ['an object', { length: 1, 0: 24 }, ['an object']],
  ['a boolean', false, ['false']],
  ['a symbol', Symbol('s'), ['Symbol(s)']],
  ['NaN', NaN, ['NaN']],
  ['Infinity', Infinity, ['Infinity']],
  ['a fraction', 1.5, ['1.5']],
  ['[NaN]', [NaN], ['NaN']],
  ['[-Infinity]', [-Infinity], ['-Infinity']],
  ['a fractional element', [0.5], ['0.5']],
  ['a string element', ['1'], ["'1'"]],
  ['a null element', [null], ['null']],
  ['a nested array', [[1]], ['[1]']],
  ['a Float64Array', new Float64Array([1]), ['Float64Array']],
  ['2^53 + 2 as a number', [2 ** 53 + 2], ['9007199254740994', '2^53']],
  ['2^64 as a bigint', [2n ** 64n], ['18446744073709551616n', 'int64']],
  ['-2^63 - 1 as a bigint', [-(2n ** 63n) - 1n], ['int64']],
];
const LIST_PARAMS = [
  ['reshape', 'shape', (v) => ops.reshape(x4, v)],
  ['reshape', 'shape', (v) => ops.shapes.reshape([2, 3], v)],
  ['broadcast', 'targetShape', (v) => ops.broadcast(x4, v)],
  ['broadcast', 'axesMapping', (v) => ops.broadcast(x4, [1, 4, 4, 2], { mode: 'explicit', axesMapping: v })],
  ['roll', 'shift', (v) => ops.roll(x4, v, 0)],
  ['roll', 'axes', (v) => ops.roll(x4, 1, v)],
  ['transpose', 'perm', (v) => ops.transpose(x4, v)],
  ['slice', 'starts', (v) => ops.slice(x4, v, [1])],
  ['slice', 'ends', (v) => ops.slice(x4, [0], v)],
  ['slice', 'axes', (v) => ops.slice(x4, [0], [1], { axes: v })],
  ['slice', 'steps', (v) => ops.slice(x4, [0], [1], { steps: v })],
  ['slice', 'starts', (v) => ops.shapes.slice([2, 3], v, [1])],
  ['reverse', 'axes', (v) => ops.reverse(x4, v)],
  ['reverse', 'axes', (v) => ops.shapes.reverse([2, 3], v)],
  ['pad', 'padsBegin', (v) => ops.pad(x4, v, [0, 0, 0, 0])],
  ['pad', 'padsEnd', (v) => ops.pad(x4, [0, 0, 0, 0], v, { mode: 'edge' })],
  ['pad', 'padsBegin', (v) => ops.shapes.pad([2, 3], v, [0, 0])],
  ['split', 'splits', (v) => ops.split(x4, v)],
  ['split', 'splits', (v) => ops.shapes.split([2, 3], v)],
  ['tile', 'repeats', (v) => ops.tile(x4, v)],
  ['tile', 'repeats', (v) => ops.shapes.tile([2, 3], v)],
  ['spaceToBatch', 'blockShape', (v) => ops.spaceToBatch(x4, v, [0, 0, 0, 0], [0, 0, 0, 0])],
  ['spaceToBatch', 'padsBegin', (v) => ops.spaceToBatch(x4, [1, 1, 1, 1], v, [0, 0, 0, 0])],
  ['spaceToBatch', 'padsEnd', (v) => ops.spaceToBatch(x4, [1, 1, 1, 1], [0, 0, 0, 0], v)],
  ['batchToSpace', 'blockShape', (v) => ops.batchToSpace(x4, v, [0, 0, 0, 0], [0, 0, 0, 0])],
  ['batchToSpace', 'cropsBegin', (v) => ops.batchToSpace(x4, [1, 1, 1, 1], v, [0, 0, 0, 0])],
  ['batchToSpace', 'cropsEnd', (v) => ops.batchToSpace(x4, [1, 1, 1, 1], [0, 0, 0, 0], v)],
];
for (const [op, param, call] of LIST_PARAMS) {
  const shapesCall = call.toString().includes('shapes.');
  for (const [title, value, parts] of BAD_LIST) {
    // undefined axesMapping is no axesMapping: explicit mode then lacks one;
    // undefined perm is no perm: the axes reversed.
    if ((param === 'axesMapping' || param === 'perm') && value === undefined) continue;
    // slice's axes and steps, reverse's axes: undefined is left out (valid).
    if ((op === 'slice' || op === 'reverse') && ['axes', 'steps'].includes(param) && value === undefined) continue;
    if (shapesCall && !['a string', 'NaN', 'a nested array', '2^64 as a bigint'].includes(title)) continue;
    add(op, `${shapesCall ? 'shapes.' : ''}${param} ${title}`, () => call(value), IA, [param, ...parts]);
  }
}

// Values the core rejects: negative, out of range, huge, overflowing.
add('reshape', 'shape [-2]', () => ops.reshape(x4, [-2, -16]), IA, ['shape', '[-2, -16]', '-2']);
add('reshape', 'shape with two -1', () => ops.reshape(x4, [-1, 8, -1]), IA, ['shape', '[-1, 8, -1]', '-1']);
add('reshape', 'shape [2^31]', () => ops.reshape(x4, [2 ** 31]), SM, ['shape', '[2147483648]', '32']);
add('reshape', 'shape [2^32]', () => ops.reshape(x4, [2 ** 32]), SM, ['shape', '[4294967296]', '32']);
add('reshape', 'shape [2^53 + 1] as a bigint', () => ops.reshape(x4, [2n ** 53n + 1n]), IA, ['shape', '9007199254740993', '2^53']);
add('reshape', 'shape of volume 2^64', () => ops.reshape(x4, [2 ** 32, 2 ** 32]), IA, ['shape', '[4294967296, 4294967296]', '64 bits']);
add('reshape', 'shape of volume 2^32', () => ops.reshape(x4, [65536, 65536]), SM, ['shape', '[65536, 65536]', '4294967296']);
add('reshape', 'specialZero 0 beyond the rank', () => ops.reshape(x4, [0, 0, 0, 0, 0], { specialZero: true }), IA,
  ['shape', '[0, 0, 0, 0, 0]', 'index 4']);
add('reshape', 'shape not dividing', () => ops.reshape(x4, [3, -1]), SM, ['shape', '[3, -1]', '[1, 4, 4, 2]']);
add('reshape', '-1 beside a real 0', () => ops.reshape(x4, [0, -1]), SM, ['shape', '[0, -1]']);
add('broadcast', 'targetShape with a negative dim', () => ops.broadcast(x4, [2, -4, 4, 2]), IA, ['targetShape', '-4']);
add('broadcast', 'targetShape with 2^53 + 1 as a bigint', () => ops.broadcast(x4, [2n ** 53n + 1n, 4, 4, 2]), IA,
  ['targetShape', '9007199254740993']);
add('broadcast', 'targetShape of volume 2^64', () => ops.broadcast(x4, [2 ** 32, 2 ** 32, 4, 2]), IA,
  ['targetShape', '64 bits']);
add('broadcast', 'targetShape needing 128 GiB', () => ops.broadcast(x4, [2 ** 30, 4, 4, 2]), OOM,
  ['[1073741824, 4, 4, 2]']);
add('broadcast', 'targetShape of 2^52 elements', () => ops.broadcast(x4, [2 ** 47, 1, 4, 4, 2]), OOM,
  ['[140737488355328, 1, 4, 4, 2]']);
add('broadcast', 'axesMapping with 2^32', () => ops.broadcast(f32([4]), [4, 4], { mode: 'explicit', axesMapping: [2 ** 32] }), IA,
  ['axesMapping', '4294967296']);
add('broadcast', 'axesMapping negative', () => ops.broadcast(f32([4]), [4, 4], { mode: 'explicit', axesMapping: [-1] }), IA,
  ['axesMapping', '-1']);
add('broadcast', 'axesMapping repeated', () => ops.broadcast(f32([1, 1]), [4, 4], { mode: 'explicit', axesMapping: [1, 1] }), IA,
  ['axesMapping', '[1, 1]']);
add('broadcast', 'axesMapping too long', () => ops.broadcast(f32([4]), [4, 4], { mode: 'explicit', axesMapping: [0, 1] }), IA,
  ['axesMapping', '[0, 1]']);
add('broadcast', 'numpy dims not matching', () => ops.broadcast(x4, [1, 4, 3, 2]), SM, ['targetShape', '[1, 4, 3, 2]']);
add('roll', 'axes 2^31', () => ops.roll(x4, 1, 2 ** 31), IA, ['axes', '2147483648']);
add('roll', 'axes 2^32', () => ops.roll(x4, 1, [2 ** 32]), IA, ['axes', '4294967296']);
add('roll', 'axes -2^53', () => ops.roll(x4, 1, -(2 ** 53)), IA, ['axes', '-9007199254740992']);
add('roll', 'axes -5 for rank 4', () => ops.roll(x4, 1, -5), IA, ['axes', '-5']);
add('roll', 'axes int64 min', () => ops.roll(x4, 1, -(2n ** 63n)), IA, ['axes', '-9223372036854775808']);
add('roll', 'shift longer than axes', () => ops.roll(x4, [1, 2, 3], [0, 1]), IA, ['shift', '[1, 2, 3]', 'axes', '[0, 1]']);
add('roll', 'shift empty with two axes', () => ops.roll(x4, [], [0, 1]), IA, ['shift', '[]', 'axes']);
add('roll', 'a scalar', () => ops.roll(f32([]), 1, 0), IA, ['x.shape', '[]']);
add('transpose', 'perm shorter than the rank', () => ops.transpose(x4, [0, 1]), IA, ['perm', '[0, 1]', 'rank 4']);
add('transpose', 'perm longer than the rank', () => ops.transpose(x4, [0, 1, 2, 3, 4]), IA, ['perm', '[0, 1, 2, 3, 4]', 'rank 4']);
add('transpose', 'perm [] for rank 4', () => ops.transpose(x4, []), IA, ['perm', '[]', 'rank 4']);
add('transpose', 'perm repeating an axis', () => ops.transpose(x4, [0, 1, 1, 3]), IA, ['perm', '[0, 1, 1, 3]', 'repeats axis 1']);
add('transpose', 'perm repeating through a negative entry', () => ops.transpose(x4, [0, 1, 3, -1]), IA, ['perm', '[0, 1, 3, -1]', 'repeats axis 3']);
add('transpose', 'perm value 4 for rank 4', () => ops.transpose(x4, [0, 1, 2, 4]), IA, ['perm', '4']);
add('transpose', 'perm value -5 for rank 4', () => ops.transpose(x4, [0, 1, 2, -5]), IA, ['perm', '-5']);
add('transpose', 'perm value 2^32', () => ops.transpose(x4, [0, 1, 2, 2 ** 32]), IA, ['perm', '4294967296']);
add('transpose', 'perm value int64 min', () => ops.transpose(x4, [0, 1, 2, -(2n ** 63n)]), IA, ['perm', '-9223372036854775808']);
add('transpose', 'shapes.transpose perm too short', () => ops.shapes.transpose([2, 3], [0]), IA, ['perm', '[0]']);
// slice: the rules' errors (starts and ends take any int64, so only lengths,
// axes and steps can be wrong).
const I64_MAX = 2n ** 63n - 1n;
const I64_MIN = -(2n ** 63n);
add('slice', 'steps [0]', () => ops.slice(x4, [0], [1], { steps: [0] }), IA, ['steps value 0 at index 0', '[0]']);
add('slice', 'steps [1, 0] (index 1)', () => ops.slice(x4, [0, 0], [1, 1], { steps: [1, 0] }), IA, ['steps value 0 at index 1', '[1, 0]']);
add('slice', 'steps 0n as a bigint', () => ops.slice(x4, 0, 1, { steps: 0n }), IA, ['steps value 0', '[0]']);
add('slice', 'steps [0] as an Int32Array', () => ops.slice(x4, [0], [1], { axes: [3], steps: new Int32Array(1) }), IA, ['steps value 0']);
add('slice', 'step 0 on an empty axis', () => ops.slice(f32([2, 0]), [0], [1], { axes: [1], steps: [0] }), IA, ['steps value 0']);
add('slice', 'axes repeated', () => ops.slice(x4, [0, 0], [1, 1], { axes: [1, 1] }), IA, ['axes', '[1, 1]', 'repeats axis 1 at index 1']);
add('slice', 'axes repeated through a negative entry', () => ops.slice(x4, [0, 0], [1, 1], { axes: [3, -1] }), IA,
  ['axes', '[3, -1]', 'repeats axis 3']);
add('slice', 'axes value 4 for rank 4', () => ops.slice(x4, [0], [1], { axes: [4] }), IA, ['axes', 'value 4', 'rank 4']);
add('slice', 'axes value -5 for rank 4', () => ops.slice(x4, [0], [1], { axes: -5 }), IA, ['axes', 'value -5']);
add('slice', 'axes value 2^32', () => ops.slice(x4, [0], [1], { axes: [2 ** 32] }), IA, ['axes', '4294967296']);
add('slice', 'axes value int64 max', () => ops.slice(x4, [0], [1], { axes: [I64_MAX] }), IA, ['axes', '9223372036854775807']);
add('slice', 'axes value int64 min', () => ops.slice(x4, [0], [1], { axes: [I64_MIN] }), IA, ['axes', '-9223372036854775808']);
add('slice', 'ends shorter than starts', () => ops.slice(x4, [0, 1], [2]), IA, ['ends', '[2]', 'starts', '[0, 1]', 'same length']);
add('slice', 'ends longer than starts', () => ops.slice(x4, 0, [2, 3]), IA, ['ends', '[2, 3]', 'starts', '[0]']);
add('slice', 'ends [] for one start', () => ops.slice(x4, [0], []), IA, ['ends', '[]', 'starts']);
add('slice', 'axes longer than starts', () => ops.slice(x4, [0], [1], { axes: [0, 1] }), IA, ['axes', '[0, 1]', 'starts', '[0]']);
add('slice', 'axes [] for one start', () => ops.slice(x4, [0], [1], { axes: [] }), IA, ['axes', '[]', 'starts']);
add('slice', 'steps shorter than starts', () => ops.slice(x4, [0, 0], [1, 1], { steps: [1] }), IA, ['steps', '[1]', 'starts', '[0, 0]']);
add('slice', 'steps longer than starts', () => ops.slice(x4, [0], [1], { steps: [1, 1] }), IA, ['steps', '[1, 1]', 'starts']);
add('slice', 'five starts for rank 4 without axes', () => ops.slice(x4, [0, 0, 0, 0, 0], [1, 1, 1, 1, 1]), IA,
  ['starts', '[0, 0, 0, 0, 0]', 'rank 4']);
add('slice', 'a scalar with one start', () => ops.slice(f32([]), [0], [1]), IA, ['starts', '[0]', 'rank 0']);
add('slice', 'a scalar with axes [0]', () => ops.slice(f32([]), [0], [1], { axes: [0] }), IA, ['axes', 'value 0', 'rank 0']);
add('slice', 'int64 extremes do not hide a step of 0', () => ops.slice(x4, [I64_MIN], [I64_MAX], { steps: [0n] }), IA, ['steps value 0']);
add('slice', 'shapes.slice steps 0', () => ops.shapes.slice([2, 3], [0], [1], { steps: [0] }), IA, ['steps value 0']);
add('slice', 'shapes.slice axes repeated', () => ops.shapes.slice([2, 3], [0, 0], [1, 1], { axes: [0, -2] }), IA, ['axes', 'repeats axis 0']);
add('slice', 'shapes.slice x.shape negative', () => ops.shapes.slice([2, -3], [0], [1]), IA, ['-3']);
add('slice', 'shapes.slice dtype unknown', () => ops.shapes.slice([2, 3], [0], [1], { dtype: 'f32' }), IA, ["'f32'"]);
add('slice', 'out too short', () => ops.slice(x4, [1], [3], { axes: [1], out: new Float32Array(15) }), IA, ['out', '15', '16']);
add('slice', 'out too long', () => ops.slice(x4, [1], [3], { axes: [1], out: new Float32Array(17) }), IA, ['out', '17', '16']);
add('slice', 'out for an empty result too long', () => ops.slice(x4, [2], [1], { axes: [1], out: new Float32Array(1) }), IA, ['out', '1', '0']);
// reverse
add('reverse', 'axes value 4 for rank 4', () => ops.reverse(x4, [0, 4]), IA, ['axes', 'value 4', 'rank 4']);
add('reverse', 'axes value -5 for rank 4', () => ops.reverse(x4, -5), IA, ['axes', 'value -5']);
add('reverse', 'axes value 2^32', () => ops.reverse(x4, [2 ** 32]), IA, ['axes', '4294967296']);
add('reverse', 'axes value -2^53', () => ops.reverse(x4, [-(2 ** 53)]), IA, ['axes', '-9007199254740992']);
add('reverse', 'axes value int64 max', () => ops.reverse(x4, [I64_MAX]), IA, ['axes', '9223372036854775807']);
add('reverse', 'axes value int64 min', () => ops.reverse(x4, new BigInt64Array([I64_MIN])), IA, ['axes', '-9223372036854775808']);
add('reverse', 'axes repeated', () => ops.reverse(x4, [2, 2]), IA, ['axes', '[2, 2]', 'repeats axis 2 at index 1']);
add('reverse', 'axes repeated through a negative entry', () => ops.reverse(x4, [0, 1, -4]), IA, ['axes', '[0, 1, -4]', 'repeats axis 0 at index 2']);
add('reverse', 'axes repeated as an Int32Array', () => ops.reverse(x4, new Int32Array([1, -3])), IA, ['axes', '[1, -3]', 'repeats axis 1']);
add('reverse', 'a scalar with axes [0]', () => ops.reverse(f32([]), [0]), IA, ['axes', 'value 0', 'rank 0']);
add('reverse', 'a scalar with axes -1', () => ops.reverse(f32([]), -1), IA, ['axes', 'value -1', 'rank 0']);
add('reverse', 'shapes.reverse axes repeated', () => ops.shapes.reverse([2, 3], [1, -1]), IA, ['axes', 'repeats axis 1']);
add('reverse', 'shapes.reverse axes out of range', () => ops.shapes.reverse([2, 3], [2]), IA, ['axes', 'value 2']);
add('reverse', 'shapes.reverse x.shape fractional', () => ops.shapes.reverse([2, 1.5]), IA, ['1.5']);
add('reverse', 'out too short', () => ops.reverse(x4, undefined, { out: new Float32Array(31) }), IA, ['out', '31', '32']);
add('reverse', 'out too long', () => ops.reverse(x4, [], { out: new Float32Array(33) }), IA, ['out', '33', '32']);

// tile: repeats >= 0; outputs beyond 2^53 per dim or beyond memory.
add('tile', 'repeats [-1]', () => ops.tile(x4, [-1]), IA, ['repeats', '[-1]', 'value -1 at index 0', '0 or more']);
add('tile', 'repeats with a negative entry', () => ops.tile(x4, [2, 1, -3, 1]), IA, ['repeats', '[2, 1, -3, 1]', 'index 2']);
add('tile', 'repeats -1 as a number', () => ops.tile(x4, -1), IA, ['repeats', '-1']);
add('tile', 'repeats -2^53', () => ops.tile(x4, [-(2 ** 53)]), IA, ['repeats', '-9007199254740992']);
add('tile', 'repeats int64 min', () => ops.tile(x4, [-(2n ** 63n)]), IA, ['repeats', '-9223372036854775808']);
add('tile', 'repeats longer than the rank, negative first', () => ops.tile(x4, [-1, 1, 1, 1, 1]), IA, ['repeats', 'index 0']);
add('tile', 'an output dim of 2^54', () => ops.tile(x4, [2 ** 53]), OOM, ['repeats', '[9007199254740992]', 'beyond 2^53', 'axis 3']);
add('tile', 'dim * repeat overflowing int64', () => ops.tile(x4, [2n ** 63n - 1n]), OOM, ['repeats', '9223372036854775807', 'axis 3']);
add('tile', 'a repeat of 2^60 on a promoted axis', () => ops.tile(x4, [2n ** 60n, 1, 1, 1, 1]), OOM, ['repeats', 'axis 0']);
add('tile', 'an output of 2^62 elements', () => ops.tile(x4, [2 ** 31, 2 ** 26, 1, 1]), OOM, ['output shape', '[2147483648, 268435456, 4, 2]']);
add('tile', 'an output beyond 4 GiB', () => ops.tile(x4, [2 ** 28]), OOM, ['output shape', '[1, 4, 4, 536870912]']);
add('tile', 'shapes: a negative repeat', () => ops.shapes.tile([2, 3], [1, -2]), IA, ['repeats', '[1, -2]']);
add('tile', 'shapes: an output dim beyond 2^53', () => ops.shapes.tile([2 ** 40], [2 ** 20]), OOM, ['repeats', 'beyond 2^53']);
add('tile', 'out too short', () => ops.tile(x4, [2], { out: new Float32Array(63) }), IA, ['out', '63', '64']);
add('tile', 'out too long', () => ops.tile(x4, [2], { out: new Float32Array(65) }), IA, ['out', '65', '64']);

// spaceToBatch / batchToSpace: one value per axis, blocks >= 1 and 1 on axis 0,
// pads and crops >= 0 and 0 on axis 0, divisibility, overflows.
const z4 = [0, 0, 0, 0];
for (const [op, begin, end, what] of [['spaceToBatch', 'padsBegin', 'padsEnd', 'pads'], ['batchToSpace', 'cropsBegin', 'cropsEnd', 'crops']]) {
  const call = (x, b, p, q, o) => ops[op](x, b, p, q, o);
  add(op, 'x of rank 1', () => call(f32([4]), [1], [0], [0]), IA, ['x.shape', '[4]', 'rank 1', 'rank 2 or more']);
  add(op, 'x a scalar', () => call(f32([]), [], [], []), IA, ['x.shape', '[]', 'rank 0']);
  add(op, 'blockShape shorter than the rank', () => call(x4, [1, 2], z4, z4), IA, ['blockShape', '[1, 2]', '2 values', 'rank 4']);
  add(op, 'blockShape longer than the rank', () => call(x4, [1, 1, 1, 1, 1], z4, z4), IA, ['blockShape', '[1, 1, 1, 1, 1]', '5 values']);
  add(op, 'blockShape a number', () => call(x4, 1, z4, z4), IA, ['blockShape', '[1]', '1 values']);
  add(op, `${begin} shorter than the rank`, () => call(x4, [1, 1, 1, 1], [0, 0, 0], z4), IA, [begin, '[0, 0, 0]', '3 values']);
  add(op, `${end} longer than the rank`, () => call(x4, [1, 1, 1, 1], z4, [0, 0, 0, 0, 0]), IA, [end, '[0, 0, 0, 0, 0]', '5 values']);
  add(op, `${end} empty`, () => call(x4, [1, 1, 1, 1], z4, []), IA, [end, '[]', '0 values']);
  add(op, 'blockShape with 0', () => call(x4, [1, 0, 1, 1], z4, z4), IA, ['blockShape', '[1, 0, 1, 1]', 'value 0 at index 1', '1 or more']);
  add(op, 'blockShape with -2', () => call(x4, [1, 1, -2, 1], z4, z4), IA, ['blockShape', 'value -2 at index 2']);
  add(op, 'blockShape int64 min', () => call(x4, [1, 1, -(2n ** 63n), 1], z4, z4), IA, ['blockShape', '-9223372036854775808']);
  add(op, 'blockShape 2 on the batch axis', () => call(x4, [2, 1, 1, 1], z4, z4), IA, ['blockShape', '[2, 1, 1, 1]', 'at index 0', 'block 1']);
  add(op, 'blockShape 0 on the batch axis', () => call(x4, [0, 1, 1, 1], z4, z4), IA, ['blockShape', 'value 0 at index 0']);
  add(op, `${begin} negative`, () => call(x4, [1, 1, 1, 1], [0, -1, 0, 0], z4), IA, [begin, '[0, -1, 0, 0]', 'value -1 at index 1', `${what} must be 0 or more`]);
  add(op, `${end} negative`, () => call(x4, [1, 1, 1, 1], z4, [0, 0, 0, -(2 ** 40)]), IA, [end, 'value -1099511627776 at index 3']);
  add(op, `${begin} on the batch axis`, () => call(x4, [1, 1, 1, 1], [1, 0, 0, 0], z4), IA, [begin, '[1, 0, 0, 0]', 'at index 0', `takes no ${what}`]);
  add(op, `${end} on the batch axis`, () => call(x4, [1, 1, 1, 1], z4, [3, 0, 0, 0]), IA, [end, '[3, 0, 0, 0]', 'at index 0']);
  add(op, 'blockShape product overflowing 64 bits', () => call(x4, [1, 2 ** 32, 2 ** 32, 1], z4, z4), IA, ['blockShape', '64 bits']);
  add(op, 'shapes: blockShape of the wrong length', () => ops.shapes[op]([1, 4, 4, 2], [1, 2, 2], z4, z4), IA, ['blockShape', '[1, 2, 2]']);
  add(op, 'out too short', () => call(x4, [1, 1, 1, 1], z4, z4, { out: new Float32Array(31) }), IA, ['out', '31', '32']);
}
add('spaceToBatch', 'out too short for the blocks', () => ops.spaceToBatch(x4, [1, 2, 2, 1], z4, z4, { out: new Float32Array(31) }), IA, ['out', '31', '32']);
add('batchToSpace', 'out too short for the blocks', () => ops.batchToSpace(f32([4, 1, 1, 2]), [1, 2, 2, 1], z4, z4, { out: new Float32Array(7) }), IA, ['out', '7', '8']);
add('spaceToBatch', 'padded dim not divisible', () => ops.spaceToBatch(x4, [1, 3, 1, 1], z4, z4), SM, ['padded dim 4 at axis 1', 'blockShape value 3']);
add('spaceToBatch', 'padded dim not divisible after pads', () => ops.spaceToBatch(x4, [1, 2, 2, 1], [0, 1, 0, 0], z4), SM, ['padded dim 5 at axis 1', 'padsBegin 1']);
add('spaceToBatch', 'blockShape 2^40 not dividing', () => ops.spaceToBatch(x4, [1, 2 ** 40, 1, 1], z4, z4), SM, ['blockShape value 1099511627776']);
add('spaceToBatch', 'padded dim overflowing 64 bits', () => ops.spaceToBatch(x4, [1, 1, 1, 1], [0, 2n ** 63n - 1n, 0, 0], [0, 1, 0, 0]), OOM,
  ['padded dim at axis 1', '64 bits']);
add('spaceToBatch', 'an output dim beyond 2^53', () => ops.spaceToBatch(x4, [1, 1, 1, 1], [0, 2 ** 53, 0, 0], z4), OOM, ['output dim at axis 1', '2^53']);
add('spaceToBatch', 'an output batch beyond 2^53', () => ops.shapes.spaceToBatch([2 ** 40, 2 ** 20], [1, 2 ** 20], [0, 0], [0, 0]), OOM,
  ['output batch', '2^53']);
add('spaceToBatch', 'an output beyond memory', () => ops.spaceToBatch(x4, [1, 1, 1, 1], [0, 2 ** 30, 2 ** 30, 0], z4), OOM,
  ['output shape', '[1, 1073741828, 1073741828, 2]']);
add('spaceToBatch', 'shapes: more pieces than planned', () => ops.shapes.spaceToBatch([1, 4, 4, 4, 4, 4, 4, 4, 4, 4],
  [1, 3, 3, 3, 3, 3, 3, 3, 3, 3], [0, 1, 1, 1, 1, 1, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1, 1, 1, 1, 1]), OOM, ['x.shape', 'needs more than 16384']);
add('batchToSpace', 'batch not divisible', () => ops.batchToSpace(f32([3, 1, 2, 1]), [1, 1, 2, 1], z4, z4), SM,
  ['x.shape [3, 1, 2, 1]', 'batch 3', 'block volume 2']);
add('batchToSpace', 'batch smaller than the block volume', () => ops.batchToSpace(x4, [1, 2, 2, 1], z4, z4), SM, ['batch 1', 'block volume 4']);
add('batchToSpace', 'crops beyond the dim', () => ops.batchToSpace(f32([2, 1, 2, 1]), [1, 1, 2, 1], [0, 0, 3, 0], [0, 0, 2, 0]), SM,
  ['cropsBegin 3 and cropsEnd 2 at axis 2', 'its 4 elements']);
add('batchToSpace', 'cropsBegin alone beyond the dim', () => ops.batchToSpace(x4, [1, 1, 1, 1], [0, 5, 0, 0], z4), SM, ['cropsBegin 5', 'axis 1']);
add('batchToSpace', 'huge crops', () => ops.batchToSpace(x4, [1, 1, 1, 1], [0, 2n ** 63n - 1n, 0, 0], [0, 2n ** 63n - 1n, 0, 0]), SM,
  ['cropsBegin 9223372036854775807']);
add('batchToSpace', 'x dim * block overflowing 64 bits', () => ops.shapes.batchToSpace([0, 3, 3], [1, 2n ** 62n, 1], [0, 0, 0], [0, 0, 0]), OOM,
  ['x dim 3 at axis 1', 'blockShape value 4611686018427387904', '64 bits']);
add('batchToSpace', 'an output dim beyond 2^53', () => ops.batchToSpace(f32([0, 3, 3]), [1, 2 ** 52, 1], [0, 0, 0], [0, 0, 0]), OOM,
  ['output dim at axis 1', '2^53']);
add('batchToSpace', 'an output beyond memory', () => ops.shapes.batchToSpace([2 ** 20, 2 ** 20, 2 ** 20], [1, 2 ** 10, 2 ** 10], [0, 0, 0], [0, 0, 0]), OOM,
  ['output shape']);

// blockSize: one integer.
const BAD_BLOCK = [
  ['a string', '2', ["'2'"]],
  ['null', null, ['null']],
  ['undefined', undefined, ['undefined']],
  ['an array', [2], ['[2]']],
  ['an object', {}, ['an object']],
  ['a boolean', true, ['true']],
  ['NaN', NaN, ['NaN']],
  ['Infinity', Infinity, ['Infinity']],
  ['a fraction', 1.5, ['1.5']],
  ['0', 0, ['0', 'at least 1']],
  ['-1', -1, ['-1', 'at least 1']],
  ['-2^31', -(2 ** 31), ['-2147483648']],
  ['2^53 + 2 as a number', 2 ** 53 + 2, ['9007199254740994', '2^53']],
  ['2^64 as a bigint', 2n ** 64n, ['18446744073709551616n']],
];
for (const op of ['spaceToDepth', 'depthToSpace']) {
  for (const [title, value, parts] of BAD_BLOCK) {
    add(op, `blockSize ${title}`, () => ops[op](x4, value), IA, ['blockSize', ...parts]);
  }
  add(op, 'shapes: blockSize 0', () => ops.shapes[op]([1, 4, 4, 4], 0), IA, ['blockSize', '0']);
}
add('spaceToDepth', 'blockSize 2^31 (spatial dims not divisible)', () => ops.spaceToDepth(x4, 2 ** 31), SM, ['blockSize', '2147483648']);
add('spaceToDepth', 'blockSize 2^32 (spatial dims not divisible)', () => ops.spaceToDepth(x4, 2 ** 32), SM, ['blockSize', '4294967296']);
add('spaceToDepth', 'blockSize^3 overflowing 64 bits', () => ops.shapes.spaceToDepth([1, 1, 0, 0, 0], 2 ** 22, { dataFormat: 'NCHW' }), IA,
  ['blockSize', '4194304', '64 bits']);
add('spaceToDepth', 'output depth beyond 2^53', () => ops.shapes.spaceToDepth([1, 2 ** 40, 2 ** 10, 2 ** 10], 2 ** 10, { dataFormat: 'NCHW' }),
  OOM, ['[1, 1099511627776, 1024, 1024]', 'blockSize']);
add('depthToSpace', 'blockSize 2^31 (depth not divisible)', () => ops.depthToSpace(x4, 2 ** 31), SM, ['blockSize', '2147483648']);
add('depthToSpace', 'blockSize 2^32 (blockSize^2 overflowing 64 bits)', () => ops.depthToSpace(x4, 2 ** 32), IA,
  ['blockSize', '4294967296', '64 bits']);
add('depthToSpace', 'output beyond 4 GiB', () => ops.shapes.depthToSpace([1, 2 ** 40, 2 ** 10, 2 ** 10], 2 ** 20, { dataFormat: 'NCHW' }),
  OOM, ['[1, 1, 1073741824, 1073741824]']);
add('spaceToDepth', 'NHWC of rank 3', () => ops.spaceToDepth(f32([4, 4, 2]), 2), IA, ['x.shape', '[4, 4, 2]', 'NHWC']);
add('spaceToDepth', 'NCHW_VECT_C last dim 2', () => ops.spaceToDepth(f32([1, 1, 4, 4, 2]), 2, { dataFormat: 'NCHW_VECT_C' }), IA,
  ['x.shape', '[1, 1, 4, 4, 2]']);
add('depthToSpace', 'NCHW of rank 2', () => ops.depthToSpace(f32([4, 4]), 1, { dataFormat: 'NCHW' }), IA, ['x.shape', '[4, 4]', 'NCHW']);
add('depthToSpace', 'NCHW_VECT_C output not whole quads', () => ops.depthToSpace(f32([1, 1, 1, 1, 4]), 2, { dataFormat: 'NCHW_VECT_C' }),
  SM, ['x.shape', '[1, 1, 1, 1, 4]']);

// pad: the pads' lengths, the modes' conditions, crops, sizes, and the value
// (representable in x's dtype, given in constant mode only).
const u8 = (shape) => ({ data: new Uint8Array(shape.reduce((p, d) => p * d, 1)), shape });
const typed = (T, dtype, shape = [2, 2]) => ({ data: new T(4), shape, dtype });
add('pad', 'padsBegin shorter than the rank', () => ops.pad(x4, [1, 1], [0, 0, 0, 0]), IA, ['padsBegin', '[1, 1]', 'rank 4']);
add('pad', 'padsEnd longer than the rank', () => ops.pad(x4, [0, 0, 0, 0], [0, 0, 0, 0, 0]), IA, ['padsEnd', '[0, 0, 0, 0, 0]', 'rank 4']);
add('pad', 'padsBegin [] for rank 4', () => ops.pad(x4, [], [0, 0, 0, 0]), IA, ['padsBegin', '[]', 'rank 4']);
add('pad', 'one scalar pad for rank 4', () => ops.pad(x4, 1, 1), IA, ['padsBegin', '[1]', 'rank 4']);
add('pad', 'reflect by the dim', () => ops.pad(x4, [0, 4, 0, 0], [0, 0, 0, 0], { mode: 'reflect' }), SM,
  ['padsBegin', 'value 4 at index 1', 'at most 3']);
add('pad', 'reflect a dim of 1', () => ops.pad(x4, [1, 0, 0, 0], [0, 0, 0, 0], { mode: 'reflect' }), SM,
  ['padsBegin', 'value 1 at index 0', 'at most 0']);
add('pad', 'symmetric beyond the dim', () => ops.pad(x4, [0, 0, 0, 0], [0, 0, 0, 3], { mode: 'symmetric' }), SM,
  ['padsEnd', 'value 3 at index 3', 'at most 2']);
add('pad', 'edge of an empty axis', () => ops.pad(f32([2, 0]), [0, 1], [0, 0], { mode: 'edge' }), SM, ['padsBegin', "'edge'", 'size 0']);
add('pad', 'wrap of an empty axis', () => ops.pad(f32([0, 2]), [0, 0], [3, 0], { mode: 'wrap' }), SM, ['padsEnd', "'wrap'", 'size 0']);
add('pad', 'reflect of an empty axis', () => ops.pad(f32([0, 2]), [1, 0], [0, 0], { mode: 'reflect' }), SM, ['padsBegin', 'size 0']);
add('pad', 'a crop below 0', () => ops.pad(x4, [0, -3, 0, 0], [0, -2, 0, 0]), SM, ['padsBegin', '-3', 'padsEnd', '-2', 'below 0']);
add('pad', 'a crop below 0 past a border', () => ops.pad(x4, [0, 0, 0, 2], [0, 0, 0, -5]), SM, ['padsEnd', '-5']);
add('pad', 'padsBegin 2^53', () => ops.pad(x4, [0, 0, 0, 2 ** 53], [0, 0, 0, 0]), IA, ['padsBegin', '9007199254740992', '2^53']);
add('pad', 'padsEnd int64 max', () => ops.pad(x4, [0, 0, 0, 1], [0, 0, 0, 2n ** 63n - 1n]), IA, ['padsEnd', '9223372036854775807']);
add('pad', 'padsBegin int64 min', () => ops.pad(x4, [-(2n ** 63n), 0, 0, 0], [-1, 0, 0, 0]), SM, ['padsBegin', '-9223372036854775808']);
add('pad', 'an output of 2^44 bytes', () => ops.pad(x4, [0, 0, 0, 2 ** 40], [0, 0, 0, 0]), OOM, ['output shape', '1099511627778']);
add('pad', 'an output volume beyond 64 bits', () => ops.pad(x4, [0, 2 ** 40, 0, 2 ** 40], [0, 0, 0, 0]), IA, ['output shape', '64 bits']);
add('pad', 'more than 3^8 copies', () => ops.pad(f32(new Array(9).fill(2)), new Array(9).fill(3), new Array(9).fill(-1), { mode: 'wrap' }),
  IA, ['padsBegin', '6561']);
add('pad', 'value with mode edge', () => ops.pad(x4, [0, 0, 0, 1], [0, 0, 0, 1], { mode: 'edge', value: 1 }), IA, ['value', "'edge'", "'constant'"]);
add('pad', 'value 0 with mode reflect', () => ops.pad(x4, [0, 0, 0, 1], [0, 0, 0, 1], { mode: 'reflect', value: 0 }), IA, ['value', "'reflect'"]);
add('pad', 'value 0 with mode wrap, nothing padded', () => ops.pad(x4, [0, 0, 0, 0], [0, 0, 0, 0], { mode: 'wrap', value: 0 }), IA, ['value', "'wrap'"]);
add('pad', 'value false with mode symmetric on bool', () => ops.pad({ ...u8([2, 2]), dtype: 'bool' }, [1, 1], [1, 1], { mode: 'symmetric', value: false }),
  IA, ['value', "'symmetric'"]);
const BAD_VALUES = [
  ['300 on uint8', u8([2, 2]), 300, ['value 300', 'uint8', '0 to 255']],
  ['-1 on uint8', u8([2, 2]), -1, ['value -1', 'uint8']],
  ['256 on uint8, nothing padded', u8([2, 2]), 256, ['value 256', 'uint8']],
  ['-129 on int8', typed(Int8Array, 'int8'), -129, ['value -129', 'int8', '-128 to 127']],
  ['1.5 on int32', typed(Int32Array, 'int32'), 1.5, ['value 1.5', 'int32']],
  ['2^31 on int32', typed(Int32Array, 'int32'), 2 ** 31, ['value 2147483648', 'int32']],
  ['NaN on int16', typed(Int16Array, 'int16'), NaN, ['value NaN', 'int16']],
  ['Infinity on uint32', typed(Uint32Array, 'uint32'), Infinity, ['value Infinity', 'uint32']],
  ['-Infinity on int64', typed(BigInt64Array, 'int64'), -Infinity, ['value -Infinity', 'int64']],
  ['65536 on uint16', typed(Uint16Array, 'uint16'), 65536, ['value 65536', 'uint16']],
  ['2^63 as a bigint on int64', typed(BigInt64Array, 'int64'), 2n ** 63n, ['value 9223372036854775808n', 'int64']],
  ['-1n on uint64', typed(BigUint64Array, 'uint64'), -1n, ['value -1n', 'uint64']],
  ['2^64 as a number on uint64', typed(BigUint64Array, 'uint64'), 2 ** 64, ['value 18446744073709552000', 'uint64']],
  ['0.5 on int64', typed(BigInt64Array, 'int64'), 0.5, ['value 0.5', 'int64']],
  ['a bigint on float32', x4, 1n, ['value 1n', 'bigint', 'float32']],
  ['a bigint on int32', typed(Int32Array, 'int32'), 1n, ['value 1n', 'bigint', 'int32']],
  ['a bigint on bool', { ...u8([2, 2]), dtype: 'bool' }, 1n, ['value 1n', 'bool']],
  ['true on float32', x4, true, ['value true', 'boolean', 'float32']],
  ['false on uint8', u8([2, 2]), false, ['value false', 'boolean', 'uint8']],
  ['2 on bool', { ...u8([2, 2]), dtype: 'bool' }, 2, ['value 2', 'bool']],
  ['0.5 on bool', { ...u8([2, 2]), dtype: 'bool' }, 0.5, ['value 0.5', 'bool']],
  ['-1 on bool', { ...u8([2, 2]), dtype: 'bool' }, -1, ['value -1', 'bool']],
  ['a string', x4, '1', ['value', "'1'"]],
  ['null', x4, null, ['value', 'null']],
  ['an array', x4, [1], ['value', '[1]']],
  ['an object', x4, { value: 1 }, ['value', 'an object']],
  ['a symbol', x4, Symbol('v'), ['value', 'Symbol(v)']],
  ['a Number object', x4, new Number(1), ['value', 'a Number']],
];
for (const [title, x, value, parts] of BAD_VALUES) {
  const pads = x.shape.map(() => 1);
  add('pad', `value ${title}`, () => ops.pad(x, pads, title.includes('nothing padded') ? pads.map(() => 0) : pads, { value }), IA, parts);
}
add('pad', 'shapes.pad value 300 for uint8', () => ops.shapes.pad([2, 3], [1, 1], [1, 1], { value: 300, dtype: 'uint8' }), IA,
  ['value 300', 'uint8']);
add('pad', 'shapes.pad value 1n for float16', () => ops.shapes.pad([2, 3], [1, 1], [1, 1], { value: 1n, dtype: 'float16' }), IA,
  ['value 1n', 'float16']);
add('pad', 'shapes.pad value a string', () => ops.shapes.pad([2, 3], [1, 1], [1, 1], { value: 'x' }), IA, ['value', "'x'"]);
add('pad', 'shapes.pad value with mode edge', () => ops.shapes.pad([2, 3], [1, 1], [1, 1], { value: 1, mode: 'edge' }), IA, ['value', "'edge'"]);
add('pad', 'shapes.pad reflect beyond the dim', () => ops.shapes.pad([2, 3], [2, 0], [0, 0], { mode: 'reflect' }), SM, ['padsBegin', 'value 2']);

// ---------------------------------------------------------------------------
// Options: unknown names, misspelled modes, values of the wrong type, `out`.
const OPTION_CASES = {
  reshape: {
    call: (o) => ops.reshape(x4, [-1], o),
    unknown: ['specialzero', 'special_zero', 'mode', 'Out'],
    values: [
      ['specialZero a string', { specialZero: 'true' }, ['specialZero', "'true'"]],
      ['specialZero 1', { specialZero: 1 }, ['specialZero', '1']],
      ['specialZero null', { specialZero: null }, ['specialZero', 'null']],
    ],
  },
  broadcast: {
    call: (o) => ops.broadcast(x4, [2, 1, 4, 4, 2], o),
    unknown: ['Mode', 'axes_mapping', 'axes', 'specialZero'],
    values: [
      ['mode misspelled', { mode: 'nmupy' }, ['mode', "'nmupy'"]],
      ['mode in capitals', { mode: 'NUMPY' }, ['mode', "'NUMPY'"]],
      ['mode with a space', { mode: 'numpy ' }, ['mode', "'numpy '"]],
      ['mode explict', { mode: 'explict' }, ['mode', "'explict'"]],
      ['mode ONNX\'s name', { mode: 'unidirectional' }, ['mode', "'unidirectional'"]],
      ['mode empty', { mode: '' }, ['mode', "''"]],
      ['mode a number', { mode: 0 }, ['mode', '0']],
      ['mode null', { mode: null }, ['mode', 'null']],
      ['mode an object', { mode: {} }, ['mode', 'an object']],
      ['mode a String object', { mode: new String('numpy') }, ['mode', 'a String']],
      ['axesMapping without explicit', { axesMapping: [1, 2, 3, 4] }, ['axesMapping', '[1, 2, 3, 4]', 'explicit']],
      ['explicit without axesMapping', { mode: 'explicit' }, ['axesMapping', 'explicit']],
    ],
  },
  spaceToDepth: {
    call: (o) => ops.spaceToDepth(x4, 2, o),
    unknown: ['data_format', 'dataformat', 'blockSize', 'format'],
    values: [
      ['dataFormat lower case', { dataFormat: 'nhwc' }, ['dataFormat', "'nhwc'"]],
      ['dataFormat misspelled', { dataFormat: 'NHCW' }, ['dataFormat', "'NHCW'"]],
      ['dataFormat NCHW_VECT', { dataFormat: 'NCHW_VECT' }, ['dataFormat', "'NCHW_VECT'"]],
      ['dataFormat a number', { dataFormat: 1 }, ['dataFormat', '1']],
      ['dataFormat null', { dataFormat: null }, ['dataFormat', 'null']],
      ['mode blocks-first', { mode: 'blocks-first' }, ['mode', "'blocks-first'"]],
      ['mode DCR (ONNX\'s name)', { mode: 'DCR' }, ['mode', "'DCR'"]],
      ['mode a boolean', { mode: true }, ['mode', 'true']],
    ],
  },
  depthToSpace: {
    call: (o) => ops.depthToSpace(x4, 1, o),
    unknown: ['data_format', 'Mode', 'block_size', 'axis'],
    values: [
      ['dataFormat NHWC with a space', { dataFormat: ' NHWC' }, ['dataFormat', "' NHWC'"]],
      ['dataFormat CHWN', { dataFormat: 'CHWN' }, ['dataFormat', "'CHWN'"]],
      ['dataFormat an array', { dataFormat: ['NHWC'] }, ['dataFormat', "['NHWC']"]],
      ['mode CRD (ONNX\'s name)', { mode: 'CRD' }, ['mode', "'CRD'"]],
      ['mode depthfirst', { mode: 'depthfirst' }, ['mode', "'depthfirst'"]],
      ['mode a number', { mode: 1 }, ['mode', '1']],
    ],
  },
  roll: {
    call: (o) => ops.roll(x4, 1, 0, o),
    unknown: ['axis', 'shift', 'dims', 'output'],
    values: [],
  },
  transpose: {
    call: (o) => ops.transpose(x4, undefined, o),
    unknown: ['perm', 'axes', 'order', 'permutation'],
    values: [],
  },
  slice: {
    call: (o) => ops.slice(x4, [0], [1], o),
    unknown: ['axis', 'step', 'strides', 'sizes', 'starts', 'ends', 'Axes'],
    values: [],
  },
  reverse: {
    call: (o) => ops.reverse(x4, undefined, o),
    unknown: ['axes', 'axis', 'dims', 'mask'],
    values: [],
  },
  pad: {
    call: (o) => ops.pad(x4, [0, 1, 0, 0], [0, 0, 1, 0], o),
    unknown: ['constantValue', 'padValue', 'pads', 'fill'],
    values: [
      ['mode reflection (WebNN\'s name)', { mode: 'reflection' }, ['mode', "'reflection'"]],
      ['mode circular (PyTorch\'s name)', { mode: 'circular' }, ['mode', "'circular'"]],
      ['mode replicate', { mode: 'replicate' }, ['mode', "'replicate'"]],
      ['mode in capitals', { mode: 'REFLECT' }, ['mode', "'REFLECT'"]],
      ['mode a number', { mode: 2 }, ['mode', '2']],
      ['mode null', { mode: null }, ['mode', 'null']],
    ],
  },
  concat: {
    call: (o) => ops.concat([x4, x4], 0, o),
    unknown: ['axis', 'axes', 'dim', 'tensors'],
    values: [],
  },
  split: {
    call: (o) => ops.split(x4, 2, o),
    unknown: ['axes', 'Axis', 'num', 'splits'],
    values: [
      ['axis a string', { axis: '1' }, ['axis', "'1'"]],
      ['axis a fraction', { axis: 0.5 }, ['axis', '0.5']],
      ['axis NaN', { axis: NaN }, ['axis', 'NaN']],
      ['axis an array', { axis: [1] }, ['axis', '[1]']],
      ['axis null', { axis: null }, ['axis', 'null']],
      ['axis 2^53 + 2', { axis: 2 ** 53 + 2 }, ['axis', '9007199254740994']],
    ],
  },
  tile: {
    call: (o) => ops.tile(x4, [1, 1], o),
    unknown: ['repeats', 'reps', 'multiples', 'axis'],
    values: [],
  },
  spaceToBatch: {
    call: (o) => ops.spaceToBatch(x4, [1, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0], o),
    unknown: ['paddings', 'blockSize', 'block_shape', 'padsBegin'],
    values: [],
  },
  batchToSpace: {
    call: (o) => ops.batchToSpace(x4, [1, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0], o),
    unknown: ['crops', 'blockSize', 'block_shape', 'cropsEnd'],
    values: [],
  },
};
for (const [op, { call, unknown, values }] of Object.entries(OPTION_CASES)) {
  for (const name of unknown) add(op, `unknown option '${name}'`, () => call({ [name]: 1 }), IA, [`'${name}'`]);
  for (const [title, o, parts] of values) add(op, title, () => call(o), IA, parts);
  for (const [title, o] of [['a string', 'NHWC'], ['a number', 5], ['an array', []], ['true', true]]) {
    add(op, `options ${title}`, () => call(o), IA, ['options']);
  }
  add(op, 'out of another class', () => call({ out: new Int32Array(64) }), IA, ['out', 'Float32Array', 'Int32Array']);
  add(op, 'out a plain array', () => call({ out: new Array(32).fill(0) }), IA, ['out']);
  add(op, 'out null', () => call({ out: null }), IA, ['out', 'null']);
}
add('broadcast', 'out too short', () => ops.broadcast(x4, [2, 1, 4, 4, 2], { out: new Float32Array(63) }), IA, ['out', '63', '64']);
add('spaceToDepth', 'out too long', () => ops.spaceToDepth(x4, 2, { out: new Float32Array(33) }), IA, ['out', '33', '32']);
add('depthToSpace', 'out detached', () => ops.depthToSpace(x4, 1, { out: detached(32) }), IA, ['out']);
add('roll', 'out too short', () => ops.roll(x4, 1, 0, { out: new Float32Array(31) }), IA, ['out', '31', '32']);
add('pad', 'out too short', () => ops.pad(x4, [0, 1, 0, 0], [0, 0, 0, 0], { out: new Float32Array(32) }), IA, ['out', '32', '40']);
add('reshape', 'out of another length', () => ops.reshape(x4, [-1], { out: new Float32Array(31) }), IA, ['out', '31', '32']);

// concat: the list, the other tensors, axis, out.
const y4 = f32([1, 4, 1, 2]);
const BAD_LIST_OF_TENSORS = [
  ['tensors a tensor, not a list', x4, ['tensors', 'array']],
  ['tensors null', null, ['tensors', 'null']],
  ['tensors undefined', undefined, ['tensors', 'undefined']],
  ['tensors a string', 'x4', ['tensors', "'x4'"]],
  ['tensors a Float32Array', new Float32Array(4), ['tensors', 'Float32Array']],
  ['tensors an object with length', { length: 1, 0: x4 }, ['tensors', 'an object']],
];
for (const [title, v, parts] of BAD_LIST_OF_TENSORS) add('concat', title, () => ops.concat(v, 0), IA, parts);
add('concat', 'an empty list', () => ops.concat([], 0), IA, ['tensors', 'empty list']);
add('concat', 'shapes: an empty list', () => ops.shapes.concat([], 0), IA, ['tensors', 'empty list']);
add('concat', 'tensors[1] null', () => ops.concat([x4, null], 0), IA, ['tensors[1]', 'null']);
add('concat', 'tensors[2] a plain array', () => ops.concat([x4, x4, [1, 2]], 0), IA, ['tensors[2]', '[1, 2]']);
add('concat', 'tensors[1].data too short', () => ops.concat([x4, f32([1, 4, 4, 2], 31)], 0), IA, ['tensors[1].data', '31', '32']);
add('concat', 'tensors[1].shape with NaN', () => ops.concat([x4, f32([1, NaN, 4, 2], 32)], 0), IA, ['tensors[1].shape', 'NaN']);
add('concat', 'tensors[1].shape of volume 2^64', () => ops.concat([x4, f32([2 ** 32, 2 ** 32, 1, 1], 4)], 0), IA,
  ['tensors[1].shape', '64 bits']);
add('concat', 'tensors[1].data detached', () => ops.concat([x4, { data: detached(32), shape: [1, 4, 4, 2] }], 0), IA,
  ['tensors[1].data', 'detached']);
add('concat', 'tensors of two dtypes', () => ops.concat([x4, { data: new Int32Array(32), shape: [1, 4, 4, 2] }], 0), IA,
  ['tensors[1].dtype', "'int32'", "'float32'"]);
add('concat', 'float16 beside uint16 (one class, two dtypes)', () => ops.concat([
  { data: new Uint16Array(2), shape: [2], dtype: 'float16' }, { data: new Uint16Array(2), shape: [2] }], 0), IA,
['tensors[1].dtype', "'uint16'", "'float16'"]);
add('concat', 'a scalar', () => ops.concat([f32([])], 0), IA, ['tensors[0].shape', 'scalar']);
add('concat', 'a scalar second', () => ops.concat([f32([1]), f32([])], 0), IA, ['tensors[1].shape', 'scalar']);
add('concat', 'ranks differ', () => ops.concat([x4, f32([4, 4, 2])], 0), SM, ['tensors[1].shape', '[4, 4, 2]', 'rank 3']);
add('concat', 'a dim off the axis differs', () => ops.concat([x4, y4], 1), SM, ['tensors[1].shape', '[1, 4, 1, 2]', 'index 2']);
add('concat', 'the third differs', () => ops.concat([x4, x4, f32([1, 4, 4, 3])], 0), SM, ['tensors[2].shape', '[1, 4, 4, 3]']);
add('concat', 'shapes: dims differ', () => ops.shapes.concat([[2, 3], [2, 4]], 0), SM, ['tensors[1].shape', '[2, 4]']);
add('concat', 'shapes: not a list of shapes', () => ops.shapes.concat([2, 3], 0), IA, ['tensors[0].shape', '2']);
add('concat', 'axis 4 for rank 4', () => ops.concat([x4, x4], 4), IA, ['axis', '4', '[-4, 4)']);
add('concat', 'axis -5 for rank 4', () => ops.concat([x4, x4], -5), IA, ['axis', '-5']);
add('concat', 'axis 2^32', () => ops.concat([x4, x4], 2 ** 32), IA, ['axis', '4294967296']);
add('concat', 'axis int64 min', () => ops.concat([x4, x4], -(2n ** 63n)), IA, ['axis', '-9223372036854775808']);
add('concat', 'axis left out', () => ops.concat([x4, x4]), IA, ['axis', 'undefined']);
add('concat', 'axis a list', () => ops.concat([x4, x4], [0]), IA, ['axis', '[0]']);
add('concat', 'axis a string', () => ops.concat([x4, x4], '0'), IA, ['axis', "'0'"]);
add('concat', 'axis a fraction', () => ops.concat([x4, x4], 0.5), IA, ['axis', '0.5']);
add('concat', 'joined dim beyond 2^53', () => ops.shapes.concat([[2 ** 53, 1], [1, 1]], 0), OOM, ['2^53']);
add('concat', 'output needing 16 GiB', () => ops.shapes.concat([[2 ** 31, 2], [2 ** 31, 2]], 0, { dtype: 'float32' }), OOM,
  ['[4294967296, 2]']);
add('concat', 'out too short', () => ops.concat([x4, x4], 0, { out: new Float32Array(63) }), IA, ['out', '63', '64']);
add('concat', 'out too long', () => ops.concat([x4, y4], 2, { out: new Float32Array(41) }), IA, ['out', '41', '40']);
add('concat', 'out an array of arrays', () => ops.concat([x4, x4], 0, { out: [new Float32Array(64)] }), IA, ['out', 'Float32Array']);

// split: splits, axis, out.
add('split', 'splits left out', () => ops.split(x4), IA, ['splits', 'undefined']);
add('split', 'splits 0', () => ops.split(x4, 0), IA, ['splits', '0', 'at least 1']);
add('split', 'splits -1 (a number)', () => ops.split(x4, -1), IA, ['splits', '-1']);
add('split', 'splits 3 not dividing 1', () => ops.split(x4, 3), SM, ['splits', '3', 'x.shape', '[1, 4, 4, 2]']);
add('split', 'splits 2^32 parts', () => ops.split(f32([0]), 2 ** 32), IA, ['splits', '4294967296', '65536']);
add('split', 'splits int64 max parts', () => ops.split(x4, 2n ** 63n - 1n), IA, ['splits', '9223372036854775807']);
add('split', 'splits [] (no parts)', () => ops.split(x4, []), IA, ['splits', '[]']);
add('split', 'splits [2] for dim 1 (a list is lengths)', () => ops.split(x4, [2]), SM, ['splits', '[2]', 'dim 1']);
add('split', 'splits not adding up', () => ops.split(x4, [1, 2], { axis: 1 }), SM, ['splits', '[1, 2]', '3', 'dim 4']);
add('split', 'splits adding up to more', () => ops.split(x4, [3, 2], { axis: 1 }), SM, ['splits', '[3, 2]', 'more than']);
add('split', 'splits with -1 and more than the dim', () => ops.split(x4, [-1, 5], { axis: 1 }), SM, ['splits', '[-1, 5]']);
add('split', 'splits with two -1', () => ops.split(x4, [-1, -1], { axis: 1 }), IA, ['splits', '[-1, -1]', 'more than one -1']);
add('split', 'splits with -2', () => ops.split(x4, [2, -2, 4], { axis: 1 }), IA, ['splits', '-2', 'index 1']);
add('split', 'splits with 2^53 lengths', () => ops.split(x4, [2 ** 53, 2 ** 53], { axis: 1 }), SM, ['splits', '9007199254740992']);
add('split', 'splits with int64 max lengths', () => ops.split(x4, [2n ** 63n - 1n, 2n ** 63n - 1n], { axis: 1 }), SM, ['splits']);
add('split', 'axis 4 for rank 4', () => ops.split(x4, 1, { axis: 4 }), IA, ['axis', '4', '[-4, 4)']);
add('split', 'axis -5 for rank 4', () => ops.split(x4, 1, { axis: -5 }), IA, ['axis', '-5']);
add('split', 'axis 2^32', () => ops.split(x4, 1, { axis: 2 ** 32 }), IA, ['axis', '4294967296']);
add('split', 'a scalar', () => ops.split(f32([]), 1), IA, ['x.shape', '[]', 'scalar']);
add('split', 'shapes: a scalar', () => ops.shapes.split([], 1), IA, ['x.shape', 'scalar']);
add('split', 'shapes: not dividing', () => ops.shapes.split([5, 2], 2), SM, ['splits', '2', '[5, 2]']);
add('split', 'out with too few arrays', () => ops.split(x4, 2, { axis: 1, out: [new Float32Array(16)] }), IA, ['out', '1 arrays', '2 outputs']);
add('split', 'out with too many arrays', () => ops.split(x4, [4], { axis: 1, out: [new Float32Array(32), new Float32Array(0)] }), IA,
  ['out', '2 arrays', '1 outputs']);
add('split', 'out[1] too short', () => ops.split(x4, 2, { axis: 1, out: [new Float32Array(16), new Float32Array(15)] }), IA,
  ['out[1]', '15', '16']);
add('split', 'out[0] of another class', () => ops.split(x4, 2, { axis: 1, out: [new Int32Array(16), new Float32Array(16)] }), IA,
  ['out[0]', 'Float32Array', 'Int32Array']);
add('split', 'out[1] null', () => ops.split(x4, 2, { axis: 1, out: [new Float32Array(16), null] }), IA, ['out[1]', 'null']);
add('split', 'out a typed array', () => ops.split(x4, 1, { out: new Float32Array(32) }), IA, ['out', 'array']);

// ---------------------------------------------------------------------------
// gather, gatherElements, gatherND: `indices` in every bad form, on each of
// them (each with a valid x), then each one's own rules.
const I32 = (values, shape = [values.length]) => ({ data: Int32Array.from(values), shape });
const detachedI32 = () => {
  const data = new Int32Array(2);
  structuredClone(data.buffer, { transfer: [data.buffer] });
  return data;
};
const GATHERS = {
  // (indices, options): a call whose indices index x4 [1, 4, 4, 2] along a dim of size 4.
  gather: (indices, o = {}) => ops.gather(x4, indices, { axis: 1, ...o }),
  gatherElements: (indices, o = {}) => ops.gatherElements(x4, indices, { axis: 2, ...o }),
  gatherND: (indices, o = {}) => ops.gatherND(x4, indices, { batchDims: 1, ...o }),
};
// gatherElements needs indices of x's rank, gatherND a last dim k: each form is reshaped for it.
const FORM = {
  gather: (t) => t,
  gatherElements: (t) => ({ ...t, shape: [1, 1, t.shape.reduce((p, d) => p * d, 1), 1] }),
  gatherND: (t) => ({ ...t, shape: [1, t.shape.reduce((p, d) => p * d, 1), 1] }),
};
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
  ['indices an Int16Array', new Int16Array(1), ['indices', 'Int16Array']],
  ['indices a Uint8Array', new Uint8Array(1), ['indices', 'Uint8Array']],
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
  ['indices an int8 tensor', { data: new Int8Array(1), shape: [1] }, ['indices.dtype', "'int8'"]],
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
for (const op of Object.keys(GATHERS)) {
  const run = GATHERS[op];
  for (const [title, indices, parts] of BAD_INDICES) {
    const arg = indices && typeof indices === 'object' && 'shape' in indices && Array.isArray(indices.shape) ? FORM[op](indices) : indices;
    add(op, title, () => run(arg), IA, parts);
  }
  for (const [title, indices, parts] of BAD_INDEX_DATA) {
    const t = op === 'gather' ? indices : { ...indices, shape: op === 'gatherND' ? [1, 3, 1] : [1, 1, 3, 1] };
    add(op, title, () => run(t), IA, parts);
  }
  for (const [title, data, value] of OUT_OF_RANGE) {
    const shape = FORM[op]({ data, shape: [2] }).shape;
    const where = op === 'gather' ? 'indices[1]' : op === 'gatherND' ? 'indices[0, 1, 0]' : 'indices[0, 0, 1, 0]';
    add(op, `index out of range: ${title}`, () => run({ data, shape }), IA, [where, value]);
    add(op, `index out of range: ${title}, kept x`, () => {
      const x = ops.tensor(x4.data, x4.shape);
      try {
        return op === 'gather' ? ops.gather(x, { data, shape }, { axis: 1 }) : run({ data, shape });
      } finally {
        x.dispose();
      }
    }, IA, [where, value]);
  }
  add(op, 'a plain array index out of range (2^53)', () => run(FORM[op]({ data: BigInt64Array.from([2n ** 53n]), shape: [1] })), IA, ['indices', '9007199254740992']);
  add(op, 'out of range with out given', () => run(FORM[op](I32([0, 9])), { out: new Float32Array(op === 'gatherElements' ? 2 : 16) }), IA, ['indices', '9']);
  add(op, 'indices a disposed kept tensor', () => {
    const t = ops.tensor(new Int32Array(1), [1]);
    t.dispose();
    run(t);
  }, 'DISPOSED', ['disposed']);
  add(op, 'indices a kept float32 tensor', () => {
    const t = ops.tensor(new Float32Array(1), op === 'gather' ? [1] : op === 'gatherND' ? [1, 1, 1] : [1, 1, 1, 1]);
    try {
      run(t);
    } finally {
      t.dispose();
    }
  }, IA, ['indices.dtype', "'float32'"]);
  add(op, 'unknown option', () => run(FORM[op](I32([0])), { axes: 0 }), IA, ['axes', 'options']);
  add(op, 'options a number', () => ops[op](x4, FORM[op](I32([0])), 3), IA, ['options', '3']);
  add(op, 'out of another class', () => run(FORM[op](I32([0])), { out: new Int32Array(64) }), IA, ['out', 'Float32Array', 'Int32Array']);
  add(op, 'out too long', () => run(FORM[op](I32([0])), { out: new Float32Array(33) }), IA, ['out', '33']);
  add(op, 'shapes: indicesShape a number', () => ops.shapes[op]([1, 4, 4, 2], 3), IA, ['indices.shape', '3']);
  add(op, 'shapes: indicesShape with a negative dim', () => ops.shapes[op]([1, 4, 4, 2], [-1]), IA, ['indices.shape', '-1']);
  add(op, 'shapes: indicesShape null', () => ops.shapes[op]([1, 4, 4, 2], null), IA, ['indices.shape', 'null']);
  add(op, 'shapes: unknown option out', () => ops.shapes[op]([1, 4, 4, 2], [1], { out: new Float32Array(1) }), IA, ['out', 'options']);
}
// Each one's own rules.
const xs = (shape) => f32(shape);
add('gather', 'axis 4 (rank 4)', () => ops.gather(x4, 0, { axis: 4 }), IA, ['axis', '4']);
add('gather', 'axis -5', () => ops.gather(x4, 0, { axis: -5 }), IA, ['axis', '-5']);
add('gather', 'axis a string', () => ops.gather(x4, 0, { axis: '1' }), IA, ['axis', "'1'"]);
add('gather', 'axis 0.5', () => ops.gather(x4, 0, { axis: 0.5 }), IA, ['axis', '0.5']);
add('gather', 'axis null', () => ops.gather(x4, 0, { axis: null }), IA, ['axis', 'null']);
add('gather', 'axis 2^53 + 2', () => ops.gather(x4, 0, { axis: 2 ** 53 + 2 }), IA, ['axis', '9007199254740994']);
add('gather', 'x a scalar', () => ops.gather(xs([]), 0), IA, ['x.shape', '[]']);
add('gather', 'batchDims 2 > axis 1', () => ops.gather(x4, I32([0, 0], [1, 2]), { axis: 1, batchDims: 2 }), IA, ['batchDims', '2']);
add('gather', 'batchDims 1 > rank(indices) 0', () => ops.gather(x4, 0, { axis: 2, batchDims: 1 }), IA, ['batchDims', '1']);
add('gather', 'batchDims -3 (rank(indices) 2)', () => ops.gather(x4, I32([0, 0], [1, 2]), { axis: 2, batchDims: -3 }), IA, ['batchDims', '-3']);
add('gather', 'batchDims a string', () => ops.gather(x4, 0, { batchDims: '0' }), IA, ['batchDims', "'0'"]);
add('gather', 'batchDims 1.5', () => ops.gather(x4, 0, { batchDims: 1.5 }), IA, ['batchDims', '1.5']);
add('gather', 'batch dims differ', () => ops.gather(xs([2, 3]), I32([0, 0, 0], [3, 1]), { axis: 1, batchDims: 1 }), SM, ['batch dim', '2', '3']);
add('gather', 'an index into an empty axis', () => ops.gather(xs([0, 3]), 0), IA, ['indices', '0', '[0, 0)']);
add('gather', 'output too large', () => ops.gather(xs([1, 2 ** 20]), { data: new Int32Array(2 ** 12), shape: [2 ** 12] }), OOM, ['gather', 'output']);
add('gather', 'shapes: batchDims 3', () => ops.shapes.gather([2, 3, 4], [2, 3], { axis: 2, batchDims: 3 }), IA, ['batchDims', '3']);
add('gather', 'shapes: batch dims differ', () => ops.shapes.gather([2, 3, 4], [3, 3], { axis: 2, batchDims: 1 }), SM, ['batch dim', '3']);
add('gatherElements', 'axis 4 (rank 4)', () => ops.gatherElements(x4, I32([0], [1, 1, 1, 1]), { axis: 4 }), IA, ['axis', '4']);
add('gatherElements', 'axis -5', () => ops.gatherElements(x4, I32([0], [1, 1, 1, 1]), { axis: -5 }), IA, ['axis', '-5']);
add('gatherElements', 'axis a boolean', () => ops.gatherElements(x4, I32([0], [1, 1, 1, 1]), { axis: true }), IA, ['axis', 'true']);
add('gatherElements', 'indices of a smaller rank', () => ops.gatherElements(x4, [0]), SM, ['indices.shape', 'rank', '1', '4']);
add('gatherElements', 'indices of a larger rank', () => ops.gatherElements(xs([3]), I32([0], [1, 1])), SM, ['indices.shape', 'rank', '2', '1']);
add('gatherElements', 'a scalar index on a scalar x', () => ops.gatherElements(xs([]), 0), IA, ['x.shape', '[]']);
add('gatherElements', 'a dim larger than x off the axis', () => ops.gatherElements(xs([2, 3]), I32([0, 0, 0, 0], [1, 4]), { axis: 0 }), SM, ['indices.shape', '4', '3']);
add('gatherElements', 'batchDims is not an option', () => ops.gatherElements(xs([2, 3]), I32([0], [1, 1]), { batchDims: 0 }), IA, ['batchDims', 'options']);
add('gatherElements', 'an index into an empty axis', () => ops.gatherElements(xs([0, 3]), I32([0], [1, 1])), IA, ['indices[0, 0]', '0']);
add('gatherElements', 'shapes: ranks differ', () => ops.shapes.gatherElements([2, 3], [2]), SM, ['indices.shape', 'rank']);
add('gatherND', 'a scalar index', () => ops.gatherND(x4, 0), SM, ['indices.shape', '[]', 'scalar']);
add('gatherND', 'k larger than rank(x)', () => ops.gatherND(xs([2, 3]), I32([0, 0, 0], [1, 3])), SM, ['indices.shape[-1]', '3', 'rank(x) 2']);
add('gatherND', 'batchDims + k larger than rank(x)', () => ops.gatherND(xs([2, 3]), I32([0, 0, 0, 0], [2, 2]), { batchDims: 1 }), SM, ['batchDims', '1', 'rank(x)']);
add('gatherND', 'batchDims -1', () => ops.gatherND(x4, I32([0], [1, 1]), { batchDims: -1 }), IA, ['batchDims', '-1']);
add('gatherND', 'batchDims = rank(indices)', () => ops.gatherND(x4, I32([0], [1, 1]), { batchDims: 2 }), IA, ['batchDims', '2']);
add('gatherND', 'batchDims a string', () => ops.gatherND(x4, I32([0], [1, 1]), { batchDims: '1' }), IA, ['batchDims', "'1'"]);
add('gatherND', 'batch dims differ', () => ops.gatherND(xs([2, 3]), I32([0, 0, 0], [3, 1]), { batchDims: 1 }), SM, ['batch dim', '2', '3']);
add('gatherND', 'axis is not an option', () => ops.gatherND(x4, I32([0], [1, 1]), { axis: 0 }), IA, ['axis', 'options']);
add('gatherND', 'the second component out of range', () => ops.gatherND(xs([2, 3]), I32([1, 3], [1, 2])), IA, ['indices[0, 1]', '3', 'x.shape[1]']);
add('gatherND', 'shapes: a scalar indicesShape', () => ops.shapes.gatherND([2, 3], []), SM, ['indices.shape', 'scalar']);

// ---------------------------------------------------------------------------
// ops.tensor() and kept tensors.
const BAD_TENSOR = [
  ['data a plain array', () => ops.tensor([1, 2, 3, 4], [4]), ['data', '[1, 2, 3, 4]']],
  ['data null', () => ops.tensor(null, [4]), ['data', 'null']],
  ['data a string', () => ops.tensor('abcd', [4]), ['data', "'abcd'"]],
  ['data detached', () => ops.tensor(detached(4), [4]), ['data', 'detached']],
  ['shape missing', () => ops.tensor(new Float32Array(4)), ['shape', 'undefined']],
  ['shape a number', () => ops.tensor(new Float32Array(4), 4), ['shape', '4']],
  ['shape with NaN', () => ops.tensor(new Float32Array(4), [NaN]), ['shape', 'NaN']],
  ['shape with a negative dim', () => ops.tensor(new Float32Array(4), [-4]), ['shape', '-4']],
  ['shape with a fraction', () => ops.tensor(new Float32Array(4), [4.5]), ['shape', '4.5']],
  ['shape too large', () => ops.tensor(new Float32Array(4), [5]), ['shape', '[5]', '4']],
  ['shape of volume 2^32', () => ops.tensor(new Float32Array(4), [65536, 65536]), ['shape', '[65536, 65536]']],
  ['shape of volume 2^64', () => ops.tensor(new Float32Array(4), [2 ** 32, 2 ** 32]), ['shape', '64 bits']],
  ['dtype not matching', () => ops.tensor(new Float32Array(4), [4], 'int32'), ['dtype', "'int32'", 'Float32Array']],
  ['dtype unknown', () => ops.tensor(new Float32Array(4), [4], 'f32'), ['dtype', "'f32'"]],
];
for (const [title, call, parts] of BAD_TENSOR) add('tensor', title, call, IA, parts);
for (const op of Object.keys(RUN)) {
  add(op, 'a disposed kept tensor', () => {
    const t = ops.tensor(x4.data, [1, 1, 4, 8]);
    t.dispose();
    RUN[op](t);
  }, 'DISPOSED', ['disposed', '[1, 1, 4, 8]']);
}

// ---------------------------------------------------------------------------
for (const { op, title, call, code, parts } of CASES) {
  test(`${op}: ${title} -> ${code}`, () => {
    expectError(call, code, op, parts);
    assert.equal(ops.memory().heapBytes, baseline, 'heap back at its baseline after the error');
    CORRECT[op]();
    assert.equal(ops.memory().heapBytes, baseline, 'heap at its baseline after a correct call');
  });
}

// SharedArrayBuffer-backed inputs, outputs and parameters are ordinary typed
// arrays to the API: every operation works on them.
test('SharedArrayBuffer-backed data, out, tensor() and parameters work', () => {
  const shared = (Array, values) => {
    const a = new Array(new SharedArrayBuffer(values.length * Array.BYTES_PER_ELEMENT));
    a.set(values);
    return a;
  };
  const data = shared(Float32Array, x4.data);
  const x = { data, shape: x4.shape };
  const CALLS = [
    [(o) => ops.reshape(x, [2, -1], o), ref.reshape(x.shape, [2, -1])],
    [(o) => ops.broadcast(x, [2, 1, 4, 4, 2], o), ref.broadcast(x.shape, [2, 1, 4, 4, 2])],
    [(o) => ops.spaceToDepth(x, 2, { ...o, mode: 'depth_first' }), ref.spaceToDepth(x.shape, 2, 'NHWC', 'depth_first')],
    [(o) => ops.depthToSpace(x, 2, { ...o, dataFormat: 'NCHW' }), ref.depthToSpace(x.shape, 2, 'NCHW')],
    [(o) => ops.roll(x, shared(Int32Array, [1, -1]), shared(BigInt64Array, [1n, 2n]), o), ref.roll(x.shape, [1, -1], [1, 2])],
  ];
  for (const [call, expected] of CALLS) {
    const r = call({});
    assert.deepEqual(r.shape, expected.shape);
    assertSameBits(r.data, gather(x4.data, expected.src));
    const out = shared(Float32Array, new Float32Array(expected.src.length));
    const s = call({ out });
    assert.equal(s.data, out);
    assertSameBits(out, gather(x4.data, expected.src));
  }
  const t = ops.tensor(data, shared(Int32Array, x4.shape));
  const u = ops.roll(t, 1, 1);
  assertSameBits(u.toArray(), gather(x4.data, ref.roll(x4.shape, [1], [1]).src));
  u.dispose();
  t.dispose();
  assertSameBits(data, x4.data);
  assert.equal(ops.memory().heapBytes, baseline);
});

// The operations of the first release carry at least 30 cases each, the
// later ones (whose issue asked for it) at least 60.
const FIRST_RELEASE = ['reshape', 'broadcast', 'spaceToDepth', 'depthToSpace', 'roll'];

test('bad-input cases per operation', (t) => {
  const counts = {};
  for (const { op } of CASES) counts[op] = (counts[op] ?? 0) + 1;
  const lines = Object.entries(counts).map(([op, n]) => `${op}: ${n}`);
  t.diagnostic(`bad-input cases: ${CASES.length} (${lines.join(', ')})`);
  assert.ok(CASES.length >= 150);
  for (const { name } of ops.operations) {
    assert.ok(RUN[name] && CORRECT[name], `${name}: RUN and CORRECT entries`);
    const least = FIRST_RELEASE.includes(name) ? 30 : 60;
    assert.ok(counts[name] >= least, `${name} has ${counts[name]} cases`);
  }
});
