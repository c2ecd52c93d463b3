// 10,000 mixed calls (every operation, plain and kept, shapes.*, `out`,
// every kind of error, disposals) leave the module's heap where it started.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TensorOpsError } from '../../web/node.mjs';
import { makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const rng = makeRng(0x1eaf);

const plain = () => ({ data: new Float32Array(2 * 4 * 4 * 8).fill(rng()), shape: [2, 4, 4, 8] });
const expectCode = (code, fn) => assert.throws(fn, (e) => e instanceof TensorOpsError && e.code === code);

// Each kind of call, as a function of a fresh plain input.
const KINDS = [
  (x) => ops.reshape(x, [0, -1], { specialZero: true }),
  (x) => ops.broadcast(x, [3, 2, 4, 4, 8]),
  (x) => ops.broadcast(x, [2, 1, 1, 1, 1], { mode: 'bidirectional' }),
  (x) => ops.broadcast(x, [2, 4, 3, 4, 8], { mode: 'explicit', axesMapping: [0, 1, 3, 4] }),
  (x) => ops.spaceToDepth(x, 2, { mode: 'depth_first' }),
  (x) => ops.depthToSpace(x, 2, { dataFormat: 'NCHW' }),
  (x) => ops.spaceToDepth({ data: x.data, shape: [2, 2, 4, 4, 4] }, 2, { dataFormat: 'NCHW_VECT_C' }),
  (x) => ops.roll(x, [3, -1], [1, 3]),
  (x) => ops.roll(x, 1, 0, { out: new Float32Array(256) }),
  () => ops.shapes.broadcast([3, 1], [2, 3, 5]),
  () => ops.shapes.roll([4], 1n, 0),
  // Kept: a chain, a view, and disposal in a random order.
  (x) => {
    const t = ops.tensor(x.data, x.shape);
    const u = ops.spaceToDepth(t, 2);
    const v = ops.reshape(u, [-1]);
    const w = ops.roll(v, 7, 0);
    const all = [t, u, v, w];
    while (all.length) all.splice(Math.floor(rng() * all.length), 1)[0].dispose();
  },
  (x) => {
    const t = ops.tensor(x.data, x.shape);
    ops.broadcast(t, [2, 2, 4, 4, 8], { out: new Float32Array(512) });
    t.dispose();
    expectCode('DISPOSED', () => ops.roll(t, 1, 0));
  },
  // Errors from the wrapper and from the core, before and after allocation.
  (x) => expectCode('INVALID_ARGUMENT', () => ops.roll(x, [1, 2], [0])),
  (x) => expectCode('INVALID_ARGUMENT', () => ops.broadcast({ data: x.data, shape: [2, 4, 4, 9] }, [2, 4, 4, 9])),
  (x) => expectCode('INVALID_ARGUMENT', () => ops.reshape(x, [-1], { specialzero: true })),
  (x) => expectCode('INVALID_ARGUMENT', () => ops.spaceToDepth(x, 2, { dataFormat: 'CHWN' })),
  (x) => expectCode('SHAPE_MISMATCH', () => ops.depthToSpace(x, 3)),
  (x) => expectCode('SHAPE_MISMATCH', () => ops.broadcast(x, [4, 4, 8])),
  (x) => expectCode('SHAPE_MISMATCH', () => ops.shapes.reshape(x.shape, [7, -1])),
  (x) => expectCode('INVALID_ARGUMENT', () => ops.roll(x, 1, 0, { out: new Float32Array(3) })),
  () => expectCode('OUT_OF_MEMORY', () => ops.broadcast({ data: new Uint8Array(1), shape: [1] }, [65536, 65536, 2])),
  () => expectCode('OUT_OF_MEMORY', () => ops.broadcast({ data: new Uint8Array(1), shape: [1] }, [4, 1024, 1024, 1023])),
  () => {
    const t = ops.tensor(new Int8Array(1), []);
    expectCode('OUT_OF_MEMORY', () => ops.broadcast(t, [65536, 65536]));
    t.dispose();
  },
];

test('10,000 mixed calls leak nothing', () => {
  for (const kind of KINDS) kind(plain()); // warm-up: scratch arrays reach their size
  const start = ops.memory();
  const x = plain();
  for (let i = 0; i < 10000; i++) {
    rng.pick(KINDS)(i % 100 === 0 ? plain() : x);
    if (i % 1000 === 999) assert.equal(ops.memory().heapBytes, start.heapBytes, `after ${i + 1} calls`);
  }
  const end = ops.memory();
  assert.equal(end.heapBytes, start.heapBytes);
  assert.equal(end.keptTensors, 0);
  assert.equal(end.keptBytes, 0);
  assert.equal(end.wasmBytes, start.wasmBytes, 'memory did not grow');
});
