// Large plain results of a threaded call are copied out band by band while
// the pool makes the rest (web/output_stream.mjs, the core's
// engine/output_stream.hpp): a cast's, fromImage's and a gather's
// arrays (planes or channels last), new or `out` (at an offset in a larger
// buffer too), hold the values the rules give, computed here element by
// element, as the kept path's result does (nothing copied out); an index
// out of range leaves `out` as it was; nothing is left on the heap.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const H = 640;
const W = 640;
const frame = Uint8Array.from({ length: H * W * 4 }, (_, i) => (i * 2654435761) % 251);
const S = Math.fround(1 / 255);

// y = float32(float32(x * scale) + bias), per channel (the cast's float32 computing).
function expectedPlanes(scale, bias) {
  const y = new Float32Array(3 * H * W);
  for (let c = 0; c < 3; c++) {
    const s = Math.fround(scale[c]);
    const b = Math.fround(bias[c]);
    for (let i = 0; i < H * W; i++) y[c * H * W + i] = Math.fround(Math.fround(frame[4 * i + c] * s) + b);
  }
  return y;
}

function sameBits(actual, expected, what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  const a = new Uint32Array(actual.buffer, actual.byteOffset, actual.length);
  const e = new Uint32Array(expected.buffer, expected.byteOffset, expected.length);
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== e[i]) assert.fail(`${what}: element ${i} is ${actual[i]}, expected ${expected[i]}`);
  }
}

test('fromImage of a 640 x 640 frame into a new array and into out (at an offset) gives the rule\'s values', () => {
  const before = ops.memory().heapBytes;
  const expected = expectedPlanes([S, S, S], [0, 0, 0]);
  const image = { data: frame, width: W, height: H };
  sameBits(ops.fromImage(image).data, expected, 'new array');
  const buffer = new ArrayBuffer(4 * (3 * H * W + 8));
  const out = new Float32Array(buffer, 16, 3 * H * W);
  const r = ops.fromImage(image, { out });
  assert.equal(r.data, out);
  sameBits(out, expected, 'out at byte 16');
  const around = new Float32Array(buffer);
  for (const i of [0, 1, 2, 3, around.length - 4, around.length - 1]) assert.equal(around[i], 0, `element ${i} beside out`);
  assert.equal(ops.memory().heapBytes, before);
});

test('fromImage of a 640 x 640 frame to NHWC with mean and std gives the rule\'s values', () => {
  const before = ops.memory().heapBytes;
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  // scale / std and -mean / std in float64, then rounded to float32 as cast's coefficients are.
  const sc = std.map((d) => Math.fround(1 / 255 / d));
  const bc = mean.map((m, c) => Math.fround(-m / std[c]));
  const want = new Float32Array(3 * H * W);
  for (let i = 0; i < H * W; i++) {
    for (let c = 0; c < 3; c++) want[3 * i + c] = Math.fround(Math.fround(frame[4 * i + c] * sc[c]) + bc[c]);
  }
  const r = ops.fromImage({ data: frame, width: W, height: H }, { layout: 'NHWC', mean, std });
  assert.deepEqual(r.shape, [1, H, W, 3]);
  sameBits(r.data, want, 'NHWC');
  assert.equal(ops.memory().heapBytes, before);
});

test('a cast with scale and bias per channel: kept, into out and plain give the rule\'s values', () => {
  const before = ops.memory().heapBytes;
  const scale = [S, 2 * S, 0.5];
  const bias = [-0.485, -0.456, 0.25];
  const expected = expectedPlanes(scale, bias);
  const kept = ops.tensor(frame, [1, H, W, 4]);
  const rgb = ops.slice(kept, [0], [3], { axes: [3] });
  const planes = ops.transpose(rgb, [0, 3, 1, 2]);
  try {
    const options = { scale, bias, axis: 1 };
    const k = ops.cast(planes, 'float32', options); // a kept result: nothing copied out
    try {
      sameBits(k.data, expected, 'kept view in, kept result');
    } finally {
      k.dispose();
    }
    const out = new Float32Array(3 * H * W);
    assert.equal(ops.cast(planes, 'float32', { ...options, out }).data, out);
    sameBits(out, expected, 'kept view in, out');
    // A plain dense input: one row of positions, in bands.
    const dense = ops.cast({ data: frame, shape: [H * W * 4] }, 'float32', { scale: S });
    const e = new Float32Array(H * W * 4);
    for (let i = 0; i < e.length; i++) e[i] = Math.fround(frame[i] * S);
    sameBits(dense.data, e, 'plain dense');
  } finally {
    planes.dispose();
    rgb.dispose();
    kept.dispose();
  }
  assert.equal(ops.memory().heapBytes, before);
});

test('a gather into a new array and into out gives the rule\'s values, and an index out of range leaves out as it was', () => {
  const before = ops.memory().heapBytes;
  // gather: rows of a [21, 4] uint8 palette by an int32 [512, 512] mask (1 MiB of RGBA).
  const palette = Uint8Array.from({ length: 84 }, (_, i) => (i * 37) % 256);
  const mask = Int32Array.from({ length: 512 * 512 }, (_, i) => ((i * 2654435761) >>> 9) % 42 - 21);
  const rgba = new Uint8Array(4 * mask.length);
  for (let i = 0; i < mask.length; i++) {
    const row = mask[i] < 0 ? mask[i] + 21 : mask[i];
    for (let k = 0; k < 4; k++) rgba[4 * i + k] = palette[4 * row + k];
  }
  const table = { data: palette, shape: [21, 4] };
  const ids = { data: mask, shape: [512, 512] };
  assert.deepEqual(ops.gather(table, ids).data, rgba, 'gather, new array');
  const pixels = new Uint8Array(4 * mask.length);
  assert.equal(ops.gather(table, ids, { out: pixels }).data, pixels);
  assert.deepEqual(pixels, rgba, 'gather, out');
  const keptIds = ops.tensor(mask, [512, 512]); // (the case that gains: no copy in, the copy out overlapping the gather)
  try {
    const again = new Uint8Array(4 * mask.length);
    ops.gather(table, keptIds, { out: again });
    assert.deepEqual(again, rgba, 'gather of kept ids, out');
  } finally {
    keptIds.dispose();
  }
  // One id out of range: an error naming it, and out as it was.
  const bad = Int32Array.from(mask);
  bad[200000] = 21;
  const kept = Uint8Array.from(pixels);
  assert.throws(() => ops.gather(table, { data: bad, shape: [512, 512] }, { out: pixels }), (e) => e.code === 'INVALID_ARGUMENT' && /indices\[390, 320\] value 21 is out of range/.test(e.message));
  assert.deepEqual(pixels, kept, 'out after the error');
  assert.equal(ops.memory().heapBytes, before);
});
