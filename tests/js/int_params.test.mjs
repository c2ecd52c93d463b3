// Integer parameters (shape, targetShape, axesMapping, shift, axes, and the
// tensors' own shapes) in every accepted form: a number, an array of numbers
// or bigints, an Int32Array, a BigInt64Array. Shifts are int64: a bigint
// beyond 2^53 rolls by its exact value modulo the dim.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertSameBits, expectError, gather } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';

const ops = await loadOps();

// Every form of an integer list (and of a single integer where one is allowed).
function forms(list) {
  const out = [
    ['numbers', list.slice()],
    ['bigints', list.map(BigInt)],
    ['mixed', list.map((v, i) => (i % 2 ? BigInt(v) : v))],
    ['Int32Array', Int32Array.from(list)],
    ['BigInt64Array', BigInt64Array.from(list.map(BigInt))],
  ];
  if (list.length === 1) out.push(['number', list[0]], ['bigint', BigInt(list[0])]);
  return out;
}

const data = Float64Array.from({ length: 24 }, (_, i) => i - 0.5);
const x = { data, shape: [2, 3, 4] };

test('x.shape and ops.tensor shapes in every form', () => {
  for (const [form, shape] of forms([2, 3, 4])) {
    const r = ops.roll({ data, shape }, 1, 2);
    assert.deepEqual(r.shape, [2, 3, 4], form);
    assertSameBits(r.data, gather(data, ref.roll([2, 3, 4], 1, 2).src), form);
    const t = ops.tensor(data, shape);
    assert.deepEqual([...t.shape], [2, 3, 4], form);
    t.dispose();
  }
});

test('reshape shape in every form', () => {
  for (const [form, shape] of forms([0, -1, 2])) {
    assert.deepEqual(ops.reshape(x, shape, { specialZero: true }).shape, [2, 6, 2], form);
    assert.deepEqual(ops.shapes.reshape([2, 3, 4], shape, { specialZero: true }), [2, 6, 2], form);
  }
  for (const [form, shape] of forms([24])) assert.deepEqual(ops.reshape(x, shape).shape, [24], form);
});

test('broadcast targetShape and axesMapping in every form', () => {
  const expected = ref.broadcast([2, 3, 4], [2, 5, 3, 4], 'explicit', [0, 2, 3]);
  const target = forms([2, 5, 3, 4]);
  const mapping = forms([0, 2, 3]);
  for (let i = 0; i < target.length; i++) {
    const [tf, t] = target[i];
    const [mf, m] = mapping[i];
    const r = ops.broadcast(x, t, { mode: 'explicit', axesMapping: m });
    assert.deepEqual(r.shape, [2, 5, 3, 4], `${tf}/${mf}`);
    assertSameBits(r.data, gather(data, expected.src), `${tf}/${mf}`);
    assert.deepEqual(ops.shapes.broadcast([2, 3, 4], t, { mode: 'explicit', axesMapping: m }), [2, 5, 3, 4]);
  }
  for (const [form, t] of forms([7])) {
    assert.deepEqual(ops.broadcast({ data: new Int8Array(1), shape: [] }, t).shape, [7], form);
  }
});

test('blockSize as a number or a bigint', () => {
  for (const b of [2, 2n]) {
    const r = ops.spaceToDepth({ data, shape: [1, 2, 4, 3] }, b);
    assertSameBits(r.data, gather(data, ref.spaceToDepth([1, 2, 4, 3], 2).src), typeof b);
    assert.deepEqual(ops.shapes.depthToSpace([1, 1, 2, 12], b), [1, 2, 4, 3]);
  }
});

test('roll shift and axes in every form', () => {
  const shifts = forms([5, -7]);
  const axes = forms([2, -2]);
  const expected = ref.roll([2, 3, 4], [5, -7], [2, -2]);
  for (const [sf, s] of shifts) {
    for (const [af, a] of axes) {
      assertSameBits(ops.roll(x, s, a).data, gather(data, expected.src), `${sf}/${af}`);
    }
  }
  const one = ref.roll([2, 3, 4], 3, [0, 1, 2]);
  for (const [sf, s] of forms([3])) {
    assertSameBits(ops.roll(x, s, [0, 1, 2]).data, gather(data, one.src), sf);
  }
});

