// `out` given as a view of the module's own memory (a kept tensor's .data,
// which the README invites passing back in) is written in place, by address,
// even when the call grows the memory, which detaches every view of it in the
// single-threaded build. The result's data is then a view valid after the
// growth. Regression: the single-threaded build threw a raw "TypeError:
// Cannot perform Construct on a detached ArrayBuffer".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertSameBits, gather } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';

const n = 2 ** 20; // 4 MiB of float32

test('out in wasm memory: written in place when the call grows the memory', async () => {
  const ops = await loadOps(); // a fresh module: 16 MiB, so the call below must grow it
  const src = Float32Array.from({ length: n }, (_, i) => i);
  const a = ops.tensor(new Float32Array(n), [n]);
  const b = ops.tensor(new Float32Array(n), [n]);
  const before = ops.memory().wasmBytes;
  const out = b.data;
  const r = ops.roll({ data: src, shape: [n] }, 3, 0, { out });
  assert.ok(ops.memory().wasmBytes > before, 'the call grew the memory');
  const expected = gather(src, ref.roll([n], [3], [0]).src);
  assert.equal(r.data.length, n);
  assertSameBits(r.data, expected);
  assertSameBits(b.toArray(), expected, 'the kept tensor behind out');
  if (out.length === n) assert.equal(r.data, out, 'out survived the growth (shared memory): it is the result');
  else assert.equal(r.data.buffer, b.data.buffer, 'a fresh view of the same bytes');
  a.dispose();
  b.dispose();
});

test('out in wasm memory: reshape and the other operations too', async () => {
  const ops = await loadOps();
  const t = ops.tensor(Float32Array.from({ length: 24 }, (_, i) => i), [2, 3, 4]);
  const target = ops.tensor(new Float32Array(24), [24]);
  const big = ops.tensor(new Float32Array(3 * 2 ** 20), [3 * 2 ** 20]); // nearly fills the 16 MiB
  const x = { data: Float32Array.from({ length: 24 }, (_, i) => 100 + i), shape: [2, 3, 4] };
  for (const [name, call, expected] of [
    ['reshape', (o) => ops.reshape(x, [-1], o), x.data],
    ['broadcast', (o) => ops.broadcast(x, [2, 3, 4], o), x.data],
    ['spaceToDepth', (o) => ops.spaceToDepth({ ...x, shape: [1, 2, 2, 6] }, 2, o),
      gather(x.data, ref.spaceToDepth([1, 2, 2, 6], 2).src)],
    ['roll of a kept input', (o) => ops.roll(t, 1, 2, o), gather(t.toArray(), ref.roll([2, 3, 4], [1], [2]).src)],
  ]) {
    const hog = ops.tensor(new Float32Array(2 ** 20), [2 ** 20]); // forces growth on some calls
    const r = call({ out: target.data });
    assertSameBits(r.data, expected, name);
    assertSameBits(target.toArray(), expected, `${name}: the kept tensor behind out`);
    hog.dispose();
  }
  for (const k of [t, target, big]) k.dispose();
  assert.equal(ops.memory().keptTensors, 0);
});
