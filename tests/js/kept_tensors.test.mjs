// Tensors kept in WebAssembly memory: ops.tensor(), chaining, .data views
// and .toArray() copies, zero-copy reshape, dispose(), memory accounting,
// memory growth, the `out` option, and the garbage-collection backstop.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, test } from 'node:test';
import { KeptTensor, TensorOpsError } from '../../web/node.mjs';
import { DTYPE_CASES, assertSameBits, expectError, gather, makeData, makeRng } from './helpers.mjs';
import { THREADS, loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';

const ops = await loadOps();
ops.tensor(new Int8Array(1), [1]).dispose();
const base = ops.memory();
const rng = makeRng(0xcafe);

// Every kept tensor a test makes goes through keep(), so that a failing test
// does not leave tensors behind for the next one.
const live = [];
const keep = (t) => (live.push(t), t);
afterEach(() => {
  for (const t of live.splice(0)) t.dispose();
});

function assertBaseline() {
  const m = ops.memory();
  assert.equal(m.keptTensors, 0, 'keptTensors');
  assert.equal(m.keptBytes, 0, 'keptBytes');
  assert.equal(m.heapBytes, base.heapBytes, 'heapBytes');
}

test('ops.tensor copies once, for every dtype', () => {
  for (const c of DTYPE_CASES) {
    const data = makeData(c, 24, rng);
    const t = keep(ops.tensor(data, [2, 3, 4], c.dtype));
    assert.ok(t instanceof KeptTensor);
    assert.deepEqual([...t.shape], [2, 3, 4]);
    assert.equal(t.dtype, c.dtype);
    assert.equal(t.size, 24);
    assert.equal(ops.memory().keptBytes, 24 * data.BYTES_PER_ELEMENT);
    const copy = new c.Array(data); // bits of the original, for after the change below
    data.fill(c.Array === BigInt64Array || c.Array === BigUint64Array ? 0n : 0);
    assertSameBits(t.toArray(), copy, `${c.label} toArray`);
    assertSameBits(t.data, copy, `${c.label} data`);
    t.dispose();
  }
  // Left out, the dtype comes from the array.
  const t = keep(ops.tensor(new BigInt64Array([-(2n ** 63n), 2n ** 63n - 1n]), [2]));
  assert.equal(t.dtype, 'int64');
  assert.deepEqual(Array.from(t.toArray()), [-(2n ** 63n), 2n ** 63n - 1n]);
  t.dispose();
  assertBaseline();
});

test('operations on kept tensors return kept tensors, and chain', () => {
  const c = DTYPE_CASES.find((d) => d.dtype === 'float16');
  const data = makeData(c, 2 * 4 * 4 * 3, rng);
  const t = keep(ops.tensor(data, [2, 4, 4, 3], 'float16'));
  const s = keep(ops.spaceToDepth(t, 2));
  const u = keep(ops.roll(s, [1], [3]));
  const v = keep(ops.broadcast(u, [2, 2, 2, 2, 12]));
  const r = keep(ops.reshape(v, [4, 8, 2, 3]));
  const w = keep(ops.depthToSpace(r, 2, { dataFormat: 'NCHW', mode: 'depth_first' }));
  for (const k of [s, u, v, r, w]) {
    assert.ok(k instanceof KeptTensor);
    assert.equal(k.dtype, 'float16');
  }
  // Expected: the reference's index maps composed.
  const e1 = ref.spaceToDepth([2, 4, 4, 3], 2);
  const e2 = ref.roll(e1.shape, [1], [3]);
  const e3 = ref.broadcast(e2.shape, [2, 2, 2, 2, 12]);
  const e4 = ref.depthToSpace([4, 8, 2, 3], 2, 'NCHW', 'depth_first');
  const expected = gather(gather(gather(gather(data, e1.src), e2.src), e3.src), e4.src);
  assert.deepEqual([...w.shape], e4.shape);
  assertSameBits(w.toArray(), expected);
  assert.equal(ops.memory().keptTensors, 6);
  for (const k of [t, s, u, v, r, w]) k.dispose();
  assertBaseline();
});

test('.data is a view into wasm memory, .toArray() a copy', () => {
  const t = keep(ops.tensor(Int32Array.from([1, 2, 3, 4, 5, 6]), [2, 3]));
  t.data[0] = 100;
  assert.equal(t.toArray()[0], 100, 'writes through .data reach the tensor');
  const copy = t.toArray();
  copy[1] = -1;
  assert.equal(t.data[1], 2, 'a copy is not the tensor');
  assert.notEqual(copy.buffer, t.data.buffer);
  // Operations read what was written through the view.
  const r = keep(ops.roll(t, 1, 1));
  assert.deepEqual(Array.from(r.toArray()), [3, 100, 2, 6, 4, 5]);
  r.dispose();
  t.dispose();
  assertBaseline();
});

test('reshape of a kept tensor is an O(1) view of the same memory', () => {
  const t = keep(ops.tensor(Float64Array.from({ length: 12 }, (_, i) => i), [3, 4]));
  const before = ops.memory();
  const v = keep(ops.reshape(t, [2, -1, 2]));
  const after = ops.memory();
  assert.deepEqual([...v.shape], [2, 3, 2]);
  assert.equal(after.heapBytes, before.heapBytes, 'nothing allocated');
  assert.equal(after.keptBytes, before.keptBytes, 'no new bytes kept');
  assert.equal(after.keptTensors, before.keptTensors + 1);
  assert.equal(v.data.byteOffset, t.data.byteOffset, 'same address');
  v.data[5] = -0.5;
  assert.equal(t.data[5], -0.5, 'a write through the view shows in the original');
  t.data[0] = 42;
  assert.equal(v.toArray()[0], 42, 'and the other way round');
  // The memory lives until the last view is disposed.
  t.dispose();
  assert.equal(v.toArray()[5], -0.5);
  assert.equal(ops.memory().keptBytes, 12 * 8);
  v.dispose();
  assertBaseline();
});

test('dispose() then any use throws DISPOSED', () => {
  const t = keep(ops.tensor(new Uint8Array(8), [8]));
  t.dispose();
  assert.equal(t.disposed, true);
  expectError(() => t.data, 'DISPOSED', 'KeptTensor.data');
  expectError(() => t.toArray(), 'DISPOSED', 'KeptTensor.toArray()');
  expectError(() => ops.roll(t, 1, 0), 'DISPOSED', 'roll');
  expectError(() => ops.reshape(t, [2, 4]), 'DISPOSED', 'reshape');
  assertBaseline();
});

test('kept tensors survive wasm memory growth', () => {
  const small = DTYPE_CASES.map((c) => {
    const data = makeData(c, 17, rng);
    return { c, data, t: keep(ops.tensor(data, [17], c.dtype)) };
  });
  const staleView = small[9].t.data;
  const wasmBefore = ops.memory().wasmBytes;
  const MiB64 = 64 * 1024 * 1024;
  const big = [];
  for (let i = 0; i < 4; i++) {
    const data = new Uint32Array(MiB64 / 4);
    for (let j = 0; j < data.length; j += 4099) data[j] = j ^ (i << 28);
    big.push(keep(ops.tensor(data, [data.length])));
  }
  assert.ok(ops.memory().wasmBytes > wasmBefore + 3 * MiB64, 'memory grew');
  for (const { c, data, t } of small) {
    assertSameBits(t.data, data, `${c.label} .data after growth`);
    assertSameBits(t.toArray(), data, `${c.label} .toArray() after growth`);
    const r = keep(ops.roll(t, 5, 0));
    assertSameBits(r.toArray(), gather(data, ref.roll([17], 5, 0).src), `${c.label} roll after growth`);
    r.dispose();
  }
  // A view taken before growth is stale (docs/operations.md#kept-tensors), but the fresh one is right.
  assert.ok(staleView.length === 17 || staleView.length === 0);
  big.forEach((t, i) => {
    const view = t.data;
    for (let j = 0; j < view.length; j += 4099) assert.equal(view[j], (j ^ (i << 28)) >>> 0);
  });
  for (const { t } of small) t.dispose();
  for (const t of big) t.dispose();
  assertBaseline();
});

test('out receives the result, for plain and kept inputs', () => {
  const data = Int16Array.from({ length: 48 }, (_, i) => i - 24);
  const shape = [1, 4, 4, 3];
  const calls = [
    ['roll', (x, o) => ops.roll(x, [1, -1], [1, 2], o), ref.roll(shape, [1, -1], [1, 2])],
    ['broadcast', (x, o) => ops.broadcast(x, [2, 1, 4, 4, 3], o), ref.broadcast(shape, [2, 1, 4, 4, 3])],
    ['spaceToDepth', (x, o) => ops.spaceToDepth(x, 2, o), ref.spaceToDepth(shape, 2)],
    ['depthToSpace', (x, o) => ops.depthToSpace(x, 1, { mode: 'depth_first', ...o }), ref.depthToSpace(shape, 1)],
    ['reshape', (x, o) => ops.reshape(x, [12, 4], o), ref.reshape(shape, [12, 4])],
  ];
  for (const kept of [false, true]) {
    const x = kept ? keep(ops.tensor(data, shape)) : { data, shape };
    for (const [op, call, expected] of calls) {
      // A subarray, to prove its byteOffset is honoured and its neighbours untouched.
      const backing = new Int16Array(expected.src.length + 2).fill(777);
      const out = backing.subarray(1, backing.length - 1);
      const heap = ops.memory().heapBytes;
      const r = call(x, { out });
      assert.equal(r.data, out, `${op} kept=${kept}: result.data === out`);
      assert.deepEqual([...r.shape], expected.shape);
      assert.equal(r.dtype, 'int16');
      assertSameBits(out, gather(data, expected.src), `${op} kept=${kept}`);
      assert.equal(backing[0], 777);
      assert.equal(backing[backing.length - 1], 777);
      assert.equal(ops.memory().heapBytes, heap, `${op}: nothing left allocated`);
    }
    if (kept) x.dispose();
  }
  assertBaseline();
});

test('kept tensors dropped without dispose() are freed by the garbage collector', () => {
  const script = fileURLToPath(new URL('./children/gc_kept.mjs', import.meta.url));
  const child = spawnSync(process.execPath, ['--expose-gc', script], {
    env: { ...process.env, TENSOR_OPS_TEST_THREADS: String(THREADS) }, encoding: 'utf8', timeout: 30000,
  });
  assert.equal(child.status, 0, child.stderr);
  const report = JSON.parse(child.stdout.trim().split('\n').pop());
  assert.equal(report.during.keptTensors, 1062, 'the tensors existed');
  assert.equal(report.after.keptTensors, 1, 'all but the referenced view were collected');
  assert.equal(report.after.keptBytes, 16);
  assert.deepEqual(report.values, [7, 8, 9, 10], 'the surviving view still reads right');
  assert.equal(report.end.keptTensors, 0);
  assert.equal(report.end.heapBytes, report.base.heapBytes);
});

// `.data` is valid until the next call; handed to that call as a plain
// input (or to ops.tensor), it must still be read right even when the call
// grows the memory (which detaches the single-threaded build's ArrayBuffer),
// or at worst be refused with a TensorOpsError, never a raw TypeError, and
// nothing may leak.
for (const [name, call] of [
  ['roll', (ops, view, n) => ops.roll({ data: view, shape: [n] }, 1, 0).data],
  ['ops.tensor', (ops, view, n) => {
    const k = ops.tensor(view, [n]);
    const copy = k.toArray();
    k.dispose();
    return copy;
  }],
]) {
  test(`a kept tensor's .data view given to ${name}, when the call grows memory`, async () => {
    const fresh = await loadOps();
    const n = 6 * 1024 * 1024; // 24 MiB: a second copy has to grow the memory
    const t = fresh.tensor(new Float32Array(n).map((_, i) => i % 1000), [n]);
    const { wasmBytes, heapBytes } = fresh.memory();
    let result;
    try {
      result = call(fresh, t.data, n);
    } catch (e) {
      assert.ok(e instanceof TensorOpsError, `threw ${e.constructor.name}: ${e.message}`);
    }
    if (result && name === 'roll') {
      assert.equal(result[0], (n - 1) % 1000);
      assert.equal(result[12345], 12344 % 1000);
    } else if (result) {
      assert.equal(result[12345], 12345 % 1000);
    }
    assert.ok(fresh.memory().wasmBytes > wasmBytes, 'the call did grow the memory');
    assert.equal(fresh.memory().heapBytes, heapBytes, 'nothing leaked');
    t.dispose();
  });
}

test('copies inside wasm memory reach every byte, also 1 to 31 bytes after their source modulo 4 KiB (copied by pieces)', () => {
  const gaps = new Set();
  for (const n of [2047, 2049, 4096, 6151, 16384, 40000]) {
    const values = Uint8Array.from({ length: n }, () => rng() * 256);
    const x = keep(ops.tensor(values, [n], 'uint8'));
    // ops.tensor of kept data, and the engine's contiguous copy.
    for (const y of [keep(ops.tensor(x.data, [n], 'uint8')), keep(ops.concat([x], 0))]) {
      gaps.add((y.data.byteOffset - x.data.byteOffset) & 4095);
      assert.deepEqual(y.data, values);
    }
    // A reshape into an out in the module's memory: a copy from x's bytes.
    const z = keep(ops.tensor(new Uint8Array(n), [n], 'uint8'));
    ops.reshape(x, [1, n], { out: z.data });
    gaps.add((z.data.byteOffset - x.data.byteOffset) & 4095);
    assert.deepEqual(z.data, values);
    // An out that is the input: the result is copied into it from the call's block.
    const rolled = Uint8Array.from({ length: n }, (_, i) => values[(i - 1 + n) % n]);
    ops.roll(x, 1, 0, { out: x.data });
    assert.deepEqual(x.data, rolled);
  }
  assert.ok([...gaps].some((g) => g >= 1 && g <= 31), `no copy landed 1 to 31 bytes after its source modulo 4 KiB: ${[...gaps]}`);
});