test('int64 shifts beyond 2^53 roll by their exact value modulo the dim', () => {
  const big = [2n ** 60n + 3n, -(2n ** 62n) - 1n, 2n ** 63n - 1n, -(2n ** 63n), 9007199254740993n];
  const v = { data: Int32Array.from({ length: 7 * 11 }, (_, i) => i), shape: [7, 11] };
  for (const s of big) {
    // (s mod 7, s mod 11) computed exactly with BigInt by the reference.
    const expected = gather(v.data, ref.roll([7, 11], [s, s], [0, 1]).src);
    assertSameBits(ops.roll(v, s, [0, 1]).data, expected, `${s}n`);
    assertSameBits(ops.roll(v, [s, s], [0, 1]).data, expected, `[${s}n, ${s}n]`);
    assertSameBits(ops.roll(v, BigInt64Array.of(s, s), Int32Array.of(0, 1)).data, expected, `BigInt64Array ${s}`);
  }
  // A repeated axis adds its shifts: INT64_MAX twice is 2^64 - 2 in all.
  const twice = gather(v.data, ref.roll([7, 11], [2n ** 63n - 1n, 2n ** 63n - 1n], [1, 1]).src);
  assertSameBits(ops.roll(v, BigInt64Array.of(2n ** 63n - 1n, 2n ** 63n - 1n), [1, 1]).data, twice);
  // By hand: 2^10 = 1 (mod 11), so 2^64 - 2 = 16 - 2 = 3 (mod 11): row 0 starts with 8.
  assert.equal(twice[0], 8);
});

test('integers that are not int64 or not exact are rejected', () => {
  expectError(() => ops.roll(x, 2n ** 63n, 0), 'INVALID_ARGUMENT', 'roll', ['shift', '9223372036854775808n']);
  expectError(() => ops.roll(x, [1, -(2n ** 63n) - 1n], [0, 1]), 'INVALID_ARGUMENT', 'roll', ['shift', '-9223372036854775809n']);
  expectError(() => ops.roll(x, 2 ** 60, 0), 'INVALID_ARGUMENT', 'roll', ['shift', String(2 ** 60)]);
  expectError(() => ops.roll(x, 1, 0.5), 'INVALID_ARGUMENT', 'roll', ['axes', '0.5']);
  expectError(() => ops.roll(x, Float64Array.of(1), 0), 'INVALID_ARGUMENT', 'roll', ['shift', 'Float64Array']);
  expectError(() => ops.reshape(x, [24n * 2n ** 60n]), 'INVALID_ARGUMENT', 'reshape', ['shape']);
});

test('split splits and concat/split axis in every form; a number is a count, a list lengths', () => {
  const v = { data: Float64Array.from({ length: 12 }, (_, i) => i), shape: [6, 2] };
  for (const [form, lengths] of forms([2, -1, 1])) {
    assert.deepEqual(ops.split(v, lengths).map((p) => p.shape), [[2, 2], [3, 2], [1, 2]], form);
    assert.deepEqual(ops.shapes.split([6, 2], lengths), [[2, 2], [3, 2], [1, 2]], form);
  }
  // One value: as a number (or bigint) three parts, as any list one part.
  for (const [form, s] of forms([3])) {
    if (typeof s === 'object') {
      assert.deepEqual(ops.shapes.split([3, 2], s), [[3, 2]], form);
      expectError(() => ops.split(v, s), 'SHAPE_MISMATCH', 'split', ['splits', '[3]', 'dim 6']);
    } else {
      assert.deepEqual(ops.shapes.split([6, 2], s), [[2, 2], [2, 2], [2, 2]], form);
      assert.deepEqual(ops.split(v, s).map((p) => p.shape), [[2, 2], [2, 2], [2, 2]], form);
    }
  }
  for (const axis of [1, 1n, -1, -1n]) {
    assert.deepEqual(ops.split(v, 2, { axis }).map((p) => p.shape), [[6, 1], [6, 1]], String(axis));
    assert.deepEqual(ops.concat([v, v], axis).shape, [6, 4], String(axis));
  }
  expectError(() => ops.split(v, 2n ** 63n), 'INVALID_ARGUMENT', 'split', ['splits', '9223372036854775808n']);
  expectError(() => ops.concat([v], 2 ** 60), 'INVALID_ARGUMENT', 'concat', ['axis']);
});
