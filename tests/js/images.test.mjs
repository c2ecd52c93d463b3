// ops.fromImage and ops.toImage against numpy (tests/fixtures/images.json,
// written by tests/fixtures/images.py from the rules of docs/images.md), as
// plain images, kept [H, W, C] tensors and kept results; round trips; errors.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { KeptTensor } from '../../web/node.mjs';
import { expectError, makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { jsBlocks, runExamples, sectionOf, show, states } from './doc_pages.mjs';
import { assertBitsOf, fromBits } from './typed_golden.mjs';

const ops = await loadOps();
const fixture = JSON.parse(readFileSync(new URL('../fixtures/images.json', import.meta.url), 'utf8'));
const bytes = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));

test(`fromImage: ${fixture.fromImage.length} cases against numpy, plain, kept and as a tensor`, () => {
  const before = ops.memory();
  for (const c of fixture.fromImage) {
    const { width, height, channels } = c.image;
    const data = bytes(c.image.hex);
    const what = `${height} x ${width} x ${channels} ${JSON.stringify(c.options)}`;
    const image = { data: new Uint8ClampedArray(data.buffer), width, height, channels };
    const r = ops.fromImage(image, c.options);
    assert.deepEqual(r.shape, c.out.shape, what);
    assert.equal(r.dtype, c.out.dtype, what);
    assertBitsOf(r.data, c.out, what);
    assert.deepEqual({ ...r.transform }, c.transform, what);
    // The same pixels as a kept uint8 [H, W, C] tensor, the result kept too.
    const t = ops.tensor(data, [height, width, channels], 'uint8');
    const k = ops.fromImage(t, { ...c.options, keep: true });
    assert.ok(k instanceof KeptTensor, what);
    assertBitsOf(k.toArray(), c.out, `${what} kept`);
    k.dispose();
    t.dispose();
  }
  assert.equal(ops.memory().keptTensors, before.keptTensors);
  assert.equal(ops.memory().heapBytes, before.heapBytes);
});

test(`toImage: ${fixture.toImage.length} cases against numpy, plain and kept`, () => {
  for (const c of fixture.toImage) {
    const what = `${c.x.dtype} [${c.x.shape}] ${JSON.stringify(c.options)}`;
    const data = fromBits(c.x.dtype, c.x.bits);
    for (const kept of [false, true]) {
      const x = kept ? ops.tensor(data, c.x.shape, c.x.dtype) : { data, shape: c.x.shape, dtype: c.x.dtype };
      const img = ops.toImage(x, c.options);
      if (kept) x.dispose();
      assert.equal(img.width, c.image.width, what);
      assert.equal(img.height, c.image.height, what);
      assert.ok(img.data instanceof Uint8ClampedArray, what);
      assert.deepEqual(Array.from(img.data), Array.from(bytes(c.image.hex)), what);
    }
  }
});

test('toImage(fromImage(image)) gives the image back, for every layout and float dtype', () => {
  const rng = makeRng(0x1a9e);
  for (let n = 0; n < 60; n++) {
    const width = rng.int(1, 9);
    const height = rng.int(1, 9);
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < data.length; i++) data[i] = rng.int(0, 255);
    const layout = rng.pick(['NCHW', 'NHWC', 'CHW', 'HWC']);
    const dtype = rng.pick(['float32', 'float64', 'uint8']);
    const mean = rng.pick([undefined, [0.485, 0.456, 0.406, 0.5]]);
    const std = mean && [0.229, 0.224, 0.225, 0.25];
    const channels = rng.pick(['rgba', 'bgra']);
    const options = { layout, dtype, channels, ...(mean && dtype !== 'uint8' ? { mean, std } : {}) };
    const x = ops.fromImage({ data, width, height }, options);
    const back = ops.toImage(x, { layout, channels, ...(options.mean ? { mean, std } : {}) });
    assert.deepEqual(Array.from(back.data), Array.from(data), JSON.stringify({ width, height, options }));
  }
});

