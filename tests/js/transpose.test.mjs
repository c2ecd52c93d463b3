// transpose beyond the table-driven suites: image layouts (NHWC <-> NCHW
// with 3, 4 and 64 channels), a large square matrix (through the thread
// pool), kept tensors and `out`, against the JS reference.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertSameBits, gather } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';

const ops = await loadOps();
const filled = (Array, n) => Array.from({ length: n }, (_, i) => (Array === BigInt64Array ? BigInt(i) : i % 251));

test('NHWC <-> NCHW for 3, 4 and 64 channels, uint8 and float32, plain, kept and out', () => {
  for (const [Array, shape, perm] of [
    [Uint8Array, [1, 64, 48, 3], [0, 3, 1, 2]], [Float32Array, [1, 64, 48, 3], [0, 3, 1, 2]],
    [Uint8Array, [2, 32, 40, 4], [0, 3, 1, 2]], [Float32Array, [1, 4, 32, 40], [0, 2, 3, 1]],
    [Float32Array, [1, 16, 16, 64], [0, 3, 1, 2]], [BigInt64Array, [1, 64, 8, 8], [0, 2, 3, 1]],
  ]) {
    const n = shape.reduce((a, b) => a * b);
    const data = Array.from(filled(Array, n));
    const expected = ref.transpose(shape, perm);
    const want = gather(data, expected.src);
    const plain = ops.transpose({ data, shape }, perm);
    assert.deepEqual(plain.shape, expected.shape);
    assertSameBits(plain.data, want, `${Array.name} ${shape}`);
    const out = new Array(n);
    assert.equal(ops.transpose({ data, shape }, perm, { out }).data, out);
    assertSameBits(out, want);
    const kept = ops.tensor(data, shape);
    const k = ops.transpose(kept, perm);
    assertSameBits(k.toArray(), want);
    const back = ops.transpose(k, perm.map((_, i) => perm.indexOf(i)));
    assertSameBits(back.toArray(), data, 'the inverse permutation');
    for (const t of [kept, k, back]) t.dispose();
  }
});

test('a 1024 x 1024 float32 matrix (through the thread pool when there is one)', () => {
  const data = Float32Array.from({ length: 1024 * 1024 }, (_, i) => i);
  const r = ops.transpose({ data, shape: [1024, 1024] });
  for (const [i, j] of [[0, 0], [0, 1], [1, 0], [513, 77], [1023, 1022]]) assert.equal(r.data[i * 1024 + j], j * 1024 + i);
  assert.deepEqual(ops.shapes.transpose([1, 84, 8400], [0, 2, 1]), [1, 8400, 84]);
  assert.deepEqual(ops.shapes.transpose([2, 3, 4]), [4, 3, 2]);
  assert.equal(ops.memory().keptTensors, 0);
});
