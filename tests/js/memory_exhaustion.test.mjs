// Memory exhaustion: a result that cannot fit in WebAssembly memory (4 GiB
// at most) is an OUT_OF_MEMORY TensorOpsError, never an abort, and the next
// call works; shape inference allocates nothing, whatever the shape; and a
// module whose memory is filled to the last byte by kept tensors answers
// every call with a TensorOpsError, then works again once they are disposed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assertSameBits, expectError, gather } from './helpers.mjs';
import { THREADS, loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';

const ops = await loadOps();
const x = { data: Float32Array.from({ length: 24 }, (_, i) => i), shape: [2, 3, 4] };
function correctCall() {
  const r = ops.roll(x, [1, -1], [0, 2]);
  assertSameBits(r.data, gather(x.data, ref.roll(x.shape, [1, -1], [0, 2]).src));
}
correctCall();
ops.tensor(new Int8Array(1), [1]).dispose();
const base = ops.memory();

function assertBaseline(what) {
  const m = ops.memory();
  assert.equal(m.heapBytes, base.heapBytes, `${what}: heapBytes`);
  assert.equal(m.keptTensors, 0, `${what}: keptTensors`);
}

// Outputs beyond what a 4 GiB memory can ever hold: rejected before any
// allocation, so the memory does not even grow.
const u8 = (shape) => ({ data: new Uint8Array(shape.reduce((p, d) => p * d, 1)), shape });
const f64 = (shape) => ({ data: new Float64Array(shape.reduce((p, d) => p * d, 1)), shape });
const NEVER_FITS = [
  ['exactly 4 GiB of uint8', () => ops.broadcast(u8([1]), [2 ** 32]), 'broadcast', ['[4294967296]']],
  ['4 GiB of float64', () => ops.broadcast(f64([1, 1]), [2 ** 16, 2 ** 13]), 'broadcast', ['[65536, 8192]']],
  ['2^40 bytes', () => ops.broadcast(u8([4, 1]), [4, 2 ** 38]), 'broadcast', ['[4, 274877906944]']],
  ['2^53 elements', () => ops.broadcast(u8([]), [2 ** 53]), 'broadcast', ['[9007199254740992]']],
  ['2^60 float64 elements (bytes overflowing 64 bits)', () => ops.broadcast(f64([1]), [2 ** 30, 2 ** 30]), 'broadcast',
    ['[1073741824, 1073741824]']],
  ['bidirectional growth of both shapes', () => ops.broadcast(u8([65536, 1]), [1, 65536], { mode: 'bidirectional' }),
    'broadcast', ['[65536, 65536]']],
  ['explicit', () => ops.broadcast(u8([1]), [2 ** 20, 2 ** 12], { mode: 'explicit', axesMapping: [1] }), 'broadcast',
    ['[1048576, 4096]']],
  ['into a kept tensor', () => {
    const t = ops.tensor(new Int16Array(1), []);
    try {
      return ops.broadcast(t, [2 ** 31]);
    } finally {
      t.dispose();
    }
  }, 'broadcast', ['[2147483648]']],
  ['shapes.broadcast with dims of 2^53', () => ops.shapes.broadcast([1], [2 ** 53]), 'broadcast', ['[9007199254740992]']],
  ['shapes.depthToSpace beyond 4 GiB', () => ops.shapes.depthToSpace([1, 16, 2 ** 15, 2 ** 15], 4, { dataFormat: 'NCHW' }),
    'depthToSpace', ['[1, 1, 131072, 131072]']],
];
for (const [title, call, op, parts] of NEVER_FITS) {
  test(`OUT_OF_MEMORY: ${title}`, () => {
    expectError(call, 'OUT_OF_MEMORY', op, parts);
    assertBaseline('after the error');
    assert.equal(ops.memory().wasmBytes, base.wasmBytes, 'the memory did not grow');
    correctCall();
    assertBaseline('after a correct call');
  });
}

// Regression: shape inference used to build the operation's whole copy plan,
// whose size grows with the dims: shapes.roll of [2, 2, ..., 2] made 2^k
// copies, and a spaceToDepth block as large as an NCHW_VECT_C image 4*b*b.
// Seconds and gigabytes, for no data at all.
test('shape inference allocates nothing, whatever the shape', () => {
  const start = performance.now();
  const twos = Array(40).fill(2);
  assert.deepEqual(ops.shapes.roll(twos, 1, twos.map((_, i) => i)), twos);
  assert.deepEqual(ops.shapes.roll(Array(26).fill(2), [1], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    17, 18, 19, 20, 21, 22, 23, 24]), Array(26).fill(2));
  assert.deepEqual(ops.shapes.spaceToDepth([1, 1, 2 ** 13, 2 ** 13, 4], 2 ** 13, { dataFormat: 'NCHW_VECT_C', mode: 'depth_first' }),
    [1, 2 ** 26, 1, 1, 4]);
  assert.deepEqual(ops.shapes.depthToSpace([1, 2 ** 26, 1, 1, 4], 2 ** 13, { dataFormat: 'NCHW_VECT_C', mode: 'depth_first' }),
    [1, 1, 2 ** 13, 2 ** 13, 4]);
  assert.deepEqual(ops.shapes.spaceToDepth([1, 1, 3 * 4099, 4099, 4], 4099, { dataFormat: 'NCHW_VECT_C', mode: 'depth_first' }),
    [1, 4099 * 4099, 3, 1, 4]);
  assert.ok(performance.now() - start < 1000, `took ${performance.now() - start} ms`);
  assert.equal(ops.memory().wasmBytes, base.wasmBytes, 'the memory did not grow');
  assertBaseline('after shape inference');
});

