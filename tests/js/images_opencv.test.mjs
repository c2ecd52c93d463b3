// fromImage against OpenCV.js (@techstark/opencv-js, a devDependency) on
// the cases OpenCV's blobFromImage covers: RGB or BGR (swapRB), a scale
// factor and a mean per channel, NCHW float32, at the image's size or
// resized (INTER_LINEAR: fromImage's bilinear without antialiasing); and a
// letterbox as an OpenCV.js user writes it (resize, copyMakeBorder,
// blobFromImage). OpenCV computes (pixel - mean) * scale; fromImage
// pixel * scale - mean * scale, so values agree within a few float32 ulps;
// OpenCV's bilinear is fixed-point, so a resized pixel may differ by one level.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const cv = createRequire(import.meta.url)('@techstark/opencv-js');
if (!cv.Mat) await new Promise((resolve) => { cv.onRuntimeInitialized = resolve; });

/** OpenCV's blob of an RGBA image: cvtColor to RGB, then blobFromImage. */
function blob(image, { scale, mean, swapRB, size }) {
  const src = cv.matFromArray(image.height, image.width, cv.CV_8UC4, Array.from(image.data));
  const rgb = new cv.Mat();
  cv.cvtColor(src, rgb, cv.COLOR_RGBA2RGB);
  const [h, w] = size ?? [image.height, image.width];
  const b = cv.blobFromImage(rgb, scale, new cv.Size(w, h), new cv.Scalar(...mean, 0), swapRB, false);
  const out = Float32Array.from(b.data32F);
  for (const m of [src, rgb, b]) m.delete();
  return out;
}

function assertClose(ours, theirs, tolerance, what) {
  assert.equal(ours.length, theirs.length, what);
  let worst = 0;
  for (let i = 0; i < ours.length; i++) worst = Math.max(worst, Math.abs(ours[i] - theirs[i]));
  assert.ok(worst <= tolerance, `${what}: differs by ${worst} (tolerance ${tolerance})`);
}

test('fromImage agrees with OpenCV.js blobFromImage: RGB and BGR, scale, mean, at the same size and resized', () => {
  const rng = makeRng(0xb10b);
  for (let n = 0; n < 60; n++) {
    const width = rng.int(2, 24);
    const height = rng.int(2, 24);
    const data = new Uint8ClampedArray(width * height * 4).map(() => rng.int(0, 255));
    const image = { data, width, height };
    const scale = rng.pick([1 / 255, 1 / 127.5, 1, 0.017]);
    const mean = [0, 1, 2].map(() => rng.pick([0, 127.5, 123.675, 104]));
    const swapRB = rng() < 0.5;
    const size = rng() < 0.5 ? [rng.int(1, 32), rng.int(1, 32)] : undefined;
    const what = `${height} x ${width} -> ${size ?? 'same'} scale ${scale} mean ${mean} ${swapRB ? 'BGR' : 'RGB'}`;
    // OpenCV's mean is in pixel units, in the output's channel order (swapRB swaps it too).
    const theirs = blob(image, { scale, mean, swapRB, size });
    const x = ops.fromImage(image, {
      channels: swapRB ? 'bgr' : 'rgb', scale, mean: mean.map((m) => m * scale), ...(size ? { size, antialias: false } : {}),
    });
    // One level of a pixel where resized (fixed point), else a few ulps of the largest value.
    assertClose(x.data, theirs, size ? scale * 1.0001 + 1e-5 : 256 * scale * 2 ** -22, what);
  }
});

test('fromImage letterbox agrees with OpenCV.js resize + copyMakeBorder + blobFromImage within one level', () => {
  const rng = makeRng(0x1e77e7);
  for (const [height, width, H, W] of [[72, 128, 64, 64], [128, 72, 64, 64], [50, 30, 40, 48], [9, 9, 16, 16]]) {
    const data = new Uint8ClampedArray(width * height * 4).map(() => rng.int(0, 255));
    const x = ops.fromImage({ data, width, height }, { size: [H, W], fit: 'contain', padValue: 114, antialias: false });
    const s = Math.min(H / height, W / width);
    const rh = Math.round(height * s);
    const rw = Math.round(width * s);
    const top = Math.floor((H - rh) / 2);
    const left = Math.floor((W - rw) / 2);
    assert.deepEqual({ ...x.transform }, { scaleY: rh / height, scaleX: rw / width, offsetY: top, offsetX: left });
    const src = cv.matFromArray(height, width, cv.CV_8UC4, Array.from(data));
    const small = new cv.Mat();
    const boxed = new cv.Mat();
    cv.resize(src, small, new cv.Size(rw, rh), 0, 0, cv.INTER_LINEAR);
    cv.copyMakeBorder(small, boxed, top, H - rh - top, left, W - rw - left, cv.BORDER_CONSTANT, new cv.Scalar(114, 114, 114, 255));
    const image = { data: Uint8ClampedArray.from(boxed.data), width: W, height: H };
    for (const m of [src, small, boxed]) m.delete();
    assertClose(x.data, blob(image, { scale: 1 / 255, mean: [0, 0, 0], swapRB: false }), 1.0001 / 255, `${height} x ${width} -> ${H} x ${W}`);
  }
});