test('fromImage of a large frame reads only the rows of its crop into wasm memory', () => {
  const width = 640;
  const height = 480;
  const data = new Uint8ClampedArray(width * height * 4).fill(7);
  const before = ops.memory().heapPeakBytes;
  const r = ops.fromImage({ data, width, height }, { crop: [100, 200, 16, 32], dtype: 'uint8', layout: 'HWC' });
  assert.deepEqual(r.shape, [16, 32, 3]);
  assert.ok(r.data.every((v) => v === 7));
  // 16 rows of 640 RGBA pixels (40 KiB) at most, not the 1.2 MB frame.
  assert.ok(ops.memory().heapPeakBytes - before < 200000, `${ops.memory().heapPeakBytes - before} bytes more at the peak`);
});

test('fromImage letterboxes a 1280 x 720 frame into 640 x 640, and its transform maps boxes back', () => {
  const width = 1280;
  const height = 720;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7 + (i >> 12)) & 255;
  const before = ops.memory();
  const out = new Float32Array(3 * 640 * 640);
  const r = ops.fromImage({ data, width, height }, { size: [640, 640], fit: 'contain', padValue: 114, out });
  assert.equal(r.data, out);
  assert.deepEqual(r.shape, [1, 3, 640, 640]);
  // 720 * (640 / 1280) = 360 rows of picture, 140 rows of padding above and below.
  assert.deepEqual({ ...r.transform }, { scaleY: 0.5, scaleX: 0.5, offsetY: 140, offsetX: 0 });
  // Converted as every pixel is: 114 times 1 / 255 rounded to float32, in float32.
  const pad = Math.fround(114 * Math.fround(1 / 255));
  for (let c = 0; c < 3; c++) {
    const plane = out.subarray(c * 640 * 640, (c + 1) * 640 * 640);
    assert.ok(plane.subarray(0, 140 * 640).every((v) => v === pad), `plane ${c}: the top band`);
    assert.ok(plane.subarray(500 * 640).every((v) => v === pad), `plane ${c}: the bottom band`);
    assert.ok(!plane.subarray(140 * 640, 500 * 640).every((v) => v === pad), `plane ${c}: the picture`);
  }
  // The box around the whole picture maps back to the frame's corners.
  const { scaleY, scaleX, offsetY, offsetX } = r.transform;
  assert.deepEqual([(140 - offsetY) / scaleY, (0 - offsetX) / scaleX, (500 - offsetY) / scaleY, (640 - offsetX) / scaleX], [0, 0, 720, 1280]);
  // The same call with a crop: the transform includes it.
  const c = ops.fromImage({ data, width, height }, { crop: [0, 280, 720, 720], size: [360, 360] });
  assert.deepEqual({ ...c.transform }, { scaleY: 0.5, scaleX: 0.5, offsetY: 0, offsetX: -140 });
  assert.equal(ops.memory().keptTensors, before.keptTensors);
  assert.equal(ops.memory().heapBytes, before.heapBytes);
});

