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
//
// This file is the harness and the checks every operation gets (bad x, bad
// integer lists, bad options, a disposed kept tensor); each operation's own
// cases are in tests/js/ops/<op>/bad_inputs.mjs, found by directory.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IA, detached, f32, x4 } from './ops/_shared/bad_input_kit.mjs';
import { assertSameBits, expectError, gather } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { loadEach } from './op_files.mjs';
import { ref } from './reference.mjs';

const ops = await loadOps();

// Each operation's material: its bad_inputs.mjs exports default (ops) =>
// { correct, withX, lists?, skipUndefined?, options?, xName?, cases } (the
// fields are described in tests/js/ops/roll/bad_inputs.mjs) and may export
// leastCases.
const OPS = Object.fromEntries(Object.entries(await loadEach('bad_inputs.mjs'))
  .map(([op, m]) => [op, { ...m.default(ops), least: m.leastCases }]));

// One correct call per operation (and for ops.tensor), checked against the
// reference, so that a module left broken by an error shows up at once.
const CORRECT = Object.fromEntries(Object.entries(OPS).map(([op, o]) => [op, o.correct]));
CORRECT.tensor = () => {
  const t = ops.tensor(x4.data, x4.shape);
  assertSameBits(t.toArray(), x4.data);
  t.dispose();
};
for (const call of Object.values(CORRECT)) call(); // warm-up: scratch arrays reach their size
for (const call of Object.values(CORRECT)) call();
const baseline = ops.memory().heapBytes;

// [op, title, call, code, parts of the message]; op is also the message prefix.
const CASES = [];
const add = (op, title, call, code, parts) => CASES.push({ op, title, call, code, parts });

// ---------------------------------------------------------------------------
// x: what every operation reads the same way, through each one's withX(x).
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

// ---------------------------------------------------------------------------
// Integer-list parameters: each operation's `lists`, [name, call(value)].
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

// Options: unknown names, values of the wrong type, `out` of the wrong class.
function optionCases(op, { call, unknown, values }) {
  for (const name of unknown) add(op, `unknown option '${name}'`, () => call({ [name]: 1 }), IA, [`'${name}'`]);
  for (const [title, o, parts] of values) add(op, title, () => call(o), IA, parts);
  for (const [title, o] of [['a string', 'NHWC'], ['a number', 5], ['an array', []], ['true', true]]) {
    add(op, `options ${title}`, () => call(o), IA, ['options']);
  }
  add(op, 'out of another class', () => call({ out: new Int32Array(64) }), IA, ['out', 'Float32Array', 'Int32Array']);
  add(op, 'out a plain array', () => call({ out: new Array(32).fill(0) }), IA, ['out']);
  add(op, 'out null', () => call({ out: null }), IA, ['out', 'null']);
}

for (const [op, o] of Object.entries(OPS)) {
  // An operation on a list of tensors names its input tensors[0] where the others name x.
  const named = (parts) => (o.xName ? parts.map((p) => p.replace(/^x(?=\.|$)/, o.xName)) : parts);
  for (const [title, x, parts] of BAD_X) add(op, title, () => o.withX(x), IA, named(parts));
  for (const [param, call] of o.lists ?? []) {
    const shapesCall = call.toString().includes('shapes.');
    for (const [title, value, parts] of BAD_LIST) {
      // undefined is the parameter left out where it is optional (or a different error).
      if (value === undefined && o.skipUndefined?.includes(param)) continue;
      if (shapesCall && !['a string', 'NaN', 'a nested array', '2^64 as a bigint'].includes(title)) continue;
      add(op, `${shapesCall ? 'shapes.' : ''}${param} ${title}`, () => call(value), IA, [param, ...parts]);
    }
  }
  for (const [title, call, code, parts] of o.cases) add(op, title, call, code, parts);
  if (o.options) optionCases(op, o.options);
  add(op, 'a disposed kept tensor', () => {
    const t = ops.tensor(x4.data, [1, 1, 4, 8]);
    t.dispose();
    o.withX(t);
  }, 'DISPOSED', ['disposed', '[1, 1, 4, 8]']);
}

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

// The operations of the first release carry at least 30 cases each
// (leastCases in their files), the later ones at least 60.
test('bad-input cases per operation', (t) => {
  const counts = {};
  for (const { op } of CASES) counts[op] = (counts[op] ?? 0) + 1;
  const lines = Object.entries(counts).map(([op, n]) => `${op}: ${n}`);
  t.diagnostic(`bad-input cases: ${CASES.length} (${lines.join(', ')})`);
  assert.ok(CASES.length >= 150);
  for (const { name } of ops.operations) {
    assert.ok(OPS[name], `tests/js/ops/${name}/bad_inputs.mjs`);
    assert.ok(OPS[name].withX && OPS[name].correct, `${name}: withX and correct`);
    const least = OPS[name].least ?? 60;
    assert.ok(counts[name] >= least, `${name} has ${counts[name]} cases`);
  }
});
