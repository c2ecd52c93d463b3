// Plain calls whose plans are long contiguous runs are copied by JavaScript
// (web/long_runs.mjs), straight from the caller's arrays into the result:
// nothing of the input enters wasm memory. Pad's borders beside the runs go
// element by element or filled; kept inputs into a plain out take the path
// when the plan is runs alone. The core takes the path only where its calls
// (one per run) cost less than the bytes the engine would move: the first
// calls here, a few long runs, take it from kept inputs too; the others
// mostly from plain ones. Each call here is one such plan;
// its plain result must equal the same call on kept tensors (run by the
// engine), for every dtype, with and without `out`; gather's index errors
// are the core's; an `out` that overlaps the input still gets the right
// result; and a plain gather of rows of a large table leaves the heap's
// peak where it was.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DTYPE_CASES, assertSameBits, expectError, makeData, makeRng, volume } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { copyWithinBytes } from '../../web/copy_within.mjs';

const ops = await loadOps();

// [op, x.shape, ...arguments]: each plan's runs are 600 elements or more (>= 600 bytes).
const CALLS = [
  // Runs of 20000 and 8192 elements: from kept inputs into out too.
  ['slice', [4, 20000], [1], [3], { axes: [0] }],
  ['gather', [8, 8192], Int32Array.from([5, 0, -1])],
  ['slice', [6, 5, 600], [1, -1], [5, 5], { axes: [0, 1] }],
  ['slice', [1, 12, 700], [-1], [12], { axes: [1] }],
  ['slice', [9, 640], [1], [9], { axes: [0], steps: [3] }],
  ['gather', [40, 600], Int32Array.from([3, -1, 0, 3, 39])],
  ['gather', [3, 10, 600], BigInt64Array.from([9n, 0n, -10n]), { axis: 1 }],
  ['gather', [2, 5, 600], { data: Uint32Array.from([4, 0, 1, 1]), shape: [2, 2] }, { axis: 1, batchDims: 1 }],
  ['transpose', [4, 3, 600], [1, 0, 2]],
  ['tile', [2, 700], [3, 1]],
  ['broadcast', [1, 800], [5, 800]],
  ['concat', [2, 600], 0],
  ['reverse', [7, 600], [0]],
  // Elements copied one by one beside the runs: the borders, read from the output.
  ['pad', [4, 600], [1, 3], [2, 5], { mode: 'reflect' }],
  ['pad', [2, 3, 700], [0, 1, 2], [0, 2, 1], { mode: 'edge' }],
  ['pad', [5, 640], [2, 1], [1, 2], { mode: 'symmetric' }],
  ['pad', [1, 2, 9, 600], [0, 0, 4, 4], [0, 0, 4, 4], { mode: 'reflect' }],
  // Constant borders filled.
  ['pad', [4, 600], [1, 3], [2, 5], { mode: 'constant', value: 1 }],
  ['pad', [3, 2, 640], [0, 1, 0], [0, 1, 0]],
];

function run(call, x, extra = {}) {
  const [op, , ...args] = call;
  if (op === 'concat') return ops.concat([x, x, x], args[0], extra);
  const last = args.at(-1);
  const hasOptions = last !== null && typeof last === 'object' && !ArrayBuffer.isView(last) && !Array.isArray(last) && !('data' in last);
  const positional = hasOptions ? args.slice(0, -1) : args;
  return ops[op](x, ...positional, { ...(hasOptions ? last : {}), ...extra });
}

test('plans of long runs: plain results (with and without out) and kept inputs into out equal kept results, for every dtype', () => {
  const rng = makeRng(7);
  for (const call of CALLS) {
    for (const c of DTYPE_CASES) {
      const shape = call[1];
      const data = makeData(c, volume(shape), rng, rng.int(0, 1));
      const what = `${call[0]} ${JSON.stringify(shape)} ${c.label}`;
      const kept = ops.tensor(data, shape, c.dtype);
      const fromKept = run(call, kept);
      const plain = run(call, { data, shape, dtype: c.dtype });
      assert.deepEqual(plain.shape, [...fromKept.shape], what);
      assertSameBits(plain.data, fromKept.data, what);
      assert.equal(plain.data.constructor, c.Array, what);
      const out = new c.Array(plain.data.length + 2).subarray(1, plain.data.length + 1);
      const into = run(call, { data, shape, dtype: c.dtype }, { out });
      assert.equal(into.data, out, what);
      assertSameBits(out, fromKept.data, `${what}, out`);
      // Kept inputs with a plain out take the same path, read in place: a
      // tensor, and a view reversed along its first axis (negative strides).
      const outOfKept = new c.Array(plain.data.length);
      run(call, kept, { out: outOfKept });
      assertSameBits(outOfKept, fromKept.data, `${what}, kept input, out`);
      const reversed = ops.reverse(kept, [0]);
      const fromReversed = run(call, reversed);
      const outOfReversed = new c.Array(fromReversed.data.length);
      run(call, reversed, { out: outOfReversed });
      assertSameBits(outOfReversed, fromReversed.data, `${what}, reversed view, out`);
      fromReversed.dispose();
      reversed.dispose();
      fromKept.dispose();
      kept.dispose();
    }
  }
});

