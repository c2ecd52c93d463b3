#!/usr/bin/env node
// Endurance: N mixed calls on one module (every operation, plain and kept
// tensors, chains and views, `out`, shapes.*, errors of every kind from the
// wrapper and from the core, disposals in random order), with a share of them
// checked against the reference. Prints progress every 10%, the heap at the
// start and the end, and exits non-zero if a check failed or if the heap is
// not back at its baseline once every kept tensor is disposed.
//
//   node tests/js/soak.mjs --calls=100000 [--threads=2] [--seed=1]
//   (npm run soak; tests/js/soak.test.mjs runs a short one)
import { TensorOpsError, load } from '../../web/node.mjs';
import { makeRng, randomCase, runCase, runError } from './children/concurrency_cases.mjs';

function option(name, fallback) {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? fallback : Number(arg.slice(name.length + 3));
}
const calls = option('calls', 100000);
const threads = option('threads', Number(process.env.TENSOR_OPS_TEST_THREADS ?? 2));
const seed = option('seed', 1);
if (!(Number.isInteger(calls) && calls > 0 && Number.isInteger(threads) && threads >= 1)) {
  console.error('usage: node tests/js/soak.mjs --calls=N [--threads=T] [--seed=S]');
  process.exit(2);
}

const ops = await load({ threads });
const rng = makeRng(seed);
const kept = []; // live kept tensors, disposed in random order
const counts = { ok: 0, errors: 0, kept: 0, disposed: 0, checked: 0 };

function expectError(code, fn) {
  try {
    fn();
  } catch (e) {
    if (e instanceof TensorOpsError && e.code === code) {
      counts.errors++;
      return;
    }
    throw new Error(`expected ${code}, got ${e}`);
  }
  throw new Error(`expected ${code}, nothing thrown`);
}

const x = () => ({ data: new Float32Array(2 * 4 * 4 * 8).fill(rng()), shape: [2, 4, 4, 8] });
const keep = (t) => {
  kept.push(t);
  counts.kept++;
  return t;
};
const anyKept = () => kept[Math.floor(rng() * kept.length)];

// Each kind of call; weights are implicit (some kinds appear twice).
const KINDS = [
  () => ops.reshape(x(), [0, -1], { specialZero: true }),
  () => ops.broadcast(x(), [3, 2, 4, 4, 8]),
  () => ops.broadcast(x(), [2, 1, 1, 1, 1], { mode: 'bidirectional' }),
  () => ops.broadcast(x(), [2, 4, 3, 4, 8], { mode: 'explicit', axesMapping: [0, 1, 3, 4] }),
  () => ops.spaceToDepth(x(), 2, { mode: 'depth_first' }),
  () => ops.depthToSpace(x(), 2, { dataFormat: 'NCHW' }),
  () => ops.spaceToDepth({ data: new Uint8Array(2 * 2 * 4 * 4 * 4), shape: [2, 2, 4, 4, 4] }, 2, { dataFormat: 'NCHW_VECT_C' }),
  () => ops.roll(x(), [3, -1], [1, 3]),
  () => ops.roll(x(), 1, 0, { out: new Float32Array(256) }),
  () => ops.shapes.broadcast([3, 1], [2, 3, 5]),
  () => ops.shapes.roll([4], 1n, 0),
  // Kept tensors: made, chained, viewed; disposed later in any order.
  () => keep(ops.tensor(new Float64Array(64).fill(rng()), [4, 4, 4])),
  () => keep(ops.tensor(new Float64Array(64).fill(rng()), [4, 4, 4])),
  () => kept.length && keep(ops.roll(anyKept(), rng.int(-9, 9), rng.int(-1, 0))),
  () => kept.length && keep(ops.reshape(anyKept(), [-1])),
  () => kept.length && keep(ops.broadcast(anyKept(), [2, 1, 1, 1], { mode: 'bidirectional' })),
  () => {
    if (!kept.length) return;
    const t = anyKept();
    ops.roll(t, 1, 0, { out: new Float64Array(t.size) });
  },
  () => kept.length && anyKept().toArray(),
  () => {
    if (!kept.length) return;
    const t = kept.splice(Math.floor(rng() * kept.length), 1)[0];
    t.dispose();
    counts.disposed++;
    expectError('DISPOSED', () => ops.roll(t, 1, 0));
  },
  () => {
    if (kept.length > 64) {
      for (const t of kept.splice(0, 32)) t.dispose();
      counts.disposed += 32;
    }
  },
  // Errors from the wrapper and from the core, before and after allocation.
  () => expectError('INVALID_ARGUMENT', () => ops.roll(x(), [1, 2], [0])),
  () => expectError('INVALID_ARGUMENT', () => ops.broadcast({ data: new Float32Array(255), shape: [2, 4, 4, 8] }, [2, 4, 4, 8])),
  () => expectError('INVALID_ARGUMENT', () => ops.reshape(x(), [-1], { specialzero: true })),
  () => expectError('INVALID_ARGUMENT', () => ops.spaceToDepth(x(), 2, { dataFormat: 'CHWN' })),
  () => expectError('INVALID_ARGUMENT', () => ops.roll({ data: [1, 2], shape: [2] }, 1, 0)),
  () => expectError('INVALID_ARGUMENT', () => ops.depthToSpace(x(), NaN)),
  () => expectError('SHAPE_MISMATCH', () => ops.depthToSpace(x(), 3)),
  () => expectError('SHAPE_MISMATCH', () => ops.broadcast(x(), [4, 4, 8])),
  () => expectError('SHAPE_MISMATCH', () => ops.shapes.reshape([2, 4, 4, 8], [7, -1])),
  () => expectError('INVALID_ARGUMENT', () => ops.roll(x(), 1, 0, { out: new Float32Array(3) })),
  () => expectError('OUT_OF_MEMORY', () => ops.broadcast({ data: new Uint8Array(1), shape: [1] }, [65536, 65536, 2])),
  () => expectError('OUT_OF_MEMORY', () => ops.broadcast({ data: new Uint8Array(1), shape: [1] }, [4, 1024, 1024, 1024])),
  () => {
    if (!kept.length) return;
    const t = anyKept();
    expectError('OUT_OF_MEMORY', () => ops.broadcast(t, [65536, 65536, ...t.shape]));
  },
  // Random valid calls checked against the reference, and random errors.
  () => {
    runCase(ops, randomCase(rng), rng() < 0.5);
    counts.checked++;
  },
  () => runError(ops, rng) && counts.errors++,
];