// Regression: NCHW_VECT_C with depth_first planned one copy per block phase
// (4*b*b): a 1 MiB image with a block of 256 took a 65 MiB plan (and 4 GiB
// for a block of 1024). Now 4 copies when b % 4 = 0, at most 16*b otherwise.
test('a large NCHW_VECT_C depth_first block plans small and stays exact', () => {
  for (const [b, h, w] of [[256, 256, 256], [250, 250, 500]]) {
    const shape = [1, 1, h, w, 4];
    const data = Uint8Array.from({ length: h * w * 4 }, (_, i) => (i * 7 + (i >> 9)) & 255);
    const r = ops.spaceToDepth({ data, shape }, b, { dataFormat: 'NCHW_VECT_C', mode: 'depth_first' });
    const expected = ref.spaceToDepth(shape, b, 'NCHW_VECT_C', 'depth_first');
    assert.deepEqual(r.shape, expected.shape);
    assertSameBits(r.data, gather(data, expected.src));
    const back = ops.depthToSpace(r, b, { dataFormat: 'NCHW_VECT_C', mode: 'depth_first' });
    assertSameBits(back.data, data);
  }
  assert.equal(ops.memory().wasmBytes, base.wasmBytes, 'the memory did not grow');
  assertBaseline('after the calls');
});

