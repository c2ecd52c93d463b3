// oneHot into a plain array with 64 bytes or more per index is run by
// JavaScript (web/one_hot_in_js.mjs). Here its results are checked against
// the rule itself (which elements hold the on value, from the indices'
// values as bigints) and bit for bit against the core (the same call on
// kept indices with a kept result, which never takes the shortcut): every
// index dtype, every output dtype, random shapes and axes, negative and
// out-of-range indices (64-bit ones whose high half alone is wrong, too),
// a new array, an `out`, kept indices into `out`; the calls that must
// leave the shortcut give the core's errors, having read each value once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DTYPE_CASES, assertSameBits, bitsOf, expectError, keptResultBits, makeRng, snapshot, volume } from './helpers.mjs';
import { flipping } from './hostile_inputs.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();

const INDEX_CLASSES = {
  int8: Int8Array, uint8: Uint8Array, int16: Int16Array, uint16: Uint16Array,
  int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array,
};
const SIGNED = new Set(['int8', 'int16', 'int32', 'int64']);

// [off, on] valid in each output dtype.
const VALUES = {
  bool: [[false, true], [true, false]],
  int64: [[0n, 1n], [-3n, 7n]],
  uint64: [[0n, 1n], [2n ** 64n - 1n, 5n]],
};
const valuesFor = (dtype, rng) => VALUES[dtype]?.[rng.int(0, 1)] ??
  rng.pick([[0, 1], [2, 3], [0, 0], [1, 0], dtype.startsWith('int') || dtype.startsWith('float') || dtype === 'bfloat16' ? [-1, 7] : [9, 4]]);

// Index values in and around [-depth, depth), as bigints, and as stored in
// the index dtype (64-bit ones whose low half alone would be in range too).
function randomIndices(rng, dtype, n, depth) {
  const bits = { int8: 8, uint8: 8, int16: 16, uint16: 16, int32: 32, uint32: 32, int64: 64, uint64: 64 }[dtype];
  const lo = SIGNED.has(dtype) ? -(2n ** BigInt(bits - 1)) : 0n;
  const hi = SIGNED.has(dtype) ? 2n ** BigInt(bits - 1) - 1n : 2n ** BigInt(bits) - 1n;
  const near = [0n, 1n, BigInt(depth - 1), BigInt(depth), -1n, BigInt(-depth), BigInt(-depth - 1), lo, hi];
  if (bits === 64) near.push(2n ** 32n + 1n, -(2n ** 32n) + 2n, 2n ** 32n - 1n, -(2n ** 31n));
  const values = Array.from({ length: n }, () => {
    const v = rng.int(0, 2) === 0 ? rng.pick(near) : BigInt(rng.int(-depth - 2, depth + 2));
    return v < lo || v > hi ? 0n : v;
  });
  const Class = INDEX_CLASSES[dtype];
  return { values, data: bits === 64 ? Class.from(values) : Class.from(values, Number) };
}

// The elements that hold the on value, by the rule: index p = r * inner + i
// with value v in [-depth, depth) names element (r * depth + (v mod depth)) * inner + i.
function onPlaces(values, shape, depth, axis) {
  const at = axis < 0 ? axis + shape.length + 1 : axis;
  const inner = volume(shape.slice(at));
  const places = new Set();
  values.forEach((v, p) => {
    if (v < -BigInt(depth) || v >= BigInt(depth)) return;
    const d = Number(v < 0n ? v + BigInt(depth) : v);
    places.add((Math.floor(p / inner) * depth + d) * inner + (p % inner));
  });
  return places;
}

const byCore = (indices, depth, options) => keptResultBits(ops, indices, (kept) => ops.oneHot(kept, depth, options));

test('plain oneHot follows the rule and the core on every index and output dtype, random shapes and axes', () => {
  const rng = makeRng(0x0e4a);
  const outputs = DTYPE_CASES.filter((c) => c.Array !== Uint8ClampedArray);
  let shortcut = 0;
  for (let n = 0; n < 240; n++) {
    const indexDtype = Object.keys(INDEX_CLASSES)[n % 8];
    const c = outputs[Math.floor(n / 8) % outputs.length];
    const rank = rng.int(0, 3);
    const shape = Array.from({ length: rank }, () => rng.int(1, 6));
    // Mostly 64 bytes or more per index (the shortcut's), sometimes fewer.
    const minDepth = Math.ceil(64 / c.Array.BYTES_PER_ELEMENT);
    const depth = rng.int(0, 4) === 0 ? rng.int(1, minDepth - 1) : rng.int(minDepth, minDepth + 40);
    if (depth * c.Array.BYTES_PER_ELEMENT >= 64) shortcut++;
    const axis = rng.int(-rank - 1, rank);
    const values = valuesFor(c.dtype, rng);
    const { values: indexValues, data } = randomIndices(rng, indexDtype, volume(shape), depth);
    const indices = { data, shape, dtype: indexDtype };
    const options = { axis, values, dtype: c.dtype };
    const what = `${indexDtype} ${JSON.stringify(shape)} -> ${c.dtype}, depth ${depth}, axis ${axis}, values ${values}`;
    const want = byCore(indices, depth, options);
    // The core against the rule: on bits at the named places, off bits elsewhere.
    const places = onPlaces(indexValues, shape, depth, axis);
    const [offBits, onBits] = [values[0], values[1]].map((v) => byCore({ data: Int8Array.of(0), shape: [1], dtype: 'int8' }, 1,
      { values: [v, v], dtype: c.dtype })[0]);
    want.forEach((b, e) => assert.equal(b, places.has(e) ? onBits : offBits, `core, element ${e}: ${what}`));

    const before = snapshot(data);
    const fresh = ops.oneHot(indices, depth, options);
    assert.equal(fresh.dtype, c.dtype);
    assert.equal(fresh.data.length, want.length);
    assertSameBits(bitsOf(fresh.data), want, `new array: ${what}`);
    const out = new c.Array(want.length);
    bitsOf(out).fill(typeof want[0] === 'bigint' ? 5n : 5);
    assert.equal(ops.oneHot(indices, depth, { ...options, out }).data, out);
    assertSameBits(bitsOf(out), want, `out: ${what}`);
    const kept = ops.tensor(data, shape, indexDtype);
    bitsOf(out).fill(typeof want[0] === 'bigint' ? 6n : 6);
    ops.oneHot(kept, depth, { ...options, out });
    kept.dispose();
    assertSameBits(bitsOf(out), want, `kept indices into out: ${what}`);
    assertSameBits(snapshot(data), before, `indices untouched: ${what}`);
  }
  assert.ok(shortcut > 150, `${shortcut} calls of 64 bytes or more per index`);
  assert.equal(ops.memory().keptTensors, 0);
});

