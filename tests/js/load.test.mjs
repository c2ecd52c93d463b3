// load(): the build picked for `threads`, locateFile and wasmBinary, and
// several modules side by side, each with its own memory.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { TensorOpsError, load } from '../../web/node.mjs';
import { THREADS, loadOps } from './load_ops.mjs';

const variant = THREADS > 1 ? 'simd-mt' : 'simd-st';
const dist = fileURLToPath(new URL('../../dist/node/', import.meta.url));
const roll3 = (ops) => Array.from(ops.roll({ data: Int8Array.of(1, 2, 3), shape: [3] }, 1, 0).data);

test('backend names the build and the threads', async () => {
  const ops = await loadOps();
  const reason = THREADS === 1 ? { reason: 'load({ threads: 1 }) asked for one thread' } : {};
  assert.deepEqual(ops.backend, { variant, simd: true, threads: THREADS, ...reason });
  assert.deepEqual(roll3(ops), [3, 1, 2]);
});

test('locateFile is asked for the files, wasmBinary is used as given', async () => {
  const seen = [];
  const a = await load({ threads: THREADS, locateFile: (name) => (seen.push(name), dist + name) });
  assert.ok(seen.includes(`tensor_ops-${variant}.wasm`), seen.join());
  assert.deepEqual(roll3(a), [3, 1, 2]);
  const b = await load({ threads: THREADS, wasmBinary: readFileSync(`${dist}tensor_ops-${variant}.wasm`) });
  assert.deepEqual(roll3(b), [3, 1, 2]);
});

// A ready module: nothing still starting in the background that would move
// heapBytes after load() resolved (the threaded build's workers allocate a
// few bytes each as they start).
test('heapBytes is steady right after load()', async () => {
  for (let i = 0; i < 5; i++) {
    const ops = await loadOps();
    const first = ops.memory().heapBytes;
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.equal(ops.memory().heapBytes, first);
  }
});

test('modules are independent', async () => {
  const a = await loadOps();
  const b = await loadOps();
  const t = a.tensor(new Float64Array(1000), [1000]);
  assert.equal(a.memory().keptTensors, 1);
  assert.equal(b.memory().keptTensors, 0);
  assert.equal(b.memory().keptBytes, 0);
  t.dispose();
});

// A kept tensor lives in one module's memory: another module must read it
// right (through a copy) or refuse it, never read its own memory at that address.
test('a kept tensor given to another module', async () => {
  const a = await loadOps();
  const b = await loadOps();
  b.tensor(Int32Array.of(81, 81, 81, 81, 81, 81), [6]); // something else at b's addresses
  const t = a.tensor(Int32Array.of(1, 2, 3, 4), [4]);
  let r;
  try {
    r = b.roll(t, 1, 0);
  } catch (e) {
    assert.ok(e instanceof TensorOpsError, String(e));
    assert.equal(e.code, 'INVALID_ARGUMENT');
    return;
  }
  assert.deepEqual(Array.from(r.toArray ? r.toArray() : r.data), [4, 1, 2, 3]);
});
