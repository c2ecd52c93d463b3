// scatterND and scatterElements of plain arrays without a reduction are run
// by JavaScript (web/scatter_in_js.mjs), and in place when `out` is x's own
// array. Here they are compared with the same calls on kept tensors, which
// the core runs: every dtype and index dtype, duplicates (the last wins),
// negative indices, out given or not, and a dense kept x into out (plain or
// its own elements); and every call that must leave the shortcut (a
// reduction, even an inherited one; an out overlapping an input; an index
// out of range; a kept view) gives the core's result or error, x untouched.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DTYPE_CASES, assertSameBits, bitsOf, makeData, makeRng, volume } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const INDEX_ARRAYS = [Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, BigInt64Array, BigUint64Array];

// The core's answer: the same call with x kept (its array class is the
// dtype's first, Uint8Array for a Uint8ClampedArray x: compared as bits).
const sameElements = (actual, expected, what) => assertSameBits(bitsOf(actual), bitsOf(expected), what);
function byCore(op, x, indices, updates, options = {}) {
  const kept = ops.tensor(x.data.slice(), x.shape, x.dtype);
  try {
    const { out, ...rest } = options;
    const r = ops[op](kept, indices, updates, rest);
    try {
      return r.toArray();
    } finally {
      r.dispose();
    }
  } finally {
    kept.dispose();
  }
}

function indexData(rng, Index, values) {
  const signed = !Index.name.startsWith('Uint') && !Index.name.startsWith('BigUint');
  return Index.from(values, (v, k) => {
    const w = signed && rng.int(0, 1) === 1 ? v.at - v.d : v.at; // negative half the time, where the dtype allows
    return Index === BigInt64Array || Index === BigUint64Array ? BigInt(w) : w;
  });
}

// A random scatterND call: tuples of k into x of rank r, duplicates likely.
function randomND(rng, c) {
  const rank = rng.int(1, 3);
  const shape = Array.from({ length: rank }, () => rng.int(1, 4));
  const k = rng.int(1, rank);
  const count = rng.int(0, 6);
  const Index = INDEX_ARRAYS[rng.int(0, INDEX_ARRAYS.length - 1)];
  const tuples = [];
  for (let n = 0; n < count * k; n++) tuples.push({ at: rng.int(0, shape[n % k] - 1), d: shape[n % k] });
  const updatesShape = [count, ...shape.slice(k)];
  return {
    x: { data: makeData(c, volume(shape), rng), shape, dtype: c.dtype },
    indices: { data: indexData(rng, Index, tuples), shape: [count, k] },
    updates: { data: makeData(c, volume(updatesShape), rng, 50), shape: updatesShape, dtype: c.dtype },
    options: {},
  };
}

// One call in three has a larger x and few updates: the ones JavaScript
// writes unless in place (at most an 8th of x); the others go to the core.
function randomElements(rng, c) {
  const rank = rng.int(1, 3);
  const large = rng.int(0, 2) === 0;
  const shape = Array.from({ length: rank }, () => (large ? rng.int(12, 24) : rng.int(1, 4)));
  const axis = rng.int(-rank, rank - 1);
  const a = axis < 0 ? axis + rank : axis;
  const us = shape.map((d, k) => (k === a ? rng.int(0, large ? 2 : 5) : rng.int(1, Math.min(d, large ? 2 : d))));
  const Index = INDEX_ARRAYS[rng.int(0, INDEX_ARRAYS.length - 1)];
  const values = Array.from({ length: volume(us) }, () => ({ at: rng.int(0, shape[a] - 1), d: shape[a] }));
  return {
    x: { data: makeData(c, volume(shape), rng), shape, dtype: c.dtype },
    indices: { data: indexData(rng, Index, values), shape: us },
    updates: { data: makeData(c, volume(us), rng, 50), shape: us, dtype: c.dtype },
    options: { axis },
  };
}