test('plain oneHot: a subarray of indices, an out that overlaps the indices, a strided kept view', () => {
  const labels = Int32Array.from({ length: 40 }, (_, i) => (i * 7) % 19 - 3);
  const indices = { data: labels.subarray(8, 24), shape: [4, 4] };
  const want = byCore(indices, 16, {});
  assertSameBits(bitsOf(ops.oneHot(indices, 16).data), want, 'subarray');
  // An out sharing the indices' bytes goes to the core, which reads the indices before writing.
  const shared = new Float32Array(16 * 16 + 16);
  const first = Float32Array.from({ length: 16 }, (_, i) => i % 16);
  const idx = new Int32Array(shared.buffer, 0, 16);
  idx.set(Int32Array.from(first));
  const wantShared = byCore({ data: idx.slice(), shape: [16] }, 16, {});
  const r = ops.oneHot({ data: idx, shape: [16] }, 16, { out: shared.subarray(0, 256) });
  assertSameBits(bitsOf(r.data), wantShared, 'out overlapping the indices');
  // A strided kept view of indices: the core's (made contiguous), same bits.
  const base = ops.tensor(Int32Array.from({ length: 32 }, (_, i) => i % 20), [4, 8]);
  const view = ops.transpose(base);
  const out = new Float32Array(32 * 20);
  ops.oneHot(view, 20, { out });
  assertSameBits(bitsOf(out), byCore({ data: view.toArray(), shape: [8, 4] }, 20, {}), 'strided kept view');
  view.dispose();
  base.dispose();
});

test('plain oneHot of 64 bytes per index: bad calls give the core\'s errors and write nothing', () => {
  const indices = { data: Int32Array.of(0, 3, 9), shape: [3] };
  const out = new Float32Array(3 * 16).fill(5);
  const before = snapshot(out);
  expectError(() => ops.oneHot(indices, 16, { axis: 2, out }), 'INVALID_ARGUMENT', 'oneHot', ['axis', '2']);
  expectError(() => ops.oneHot(indices, 16, { values: [0, 1.5], dtype: 'int32' }), 'INVALID_ARGUMENT', 'oneHot', ['values[1]', '1.5']);
  expectError(() => ops.oneHot(indices, 16, { values: [0, 300], dtype: 'uint8' }), 'INVALID_ARGUMENT', 'oneHot', ['values[1]', '300']);
  expectError(() => ops.oneHot(indices, 16, { out: new Float64Array(3 * 16) }), 'INVALID_ARGUMENT', 'oneHot', ['out']);
  expectError(() => ops.oneHot(indices, 16, { out: new Float32Array(3 * 16 - 1) }), 'INVALID_ARGUMENT', 'oneHot', ['out']);
  expectError(() => ops.oneHot(indices, 16, { depthh: 2, out }), 'INVALID_ARGUMENT', 'oneHot', ['depthh']);
  expectError(() => ops.oneHot({ data: Float32Array.of(1), shape: [1] }, 16, { out: new Float32Array(16) }), 'INVALID_ARGUMENT', 'oneHot', ['indices']);
  expectError(() => ops.oneHot({ data: Int32Array.of(1), shape: [1], dtype: 'bool' }, 16), 'INVALID_ARGUMENT', 'oneHot', ['bool']);
  assertSameBits(snapshot(out), before, 'out untouched');
  assert.equal(ops.memory().keptTensors, 0);
});

test('plain oneHot: a values element read by JavaScript, which then leaves the call to the core, is read once', () => {
  // 64 bytes per index (the shortcut's), into a kept tensor's data: the core's.
  const target = ops.tensor(new Float32Array(3 * 16), [3, 16]);
  const values = [0, 0];
  const element = flipping(values, 1, [1, 5]);
  const r = ops.oneHot({ data: Int32Array.of(0, 3, 9), shape: [3] }, 16, { values, out: target.data });
  assert.deepEqual([r.data[0], r.data[16 + 3], r.data[32 + 9], r.data[1]], [1, 1, 1, 0], 'the first value read');
  assert.equal(element.reads, 1, `values[1] was read ${element.reads} times`);
  target.dispose();
  assert.equal(ops.memory().keptTensors, 0);
});