const img2 = () => ({ data: new Uint8ClampedArray(16), width: 2, height: 2 });
const ERRORS = [
  ['image null', () => ops.fromImage(null), 'INVALID_ARGUMENT', ['image', 'null']],
  ['image a string', () => ops.fromImage('cat.png'), 'INVALID_ARGUMENT', ['image', "'cat.png'"]],
  ['image.data a Float32Array', () => ops.fromImage({ data: new Float32Array(16), width: 2, height: 2 }), 'INVALID_ARGUMENT', ['image.data', 'Float32Array']],
  ['image.data too short', () => ops.fromImage({ data: new Uint8Array(15), width: 2, height: 2 }), 'INVALID_ARGUMENT', ['image.data', '15', '16']],
  ['image.width a fraction', () => ops.fromImage({ data: new Uint8Array(16), width: 2.5, height: 2 }), 'INVALID_ARGUMENT', ['image.width', '2.5']],
  ['image.channels 2', () => ops.fromImage({ data: new Uint8Array(8), width: 2, height: 2, channels: 2 }), 'INVALID_ARGUMENT', ['image.channels', '2']],
  ['a float32 tensor', () => ops.fromImage({ data: new Float32Array(12), shape: [2, 2, 3], dtype: 'float32' }), 'INVALID_ARGUMENT', ['image', 'uint8']],
  ['crop outside', () => ops.fromImage(img2(), { crop: [1, 0, 2, 2] }), 'SHAPE_MISMATCH', ['crop', '[1, 0, 2, 2]', '2 x 2']],
  ['crop of 3 numbers', () => ops.fromImage(img2(), { crop: [0, 0, 1] }), 'INVALID_ARGUMENT', ['crop', '[top, left, height, width]']],
  ['crop of height 0', () => ops.fromImage(img2(), { crop: [0, 0, 0, 1] }), 'SHAPE_MISMATCH', ['crop']],
  ['size of one number', () => ops.fromImage(img2(), { size: [4] }), 'INVALID_ARGUMENT', ['size', '[4]', '[height, width]']],
  ['size with a 0', () => ops.fromImage(img2(), { size: [4, 0] }), 'INVALID_ARGUMENT', ['size', '[4, 0]', 'at least one pixel']],
  ['size negative', () => ops.fromImage(img2(), { size: [-2, 4] }), 'INVALID_ARGUMENT', ['size', '-2']],
  ['size a fraction', () => ops.fromImage(img2(), { size: [2.5, 4] }), 'INVALID_ARGUMENT', ['size', '2.5']],
  ['resize unknown', () => ops.fromImage(img2(), { size: [4, 4], resize: 'linear' }), 'INVALID_ARGUMENT', ['resize', "'linear'", "'bilinear'"]],
  ['antialias a number', () => ops.fromImage(img2(), { size: [1, 1], antialias: 1 }), 'INVALID_ARGUMENT', ['antialias', '1']],
  ['padValue 256', () => ops.fromImage(img2(), { size: [4, 2], fit: 'contain', padValue: 256 }), 'INVALID_ARGUMENT', ['padValue', '256', '0 to 255']],
  ['padValue a fraction', () => ops.fromImage(img2(), { padValue: [0, 0, 0.5, 0] }), 'INVALID_ARGUMENT', ['padValue', '0.5']],
  ['padValue per output channel', () => ops.fromImage(img2(), { padValue: [114, 114, 114] }), 'SHAPE_MISMATCH', ['padValue', '3 values', 'the image has 4 channels']],
  ['fit unknown', () => ops.fromImage(img2(), { fit: 'stretch' }), 'INVALID_ARGUMENT', ['fit', "'stretch'", "'contain'"]],
  ['channels unknown', () => ops.fromImage(img2(), { channels: 'RGB' }), 'INVALID_ARGUMENT', ['channels', "'RGB'", "'rgb'"]],
  ['layout unknown', () => ops.fromImage(img2(), { layout: 'nchw' }), 'INVALID_ARGUMENT', ['layout', "'nchw'", "'NCHW'"]],
  ['dtype unknown', () => ops.fromImage(img2(), { dtype: 'f32' }), 'INVALID_ARGUMENT', ['dtype', "'f32'"]],
  ['mean of 2 for 3 channels', () => ops.fromImage(img2(), { mean: [0.5, 0.5] }), 'SHAPE_MISMATCH', ['mean', '2 values', '3 channels']],
  ['std a string', () => ops.fromImage(img2(), { std: '1' }), 'INVALID_ARGUMENT', ['std', "'1'"]],
  ['keep and out', () => ops.fromImage(img2(), { keep: true, out: new Float32Array(12) }), 'INVALID_ARGUMENT', ['keep', 'out']],
  ['out of another class', () => ops.fromImage(img2(), { out: new Uint8Array(12) }), 'INVALID_ARGUMENT', ['out', 'Float32Array']],
  ['an unknown option', () => ops.fromImage(img2(), { normalize: true }), 'INVALID_ARGUMENT', ["'normalize'"]],
  ['toImage: x not one image', () => ops.toImage({ data: new Float32Array(24), shape: [2, 3, 2, 2] }), 'SHAPE_MISMATCH', ['x.shape', '[2, 3, 2, 2]', 'NCHW']],
  ['toImage: 2 channels', () => ops.toImage({ data: new Float32Array(8), shape: [1, 2, 2, 2] }), 'SHAPE_MISMATCH', ['2 channels']],
  ['toImage: channels for another count', () => ops.toImage({ data: new Float32Array(12), shape: [1, 3, 2, 2] }, { channels: 'rgba' }), 'SHAPE_MISMATCH', ["'rgba'", '4', '3']],
  ['toImage: alpha 256', () => ops.toImage({ data: new Float32Array(12), shape: [1, 3, 2, 2] }, { alpha: 256 }), 'INVALID_ARGUMENT', ['alpha', '256']],
  ['toImage: x null', () => ops.toImage(null), 'INVALID_ARGUMENT', ['x', 'null']],
];
test('fromImage and toImage: bad inputs throw TensorOpsError naming the parameter, and leave nothing behind', () => {
  const before = ops.memory();
  for (const [title, call, code, parts] of ERRORS) {
    try {
      expectError(call, code, title.startsWith('toImage') ? 'toImage' : 'fromImage', parts);
    } catch (e) {
      e.message = `${title}: ${e.message}`;
      throw e;
    }
  }
  assert.equal(ops.memory().keptTensors, before.keptTensors);
  assert.equal(ops.memory().heapBytes, before.heapBytes);
});