test('plans of long runs: an index out of range is the core\'s error, and out is left untouched', () => {
  const x = { data: new Float32Array(40 * 600), shape: [40, 600] };
  const out = new Float32Array(2 * 600).fill(7);
  expectError(() => ops.gather(x, Int32Array.from([2, 40]), { out }), 'INVALID_ARGUMENT', 'gather', ['indices[1]', '40']);
  expectError(() => ops.gather(x, BigInt64Array.from([-41n, 0n])), 'INVALID_ARGUMENT', 'gather', ['indices[0]', '-41']);
  assert.ok(out.every((v) => v === 7));
});

test('plans of long runs: an out that overlaps the input gets the right result', () => {
  const buffer = new Float32Array(9 * 640);
  for (let i = 0; i < buffer.length; i++) buffer[i] = i;
  const x = { data: buffer.subarray(0, 8 * 640), shape: [8, 640] };
  const expected = ops.slice({ data: buffer.slice(0, 8 * 640), shape: [8, 640] }, [0], [6], { axes: [0] }).data;
  const out = buffer.subarray(2 * 640, 8 * 640); // rows 2..7 of x: copying row by row would read rows already written
  ops.slice(x, [0], [6], { axes: [0], out });
  assertSameBits(out, expected);
});

test('a plain gather of 64 rows of a 64 MiB table copies none of the table into wasm memory', () => {
  const table = { data: new Float32Array(16384 * 1024), shape: [16384, 1024] };
  const rows = Int32Array.from({ length: 64 }, (_, i) => (i * 977) % 16384);
  table.data[rows[5] * 1024 + 3] = 42;
  const before = ops.memory().heapPeakBytes;
  const r = ops.gather(table, rows);
  assert.equal(r.data[5 * 1024 + 3], 42);
  assert.ok(ops.memory().heapPeakBytes - before < 1 << 20, `heap peak grew by ${ops.memory().heapPeakBytes - before} bytes`);
});

test('a plain pad of a 16 MiB image copies none of it into wasm memory, in every mode but wrap', () => {
  const [c, h, w] = [4, 1024, 1024];
  const x = { data: new Float32Array(c * h * w), shape: [1, c, h, w] };
  for (let i = 0; i < x.data.length; i++) x.data[i] = i % 1021;
  const kept = ops.tensor(x.data, x.shape);
  for (const options of [{ mode: 'reflect' }, { mode: 'edge' }, { mode: 'symmetric' }, { mode: 'constant', value: -2.5 }]) {
    const before = ops.memory().heapPeakBytes;
    const r = ops.pad(x, [0, 0, 8, 8], [0, 0, 8, 8], options);
    const grew = ops.memory().heapPeakBytes - before;
    assert.ok(grew < 1 << 20, `${options.mode}: heap peak grew by ${grew} bytes`);
    const fromKept = ops.pad(kept, [0, 0, 8, 8], [0, 0, 8, 8], options);
    assertSameBits(r.data, fromKept.data, options.mode);
    fromKept.dispose();
  }
  kept.dispose();
});

