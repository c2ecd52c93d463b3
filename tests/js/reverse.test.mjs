// reverse beyond the table-driven suites: random axes against the JS
// reference on every element width (plain, kept and out), reversing twice,
// integer-list forms, and a large image mirrored (through the thread pool
// when there is one).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertSameBits, gather, makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';

const ops = await loadOps();

test('random axes of random shapes agree with the reference; twice is the identity', () => {
  const rng = makeRng(0x4e7e45e);
  const int = (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));
  const arrays = [Int8Array, Int16Array, Int32Array, Float64Array];
  for (let i = 0; i < 200; i++) {
    const rank = int(0, 6);
    const shape = Array.from({ length: rank }, () => (rng() < 0.05 ? 0 : int(1, 4)));
    const axes = rng() < 0.2 ? undefined
      : shape.map((_, k) => k).filter(() => rng() < 0.5).map((a) => (rng() < 0.4 ? a - rank : a)).sort(() => rng() - 0.5);
    const Array_ = arrays[i % arrays.length];
    const data = Array_.from({ length: shape.reduce((p, d) => p * d, 1) }, () => int(-100, 100));
    const expected = ref.reverse(shape, axes);
    const what = `${JSON.stringify(shape)} axes ${JSON.stringify(axes)}`;
    const r = ops.reverse({ data, shape }, axes);
    assert.deepEqual(r.shape, shape, what);
    assertSameBits(r.data, gather(data, expected.src), what);
    assertSameBits(ops.reverse(r, axes).data, data, `${what}: twice`);
    assert.deepEqual(ops.shapes.reverse(shape, axes), shape);
    const out = new Array_(data.length);
    assert.equal(ops.reverse({ data, shape }, axes, { out }).data, out);
    assertSameBits(out, gather(data, expected.src), what);
    const kept = ops.tensor(data, shape);
    const k = ops.reverse(kept, axes);
    assertSameBits(k.toArray(), gather(data, expected.src), what);
    kept.dispose();
    k.dispose();
  }
  assert.equal(ops.memory().keptTensors, 0);
});

test('axes in every integer-list form', () => {
  const x = { data: Int32Array.from({ length: 24 }, (_, i) => i), shape: [2, 3, 4] };
  const want = gather(x.data, ref.reverse(x.shape, [0, 2]).src);
  for (const axes of [[0, 2], [-3, -1], [0n, -1n], Int32Array.of(2, 0), BigInt64Array.of(-1n, 0n)]) {
    assertSameBits(ops.reverse(x, axes).data, want, String(axes));
  }
  assertSameBits(ops.reverse(x, -2).data, gather(x.data, ref.reverse(x.shape, [1]).src));
});

test('a 1024 x 1024 RGBA image mirrored both ways (through the thread pool when there is one)', () => {
  const data = Uint8Array.from({ length: 1024 * 1024 * 4 }, (_, i) => (i * 7) % 256);
  const shape = [1024, 1024, 4];
  const r = ops.reverse({ data, shape }, [0, 1]);
  for (const [y, x, c] of [[0, 0, 0], [0, 1023, 3], [511, 700, 2], [1023, 0, 1]]) {
    assert.equal(r.data[(y * 1024 + x) * 4 + c], data[((1023 - y) * 1024 + (1023 - x)) * 4 + c]);
  }
  const f = ops.reverse({ data: new Float32Array(data), shape }, [-1]);
  assert.equal(f.data[3], data[0]);
  assert.equal(f.data[4 * 1024 * 1024 - 4], data[4 * 1024 * 1024 - 1]);
});