for (const [op, random] of [['scatterND', randomND], ['scatterElements', randomElements]]) {
  test(`${op} of plain arrays: the core's result, fresh, into out and in place, every dtype`, () => {
    const rng = makeRng(op.length * 7919);
    for (const c of DTYPE_CASES) {
      for (let n = 0; n < 40; n++) {
        const { x, indices, updates, options } = random(rng, c);
        const what = `${op} ${c.label} x ${JSON.stringify(x.shape)} indices ${indices.data.constructor.name} ` +
          `${JSON.stringify(indices.shape)} ${JSON.stringify(options)}`;
        const expected = byCore(op, x, indices, updates, options);
        const before = x.data.slice();
        const fresh = ops[op](x, indices, updates, options);
        assert.deepEqual(fresh.shape, x.shape, what);
        assert.equal(fresh.dtype, c.dtype, what);
        assert.equal(fresh.data.constructor, expected.constructor, `${what}: the dtype's class, as the core gives it`);
        sameElements(fresh.data, expected, what);
        sameElements(x.data, before, `${what}: x untouched`);
        const out = new c.Array(x.data.length);
        assert.equal(ops[op](x, indices, updates, { ...options, out }).data, out, what);
        sameElements(out, expected, `${what} into out`);
        const inPlace = ops[op](x, indices, updates, { ...options, out: x.data });
        assert.equal(inPlace.data, x.data, what);
        sameElements(x.data, expected, `${what} in place`);
      }
    }
  });
}

for (const [op, random] of [['scatterND', randomND], ['scatterElements', randomElements]]) {
  test(`${op} of a dense kept x into out: the core's result, into a plain array and in place, every dtype`, () => {
    const rng = makeRng(op.length * 104729);
    for (const c of DTYPE_CASES) {
      for (let n = 0; n < 20; n++) {
        const { x, indices, updates, options } = random(rng, c);
        const what = `${op} kept ${c.label} x ${JSON.stringify(x.shape)} indices ${indices.data.constructor.name} ` +
          `${JSON.stringify(indices.shape)} ${JSON.stringify(options)}`;
        const expected = byCore(op, x, indices, updates, options);
        const kept = ops.tensor(x.data, x.shape, x.dtype);
        try {
          const out = new c.Array(x.data.length);
          assert.equal(ops[op](kept, indices, updates, { ...options, out }).data, out, what);
          sameElements(out, expected, `${what} into a plain out`);
          sameElements(kept.toArray(), x.data, `${what}: x untouched`);
          const inPlace = ops[op](kept, indices, updates, { ...options, out: kept.data });
          sameElements(inPlace.data, expected, `${what} in place`);
          sameElements(kept.toArray(), expected, `${what}: the kept x itself`);
        } finally {
          kept.dispose();
        }
      }
    }
  });
}

test('a kept x the shortcut leaves to the core: a view, memory a view shares, no out, an out over the updates or elsewhere in the module', () => {
  const start = Float32Array.from({ length: 6 * 4 }, (_, i) => i);
  const at = { data: Int32Array.of(1, -1), shape: [2, 1] };
  const rows = (n) => ({ data: Float32Array.from({ length: 2 * n }, (_, i) => -1 - i), shape: [2, n] });
  const base = ops.tensor(start, [6, 4]);
  const view = ops.transpose(base, [1, 0]); // [4, 6], strided
  const other = ops.tensor(new Float32Array(24), [6, 4]);
  try {
    // Memory a view shares, in place: the core's refusal, nothing written.
    // (Before the view's elements are first read: that gives it a contiguous copy of its own.)
    assert.throws(() => ops.scatterND(base, at, rows(4), { out: base.data }), /scatterND: out .*share/);
    sameElements(base.toArray(), start, 'base untouched');
    // A view into a plain out: read through the core, as its elements in row-major order.
    const out = new Float32Array(24);
    ops.scatterND(view, at, rows(6), { out });
    sameElements(out, byCore('scatterND', { data: view.toArray(), shape: [4, 6] }, at, rows(6)), 'a view');
    const expected = byCore('scatterND', { data: start, shape: [6, 4] }, at, rows(4));
    // No out: a kept result, from the core.
    const kept = ops.scatterND(base, at, rows(4));
    assert.ok(kept instanceof base.constructor, 'a kept result');
    sameElements(kept.toArray(), expected, 'no out');
    kept.dispose();
    // A plain out over the updates' bytes: they are read before x is copied over them.
    const both = new Float32Array(8 + 24);
    both.set(rows(4).data);
    ops.scatterND(base, at, { data: both.subarray(0, 8), shape: [2, 4] }, { out: both.subarray(8) });
    sameElements(both.subarray(8), expected, 'out beside the updates');
    ops.scatterND(base, at, { data: both.subarray(0, 8), shape: [2, 4] }, { out: both.subarray(0, 24) });
    sameElements(both.subarray(0, 24), expected, 'out over the updates');
    // Another kept tensor's elements as out.
    ops.scatterND(base, at, rows(4), { out: other.data });
    sameElements(other.toArray(), expected, 'out elsewhere in the module');
    sameElements(base.toArray(), start, 'base untouched by a write elsewhere');
  } finally {
    view.dispose();
    base.dispose();
    other.dispose();
  }
});

