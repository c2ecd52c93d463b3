// Concurrency: many operations interleaved from async code on one module;
// several worker_threads, each with a module of its own, running at the same
// time; and the threaded build, under concurrent calls, giving exactly the
// bytes of the single-threaded one on inputs large enough for its pool.
// Every valid call is checked against the reference (tests/js/ops/<op>/reference.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { load, TensorOpsError } from '../../web/node.mjs';
import { LARGE, digest, makeRng, randomCase, runCase, runError, runLarge, runSeed } from './children/concurrency_cases.mjs';
import { assertSameBits, gather } from './helpers.mjs';
import { spaceToDepth } from './ops/spaceToDepth/reference.mjs';
import { THREADS, loadOps } from './load_ops.mjs';

const ops = await loadOps();
runSeed(ops, 1, 20); // warm-up
const baseline = ops.memory().heapBytes;
const tick = () => new Promise((resolve) => setImmediate(resolve));

test('64 async tasks interleaving calls, kept tensors and errors on one module', async () => {
  const task = async (id) => {
    const rng = makeRng(1000 + id);
    const held = [];
    for (let i = 0; i < 12; i++) {
      const r = rng();
      if (r < 0.15) {
        runError(ops, rng);
      } else if (r < 0.45) {
        // A kept tensor that lives across other tasks' calls.
        const kase = randomCase(rng);
        const t = ops.tensor(kase.x.data, kase.x.shape, kase.x.dtype);
        const out = kase.call(ops, t);
        held.push({ kase, t, out });
      } else {
        runCase(ops, randomCase(rng), rng() < 0.5);
      }
      await tick();
      if (held.length && rng() < 0.4) {
        const { kase, t, out } = held.splice(Math.floor(rng() * held.length), 1)[0];
        // Still intact after the other tasks' calls (and any memory growth).
        assert.deepEqual([...out.shape], kase.expected.shape);
        assertSameBits(out.toArray(), gather(kase.x.data, kase.expected.src), kase.name);
        assertSameBits(t.toArray(), kase.x.data, `${kase.name}: input`);
        if (out !== t) out.dispose();
        t.dispose();
      }
    }
    for (const { t, out } of held) {
      if (out !== t) out.dispose();
      t.dispose();
    }
  };
  await Promise.all(Array.from({ length: 64 }, (_, id) => task(id)));
  const m = ops.memory();
  assert.equal(m.keptTensors, 0);
  assert.equal(m.heapBytes, baseline, 'heap back at its baseline');
});

test('errors thrown in one task leave the others unaffected', async () => {
  const results = await Promise.allSettled(Array.from({ length: 16 }, async (_, id) => {
    await tick();
    if (id % 2) ops.roll({ data: new Float32Array(6), shape: [2, 3] }, 1, 7);
    await tick();
    return runSeed(ops, 50 + id, 5);
  }));
  for (const [id, r] of results.entries()) {
    if (id % 2) {
      assert.equal(r.status, 'rejected');
      assert.ok(r.reason instanceof TensorOpsError && r.reason.code === 'INVALID_ARGUMENT');
    } else {
      assert.equal(r.status, 'fulfilled');
      assert.deepEqual(r.value, runSeed(ops, 50 + id, 5));
    }
  }
  assert.equal(ops.memory().heapBytes, baseline);
});

function runWorker(workerData) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./children/concurrency_worker.mjs', import.meta.url), { workerData });
    worker.once('message', (message) => {
      if (message.error) reject(new Error(message.error));
      else resolve(message);
      worker.terminate();
    });
    worker.once('error', reject);
  });
}

test('3 worker threads, each with its own module, agree with the reference and with this thread', async () => {
  const seeds = [11, 12, 13];
  const results = await Promise.all(seeds.map((seed) => runWorker({ threads: THREADS, seed, count: 150, large: false })));
  for (const [i, r] of results.entries()) {
    assert.deepEqual(r.digests, runSeed(ops, seeds[i], 150), `worker ${i}`);
    assert.equal(r.kept, 0);
    assert.equal(r.heapAfter, r.heapBefore, `worker ${i}: heap back at its baseline`);
    assert.equal(r.backend.threads, THREADS);
  }
});

test('the threaded build gives the single-threaded bytes on large inputs, under concurrent calls', async () => {
  const st = THREADS === 1 ? ops : await load({ threads: 1 });
  const mt = THREADS === 1 ? await load({ threads: 2 }) : ops;
  assert.equal(mt.backend.variant, 'simd-mt');
  assert.equal(st.backend.variant, 'simd-st');
  const expected = runLarge(st);
  // The threaded build in this thread, while two workers run the same large
  // calls on threaded modules of their own, all competing for the cores.
  const workers = [0, 1].map((i) => runWorker({ threads: 2, seed: 20 + i, count: 10, large: true }));
  const here = [];
  await Promise.all(LARGE.map(async ([, make, call], i) => {
    await tick();
    const x = make();
    here[i] = digest(call(mt, x));
    await tick();
    assert.equal(digest(call(mt, x)), here[i]);
  }));
  assert.deepEqual(here, expected, 'simd-mt in this thread');
  for (const r of await Promise.all(workers)) {
    assert.deepEqual(r.largeDigests, expected, 'simd-mt in a worker');
    assert.equal(r.backend.variant, 'simd-mt');
  }
  // And the reference agrees with one of them (the others are byte-equal).
  const [name, make, call] = LARGE[0];
  const x = make();
  const r = call(st, x);
  assertSameBits(r.data, gather(x.data, spaceToDepth(x.shape, 2).src), name);
});