// Warm-up: every kind once, so that lasting allocations (scratch arrays)
// happen before the baseline; then nothing kept.
for (const kind of KINDS) kind();
for (const t of kept.splice(0)) t.dispose();
const start = ops.memory();
const mib = (n) => `${(n / 2 ** 20).toFixed(2)} MiB`;
console.log(`soak: ${calls} calls on ${ops.backend.variant} (${ops.backend.threads} threads), seed ${seed}`);
console.log(`soak: heap at start ${start.heapBytes} bytes, wasm memory ${mib(start.wasmBytes)}`);

const t0 = performance.now();
let peakKept = 0;
let failure = null;
for (let i = 0; i < calls; i++) {
  try {
    KINDS[Math.floor(rng() * KINDS.length)]();
    counts.ok++;
  } catch (error) {
    failure = `call ${i + 1}: ${error && error.stack ? error.stack : error}`;
    break;
  }
  peakKept = Math.max(peakKept, kept.length);
  if ((i + 1) % Math.max(1, Math.floor(calls / 10)) === 0 || i + 1 === calls) {
    const m = ops.memory();
    console.log(`soak: ${String(Math.round(((i + 1) / calls) * 100)).padStart(3)}% ${i + 1} calls, ` +
      `${m.keptTensors} kept (${m.keptBytes} bytes), heap ${m.heapBytes} bytes, ${(performance.now() - t0).toFixed(0)} ms`);
  }
}
for (const t of kept.splice(0)) t.dispose();
const end = ops.memory();
console.log(`soak: heap at end ${end.heapBytes} bytes (start ${start.heapBytes}), wasm memory ${mib(end.wasmBytes)}, ` +
  `kept tensors ${end.keptTensors}`);
console.log(`soak: ${counts.ok} calls in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${counts.errors} expected errors, ` +
  `${counts.kept} kept tensors made (at most ${peakKept} alive), ${counts.checked} checked against the reference`);

let status = 0;
if (failure) {
  console.error(`soak: FAILED at ${failure}`);
  status = 1;
}
if (end.heapBytes !== start.heapBytes || end.keptTensors !== 0 || end.keptBytes !== 0) {
  console.error(`soak: FAILED: heap ${end.heapBytes} bytes, not back at its baseline of ${start.heapBytes} ` +
    `(${end.keptTensors} kept tensors, ${end.keptBytes} bytes)`);
  status = 1;
}
if (status === 0) console.log('soak: passed, heap back at its baseline');
process.exitCode = status;