// A fresh module (in a child process, so that its 4 GiB go away with it)
// filled by kept tensors until not even 1 byte more fits. Every operation must
// then answer with a TensorOpsError (OUT_OF_MEMORY, or its own error), never
// an exception of another kind; disposing the tensors makes room again.
// Regression: on a full heap, errors escaped the module as a bare number
// (Emscripten's exceptions allocate to throw and to catch).
const entry = fileURLToPath(new URL('../../web/node.mjs', import.meta.url));
const CHILD = `
  import { load, TensorOpsError } from ${JSON.stringify(entry)};
  const ops = await load({ threads: ${THREADS} });
  const report = { calls: {} };
  const base = ops.memory();
  const one = ops.tensor(Uint8Array.of(7), [1]);
  const x = { data: Float32Array.from({ length: 24 }, (_, i) => i), shape: [2, 3, 4] };
  const kept = [];
  // Fill: 512 MiB tensors, then ever smaller ones, down to 1 byte.
  for (let size = 2 ** 29; size >= 1;) {
    try {
      // broadcast of a kept tensor is a view (no bytes): contiguous() makes the bytes.
      const view = ops.broadcast(one, [size]);
      try {
        kept.push(ops.contiguous(view));
      } finally {
        view.dispose();
      }
    } catch (e) {
      if (!(e instanceof TensorOpsError) || e.code !== 'OUT_OF_MEMORY') throw e;
      size = Math.floor(size / 4);
    }
  }
  report.full = ops.memory();
  const CALLS = {
    roll: () => ops.roll(x, 1, 0),
    rollError: () => ops.roll(x, 1, 5),
    reshape: () => ops.reshape(x, [-1]),
    reshapeError: () => ops.reshape(x, [-1, -1]),
    broadcast: () => ops.broadcast(x, [2, 2, 3, 4]),
    spaceToDepth: () => ops.spaceToDepth({ data: new Float32Array(16), shape: [1, 4, 4, 1] }, 2),
    misspelledMode: () => ops.depthToSpace({ data: new Float32Array(16), shape: [1, 1, 1, 16] }, 2, { mode: 'dcr' }),
    shapes: () => ops.shapes.broadcast([3, 1], [2, 3, 5]),
    shapesError: () => ops.shapes.reshape([2, 3], [4, -1]),
    tensor: () => ops.tensor(new Float32Array(4), [4]),
    keptRoll: () => ops.roll(kept[0], 1, 0),
    keptReshape: () => ops.reshape(kept[0], [-1]),
    longParameters: () => ops.shapes.reshape(Array(400).fill(1), Array(400).fill(1)),
    concat: () => ops.concat([x, x], 1),
    concatKept: () => ops.concat([kept[0], x, kept[1]], 0),
    concatError: () => ops.concat([x, { data: new Float32Array(2), shape: [2] }], 0),
    concatMany: () => ops.concat(Array(40).fill(x), 2),
    split: () => ops.split(x, 2),
    splitKept: () => ops.split(kept[0], 2),
    splitError: () => ops.split(x, 5),
    splitManyParts: () => ops.split({ data: new Int8Array(0), shape: [0] }, 60000),
  };
  for (const [name, call] of Object.entries(CALLS)) {
    try {
      const r = call();
      report.calls[name] = 'ok';
      if (r && typeof r.dispose === 'function') r.dispose();
      if (Array.isArray(r)) for (const p of r) if (typeof p.dispose === 'function') p.dispose();
    } catch (e) {
      report.calls[name] = e instanceof TensorOpsError ? e.code : 'NOT A TensorOpsError: ' + String(e);
    }
  }
  for (const t of kept) t.dispose();
  report.disposed = ops.memory();
  const again = ops.roll(x, 1, 0);
  report.again = Array.from(again.data.slice(0, 4));
  const big = ops.broadcast(one, [2 ** 31]);
  report.big = [big.size, big.data[0], big.data[big.size - 1]];
  big.dispose();
  one.dispose();
  report.end = ops.memory();
  report.base = base;
  console.log(JSON.stringify(report));
`;

test('memory filled by kept tensors: every call answers a TensorOpsError; disposing makes room again', (t) => {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD],
    { encoding: 'utf8', timeout: 60000, killSignal: 'SIGKILL' });
  assert.equal(child.status, 0, child.stderr);
  const report = JSON.parse(child.stdout);
  t.diagnostic(`calls on a full memory: ${JSON.stringify(report.calls)}`);
  assert.ok(report.full.wasmBytes > 4 * 2 ** 30 - 2 ** 20, `memory full at ${report.full.wasmBytes} bytes`);
  assert.ok(report.full.keptBytes > 4 * 2 ** 30 - 2 ** 24, `kept ${report.full.keptBytes} bytes`); // all but the stack and statics
  for (const [name, outcome] of Object.entries(report.calls)) {
    assert.ok(['ok', 'OUT_OF_MEMORY', 'INVALID_ARGUMENT', 'SHAPE_MISMATCH'].includes(outcome), `${name}: ${outcome}`);
  }
  assert.equal(report.calls.rollError === 'ok', false);
  assert.equal(report.calls.concatError === 'ok', false);
  assert.equal(report.calls.splitError === 'ok', false);
  assert.deepEqual(report.again, [12, 13, 14, 15]);
  assert.deepEqual(report.big, [2 ** 31, 7, 7]);
  assert.equal(report.end.keptTensors, 0);
  assert.equal(report.end.heapBytes, report.base.heapBytes, 'heap back at its baseline');
});