test('scatterND in place writes only the rows named: a KV cache', () => {
  const cache = new Float32Array(1024 * 64).map((_, i) => i);
  const rows = new Float32Array(8 * 64).fill(-1);
  const at = { data: Int32Array.from({ length: 8 }, (_, i) => 500 + i), shape: [8, 1] };
  const r = ops.scatterND({ data: cache, shape: [1024, 64] }, at, { data: rows, shape: [8, 64] }, { out: cache });
  assert.equal(r.data, cache);
  for (let i = 0; i < cache.length; i++) {
    const row = Math.floor(i / 64);
    assert.equal(cache[i], row >= 500 && row < 508 ? -1 : i, `element ${i}`);
  }
});

test('scatterND rows in runs of consecutive places, broken runs and a duplicate: the core\'s result', () => {
  // Runs of consecutive places are written with one set each; a run that
  // steps back (2 after 9) or repeats a place (3) must still let the last win.
  const x = () => ({ data: Float32Array.from({ length: 12 * 5 }, (_, i) => i), shape: [12, 5] });
  const places = [3, 4, 5, 9, 2, 3, 7, 8, 11, -1, 0];
  const at = { data: Int32Array.from(places), shape: [places.length, 1] };
  const rows = { data: Float32Array.from({ length: places.length * 5 }, (_, i) => -1 - i), shape: [places.length, 5] };
  const expected = byCore('scatterND', x(), at, rows);
  const plainX = x();
  sameElements(ops.scatterND(plainX, at, rows, { out: plainX.data }).data, expected, 'in place');
  sameElements(ops.scatterND(x(), at, rows).data, expected, 'a new array');
});

test('calls the shortcut leaves to the core give the core\'s result or error, x untouched', () => {
  const x = () => ({ data: Float32Array.from({ length: 12 }, (_, i) => i + 1), shape: [4, 3] });
  const indices = { data: new Int32Array([1, 1, -1]), shape: [3, 1] };
  const updates = { data: Float32Array.from({ length: 9 }, (_, i) => 10 * (i + 1)), shape: [3, 3] };
  // A reduction, given or inherited: the core's add.
  for (const options of [{ reduction: 'add' }, Object.create({ reduction: 'add' })]) {
    const r = ops.scatterND(x(), indices, updates, options);
    sameElements(r.data, byCore('scatterND', x(), indices, updates, { reduction: 'add' }), 'add');
  }
  // out overlapping x without being it, or overlapping the updates: the core, from copies of the inputs.
  const expected = byCore('scatterND', x(), indices, updates);
  const shared = new Float32Array(15);
  const x1 = x();
  shared.set(x1.data, 3);
  const overlapping = ops.scatterND({ data: shared.subarray(3), shape: [4, 3] }, indices, updates,
    { out: shared.subarray(0, 12) });
  sameElements(overlapping.data, expected, 'out overlapping x');
  const both = new Float32Array(21);
  both.set(updates.data, 0);
  const r = ops.scatterND(x(), indices, { data: both.subarray(0, 9), shape: [3, 3] }, { out: both.subarray(9) });
  sameElements(r.data, expected, 'out overlapping the updates');
  // An index out of range: the core's error, and nothing written even in place.
  const bad = { data: new Int32Array([1, 4]), shape: [2, 1] };
  const x2 = x();
  const before = x2.data.slice();
  const kept = ops.tensor(x2.data, x2.shape);
  let coreError;
  try {
    ops.scatterND(kept, bad, { data: updates.data.subarray(0, 6), shape: [2, 3] });
  } catch (e) {
    coreError = e;
  } finally {
    kept.dispose();
  }
  assert.ok(coreError, 'the core refuses index 4 of 4');
  assert.throws(() => ops.scatterND(x2, bad, { data: updates.data.subarray(0, 6), shape: [2, 3] }, { out: x2.data }),
    (e) => e.code === coreError.code && e.message === coreError.message);
  sameElements(x2.data, before, 'x untouched');
  // An unknown option: the core's error.
  assert.throws(() => ops.scatterND(x(), indices, updates, { axis: 0 }), /scatterND: .*axis/);
});

