// slice beyond the table-driven suites: int64 starts and ends as bigints
// (exact beyond 2^53, in every integer-list form), random slices against the
// JS reference, image crops and ::2 subsampling on every element width,
// a large crop (through the thread pool when there is one), kept tensors
// and `out`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertSameBits, gather, makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';

const ops = await loadOps();
const MAX = 2n ** 63n - 1n;
const MIN = -(2n ** 63n);
const iota = (n) => Int32Array.from({ length: n }, (_, i) => i);

test('int64 starts and ends: the extremes and values beyond 2^53, in every list form', () => {
  const x = { data: iota(24), shape: [4, 6] };
  const whole = ops.slice(x, [MIN, MIN], [MAX, MAX]);
  assert.deepEqual(whole.shape, [4, 6]);
  assertSameBits(whole.data, x.data);
  const backwards = ops.slice(x, [MAX, MAX], [MIN, MIN], { steps: [-1, -1] });
  assertSameBits(backwards.data, gather(x.data, ref.slice(x.shape, [MAX, MAX], [MIN, MIN], undefined, [-1, -1]).src));
  assert.deepEqual(Array.from(backwards.data.subarray(0, 3)), [23, 22, 21]);
  // 2^53 + 1 and -(2^53 + 1) are exact only as bigints: still past either end.
  for (const starts of [[-(2n ** 53n) - 1n, 1n], BigInt64Array.from([-(2n ** 53n) - 1n, 1n])]) {
    const r = ops.slice(x, starts, [2n ** 53n + 1n, -1n]);
    assert.deepEqual(r.shape, [4, 4]);
    assertSameBits(r.data, gather(x.data, ref.slice(x.shape, [0, 1], [4, -1]).src));
  }
  // Steps of int64's extremes take one element.
  assert.deepEqual(Array.from(ops.slice(x, [1], [MAX], { axes: [1], steps: [MAX] }).data), [1, 7, 13, 19]);
  assert.deepEqual(Array.from(ops.slice(x, [-1], [MIN], { axes: [1], steps: BigInt64Array.of(MIN) }).data), [5, 11, 17, 23]);
  // Int32Array and single numbers.
  assert.deepEqual(Array.from(ops.slice(x, Int32Array.of(3), Int32Array.of(-7), { axes: 0, steps: -2 }).data),
    Array.from(gather(x.data, ref.slice(x.shape, [3], [-7], [0], [-2]).src)));
  assert.deepEqual(ops.shapes.slice([4, 6], 1, MAX, { axes: -1, steps: 2 }), [4, 3]);
});

test('random slices of random shapes agree with the reference (plain, kept and out)', () => {
  const rng = makeRng(0x511ce);
  const int = (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));
  for (let i = 0; i < 200; i++) {
    const rank = int(0, 5);
    const shape = Array.from({ length: rank }, () => (rng() < 0.05 ? 0 : int(1, 5)));
    const order = shape.map((_, k) => k).sort(() => rng() - 0.5);
    const n = int(0, rank);
    const axes = order.slice(0, n).map((a) => (rng() < 0.3 ? a - rank : a));
    const bound = (d) => [MAX, MIN, int(-2 * d - 2, 2 * d + 2), int(-d, d), BigInt(int(-d, d))][int(0, 4)];
    const starts = order.slice(0, n).map((a) => bound(shape[a]));
    const ends = order.slice(0, n).map((a) => bound(shape[a]));
    const steps = axes.map(() => (rng() < 0.5 ? 1 : -1) * int(1, 3));
    const expected = ref.slice(shape, starts, ends, axes, steps);
    const data = Float64Array.from({ length: shape.reduce((p, d) => p * d, 1) }, () => rng());
    const what = `${JSON.stringify(shape)} ${starts} ${ends} ${axes} ${steps}`;
    const r = ops.slice({ data, shape }, starts, ends, { axes, steps });
    assert.deepEqual(r.shape, expected.shape, what);
    assertSameBits(r.data, gather(data, expected.src), what);
    assert.deepEqual(ops.shapes.slice(shape, starts, ends, { axes, steps }), expected.shape);
    const out = new Float64Array(expected.src.length);
    assert.equal(ops.slice({ data, shape }, starts, ends, { axes, steps, out }).data, out);
    assertSameBits(out, gather(data, expected.src), what);
    const kept = ops.tensor(data, shape);
    const k = ops.slice(kept, starts, ends, { axes, steps });
    assertSameBits(k.toArray(), gather(data, expected.src), what);
    kept.dispose();
    k.dispose();
  }
  assert.equal(ops.memory().keptTensors, 0);
});

test('center crops and ::2 subsampling of images, every element width', () => {
  for (const Array_ of [Uint8Array, Uint16Array, Float32Array, BigInt64Array]) {
    const n = 1 * 40 * 48 * 3;
    const data = Array_ === BigInt64Array ? BigInt64Array.from({ length: n }, (_, i) => BigInt(i) - 5n)
      : Array_.from({ length: n }, (_, i) => i % 251);
    const x = { data, shape: [1, 40, 48, 3] };
    for (const [starts, ends, axes, steps] of [
      [[4, 8], [36, 40], [1, 2], [1, 1]],      // NHWC center crop
      [[0, 0], [MAX, MAX], [1, 2], [2, 2]],    // every other pixel
      [[-1], [MIN], [2], [-1]],                // mirrored
      [[1, 2, -1], [MAX, -2, MIN], [1, 2, 3], [3, 2, -1]],
    ]) {
      const r = ops.slice(x, starts, ends, { axes, steps });
      const expected = ref.slice(x.shape, starts, ends, axes, steps);
      assert.deepEqual(r.shape, expected.shape);
      assertSameBits(r.data, gather(data, expected.src), `${Array_.name} ${starts} ${ends} ${steps}`);
    }
  }
});

test('a 2048 x 2048 float32 crop (through the thread pool when there is one)', () => {
  const data = Float32Array.from({ length: 2048 * 2048 }, (_, i) => i);
  const r = ops.slice({ data, shape: [2048, 2048] }, [100, 3], [2000, -5]);
  assert.deepEqual(r.shape, [1900, 2040]);
  for (const [i, j] of [[0, 0], [0, 2039], [1899, 0], [950, 1020], [1899, 2039]]) {
    assert.equal(r.data[i * 2040 + j], (i + 100) * 2048 + j + 3);
  }
  const s = ops.slice({ data, shape: [2048, 2048] }, [-1, -1], [MIN, MIN], { steps: [-2, -3] });
  assert.deepEqual(s.shape, [1024, 683]);
  assert.equal(s.data[0], 2048 * 2048 - 1);
  assert.equal(s.data[683 + 1], (2047 - 2) * 2048 + 2047 - 3);
});