test('a kept tensor sliced into a plain out by long rows is copied by JavaScript, its pad by the engine', () => {
  const x = ops.tensor(Float32Array.from({ length: 64 * 65536 }, (_, i) => i % 4093), [64, 65536]);
  // The heap filled up to its peak, so that any block a call makes raises the peak.
  const { heapBytes, heapPeakBytes } = ops.memory();
  const fill = Math.max(1, heapPeakBytes - heapBytes);
  const filler = ops.tensor(new Uint8Array(fill), [fill]);
  const peak = () => ops.memory().heapPeakBytes;
  const before = peak();
  const rows = new Float32Array(16 * 65536);
  ops.slice(x, [8], [24], { axes: [0], out: rows }); // 4 MiB of runs: no block for them
  assert.ok(peak() - before < 1 << 20, `heap peak grew by ${peak() - before} bytes`);
  assert.equal(rows[3 * 65536 + 5], ((8 + 3) * 65536 + 5) % 4093);
  const padded = new Float32Array(64 * 65540);
  ops.pad(x, [0, 2], [0, 2], { mode: 'reflect', out: padded }); // borders beside the runs: the engine's
  assert.ok(peak() - before >= padded.byteLength / 2, `the pad's block: the peak grew by ${peak() - before} bytes`);
  const expected = ops.pad({ data: x.data.slice(), shape: [64, 65536] }, [0, 2], [0, 2], { mode: 'reflect' });
  assertSameBits(padded, expected.data);
  filler.dispose();
  x.dispose();
});

test('random pads of long rows: plain results (out at odd places too) equal the engine\'s on kept tensors', () => {
  const rng = makeRng(20261127);
  const modes = ['constant', 'edge', 'reflect', 'symmetric'];
  for (let i = 0; i < 60; i++) {
    const c = DTYPE_CASES[i % DTYPE_CASES.length];
    const elem = c.Array.BYTES_PER_ELEMENT;
    const rank = rng.int(1, 4);
    const shape = Array.from({ length: rank }, (_, k) => (k === rank - 1 ? Math.ceil(rng.int(512, 1500) / elem) : rng.int(1, 5)));
    const mode = modes[i % modes.length];
    const begin = shape.map((d) => rng.int(0, Math.min(mode === 'reflect' ? d - 1 : d, 4)));
    const end = shape.map((d) => rng.int(0, Math.min(mode === 'reflect' ? d - 1 : d, 4)));
    const options = mode === 'constant' ? { mode, value: c.dtype === 'bool' ? 1 : rng.int(1, 100) } : { mode };
    const what = `pad ${JSON.stringify(shape)} ${JSON.stringify(begin)} ${JSON.stringify(end)} ${mode} ${c.dtype}`;
    const data = makeData(c, volume(shape), rng, 0);
    const kept = ops.tensor(data, shape, c.dtype);
    const expected = ops.pad(kept, begin, end, options);
    const length = expected.data.length;
    const shift = rng.int(0, 3); // an out starting 0-3 elements into its buffer
    const out = new c.Array(length + 3).subarray(shift, shift + length);
    ops.pad({ data, shape, dtype: c.dtype }, begin, end, { ...options, out });
    assertSameBits(out, expected.data, what);
    expected.dispose();
    kept.dispose();
  }
});

test('copies inside one buffer reach every byte, by pieces where memmove is slow, and touch nothing beside', () => {
  for (const bytes of [1, 2047, 2048, 2049, 4097, 10000]) {
    for (const gap of [0, 1, 8, 16, 31, 32, 4095, -1, -31]) {
      const from = 4096 + 100;
      const to = from + bytes + 64 + ((gap - bytes - 64) & 4095); // apart, (to - from) mod 4096 === gap mod 4096
      const array = new Uint8Array(to + bytes + 4096 + 64);
      for (let i = 0; i < array.length; i++) array[i] = (i * 31 + (i >> 8)) & 255;
      const expected = array.slice();
      expected.copyWithin(to, from, from + bytes);
      copyWithinBytes(array, to, from, bytes);
      assert.deepEqual(array, expected, `bytes ${bytes}, gap ${gap}`);
    }
  }
  // Ranges that overlap: one copyWithin, as memmove.
  const array = Uint8Array.from({ length: 9000 }, (_, i) => i & 255);
  const expected = array.slice().copyWithin(16, 0, 8000);
  copyWithinBytes(array, 16, 0, 8000);
  assert.deepEqual(array, expected);
});

test('a pad whose border rows lie 1-31 bytes past 4 KiB apart in the output gets them right', () => {
  // Rows of 1030 float32 (4120 bytes): the reflected rows are copied from rows 24 bytes past 4 KiB apart.
  const x = { data: Float32Array.from({ length: 8 * 1024 }, (_, i) => i), shape: [8, 1024] };
  const r = ops.pad(x, [3, 3], [3, 3], { mode: 'reflect' });
  const kept = ops.tensor(x.data, x.shape);
  const fromKept = ops.pad(kept, [3, 3], [3, 3], { mode: 'reflect' });
  assertSameBits(r.data, fromKept.data);
  fromKept.dispose();
  kept.dispose();
});