test('the shapes the rules accepted last are remembered only for the same shapes, dtype and axis', () => {
  const x = { data: new Float32Array(12), shape: [4, 3] };
  const rows = { data: new Float32Array(6).fill(5), shape: [2, 3] };
  const at = { data: new Int32Array([0, 2]), shape: [2, 1] };
  ops.scatterND(x, at, rows, { out: x.data }); // accepted, remembered
  // Same arrays, other shapes: each one refused by the rules, as the first call of it would be.
  const rules = (call) => {
    let message;
    try { call(); } catch (e) { message = e.message; }
    return message;
  };
  for (const [xs, is, us] of [[[4, 3], [2, 1], [3, 2]], [[4, 3], [1, 2], [2, 3]], [[12], [2, 1], [2, 3]]]) {
    const message = rules(() => ops.shapes.scatterND(xs, is, us, { dtype: 'float32' }));
    assert.ok(message, `the rules refuse ${JSON.stringify([xs, is, us])}`);
    const y = { data: x.data, shape: xs };
    assert.throws(() => ops.scatterND(y, { data: at.data, shape: is }, { data: rows.data, shape: us }, { out: x.data }),
      (e) => e.message === message);
  }
  // scatterElements: an axis the rules refuse for these shapes after one they accepted.
  const u = { data: new Float32Array(4).fill(7), shape: [1, 4] };
  const i = { data: new Int32Array([0, 1, 2, 0]), shape: [1, 4] };
  const y = { data: new Float32Array(16), shape: [4, 4] };
  ops.scatterElements(y, i, u, { axis: 1, out: y.data });
  assert.deepEqual([...y.data.subarray(0, 4)], [7, 7, 7, 0]);
  assert.throws(() => ops.scatterElements(y, i, u, { axis: 2, out: y.data }), /scatterElements: .*axis.*2/);
  let calls = 0;
  const tricky = { valueOf: () => (calls++ === 0 ? 1 : 5) }; // an axis that answers otherwise the second time
  assert.throws(() => ops.scatterElements(y, i, u, { axis: tricky, out: y.data }), /scatterElements/);
  assert.deepEqual([...y.data.subarray(0, 4)], [7, 7, 7, 0], 'nothing written by a refused call');
});