test('docs/images.md: the examples give what their comments say', () => {
  const page = readFileSync(new URL('../../docs/images.md', import.meta.url), 'utf8');
  const blocks = jsBlocks(sectionOf(page, 'Examples'));
  const { checks } = runExamples(ops, blocks, (fn, value, expr) => {
    const shown = show(fn());
    assert.ok(states(value, shown), `${expr} gives ${shown}; the page says ${value}`);
  });
  assert.ok(checks.reduce((a, b) => a + b, 0) >= 7, `${checks} values checked`);
});

// onnxruntime-web's Tensor.fromImage, on what it supports in Node (an
// ImageData made by hand; its options need a canvas): RGB float32 NCHW / 255.
// It divides in float64 and rounds once; fromImage multiplies in float32 by
// fround(1 / 255), as cast's float32 arithmetic does: at most one unit in
// the last place apart.
test("fromImage agrees with onnxruntime-web's Tensor.fromImage (RGB, float32, NCHW, / 255) within one ulp", async () => {
  const ort = await import('onnxruntime-web');
  const hadImageData = 'ImageData' in globalThis;
  if (!hadImageData) {
    globalThis.ImageData = class ImageData {
      constructor(data, width, height) { Object.assign(this, { data, width, height }); }
    };
  }
  try {
    const rng = makeRng(0x0e7);
    let exact = 0;
    let values = 0;
    for (let n = 0; n < 20; n++) {
      const width = rng.int(1, 40);
      const height = rng.int(1, 40);
      const data = new Uint8ClampedArray(width * height * 4);
      for (let i = 0; i < data.length; i++) data[i] = rng.int(0, 255);
      const theirs = await ort.Tensor.fromImage(new globalThis.ImageData(data, width, height));
      const ours = ops.fromImage({ data, width, height });
      assert.deepEqual(ours.shape, [...theirs.dims]);
      for (let i = 0; i < ours.data.length; i++) {
        const a = ours.data[i];
        const b = theirs.data[i];
        assert.ok(Math.abs(a - b) <= Math.abs(b) * 2 ** -23, `element ${i}: ${a} against onnxruntime's ${b}`);
        if (a === b) exact++;
        values++;
      }
    }
    assert.ok(exact > values / 2, `${exact} of ${values} values exactly equal`);
  } finally {
    if (!hadImageData) delete globalThis.ImageData;
  }
});