test('64-bit indices are read by halves: one past 32 bits is the core\'s error, however its low half reads', () => {
  const x = () => ({ data: Float32Array.from({ length: 12 }, (_, i) => i + 1), shape: [4, 3] });
  const updates = { data: new Float32Array(3).fill(-1), shape: [1, 3] };
  // Low halves 1 (2^32 + 1, -(2^32) + 1), or -1 with a high half that does not extend its sign.
  for (const v of [2n ** 32n + 1n, -(2n ** 32n) + 1n, 2n ** 32n - 1n, -(2n ** 31n) - 1n, 2n ** 63n - 1n, -(2n ** 63n)]) {
    const kept = ops.tensor(x().data, [4, 3]);
    let coreError;
    try {
      ops.scatterElements(kept, { data: BigInt64Array.of(v, v, v), shape: [1, 3] }, updates);
    } catch (e) {
      coreError = e;
    } finally {
      kept.dispose();
    }
    assert.ok(coreError, `the core refuses ${v}`);
    for (const Index of [BigInt64Array, BigUint64Array]) {
      const x2 = x();
      const before = x2.data.slice();
      const data = Index.of(...[v, v, v].map((b) => (Index === BigUint64Array ? BigInt.asUintN(64, b) : b)));
      assert.throws(() => ops.scatterElements(x2, { data, shape: [1, 3] }, updates, { out: x2.data }),
        (e) => e.code === coreError.code, `${Index.name} ${v}`);
      assert.throws(() => ops.scatterND(x2, { data: data.subarray(0, 1), shape: [1, 1] }, updates, { out: x2.data }),
        (e) => e.code === coreError.code, `scatterND ${Index.name} ${v}`);
      sameElements(x2.data, before, `${Index.name} ${v}: x untouched`);
    }
  }
  // Many indices, then few: the few alone are used (their buffer is kept between calls).
  const big = { data: new Float32Array(4096 * 4), shape: [4096, 4] };
  const many = { data: BigInt64Array.from({ length: 4096 * 4 }, (_, i) => BigInt(i % 7) - 3n), shape: [4096, 4] };
  const r1 = ops.scatterElements(big, many, { data: new Float32Array(4096 * 4).fill(2), shape: [4096, 4] }, { axis: 0, out: big.data });
  sameElements(r1.data, byCore('scatterElements', { data: new Float32Array(4096 * 4), shape: [4096, 4] }, many,
    { data: new Float32Array(4096 * 4).fill(2), shape: [4096, 4] }, { axis: 0 }), 'many');
  const small = x();
  const few = { data: BigInt64Array.of(-1n, 0n, 2n), shape: [1, 3] };
  const r2 = ops.scatterElements(small, few, updates, { out: small.data });
  sameElements(r2.data, byCore('scatterElements', x(), few, updates), 'few after many');
});

test('a kept cache updated in place (out: its own .data): only the rows are written, over x', () => {
  const start = Float32Array.from({ length: 64 * 8 }, (_, i) => i);
  const rows = { data: new Float32Array(2 * 8).fill(-1), shape: [2, 8] };
  const at = { data: Int32Array.of(5, -1), shape: [2, 1] };
  const expected = byCore('scatterND', { data: start, shape: [64, 8] }, at, rows);
  const cache = ops.tensor(start, [64, 8]);
  try {
    const r = ops.scatterND(cache, at, rows, { out: cache.data });
    sameElements(r.data, expected, 'the result');
    sameElements(cache.toArray(), expected, 'the cache itself');
    // scatterElements too, along axis 1.
    const ie = { data: Int8Array.of(0, 7), shape: [1, 2] };
    const upd = { data: Float32Array.of(100, 200), shape: [1, 2] };
    const next = byCore('scatterElements', { data: cache.toArray(), shape: [64, 8] }, ie, upd, { axis: 1 });
    sameElements(ops.scatterElements(cache, ie, upd, { axis: 1, out: cache.data }).data, next, 'scatterElements in place');
    sameElements(cache.toArray(), next, 'the cache after scatterElements');
  } finally {
    cache.dispose();
  }
});

test('an out in wasm memory: written directly when apart from the inputs, through the block when not', () => {
  const a = ops.tensor(Int32Array.from({ length: 12 }, (_, i) => i), [3, 4]);
  const b = ops.tensor(new Int32Array(12), [3, 4]);
  try {
    // Apart: roll of a into b's memory.
    ops.roll(a, 1, 1, { out: b.data });
    assert.deepEqual(Array.from(b.toArray()), [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10]);
    // Over its own input (roll is no in-place operation): still the roll of the elements before the call.
    ops.roll(b, 1, 1, { out: b.data });
    assert.deepEqual(Array.from(b.toArray()), [2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9]);
    // A scatter whose updates are the out's memory: read before they are overwritten.
    const r = ops.scatterND({ data: Int32Array.from({ length: 12 }, () => 9), shape: [3, 4] },
      { data: Int32Array.of(1), shape: [1, 1] }, { data: b.data.subarray(0, 4), shape: [1, 4] }, { out: b.data });
    assert.deepEqual(Array.from(r.data), [9, 9, 9, 9, 2, 3, 0, 1, 9, 9, 9, 9]);
  } finally {
    a.dispose();
    b.dispose();
  }
});
