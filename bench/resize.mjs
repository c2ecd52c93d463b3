// resize against its targets, each a ratio measured in one run:
//   - linear 4x upscale of [1,3,256,256] float32 (NCHW planes, the fused
//     kernel) against onnxruntime-web's Resize as a one-node graph: at most
//     0.5x its time;
//   - bilinear 1280x720 -> 640x360 RGBA uint8 ([1,720,1280,4] ->
//     [1,360,640,4], NHWC) against OpenCV.js `cv.resize` (INTER_LINEAR):
//     at most 1.0x; a hand-written JS bilinear loop and onnxruntime-web
//     beside it;
//   - the letterbox of bench/programs/letterbox.mjs (fromImage with fit
//     'contain') against OpenCV.js's four calls: at most 0.5x, and against
//     a JS bilinear letterbox loop: at most 0.3x;
//   - a kept call at 16 KiB: at most 2 µs.
// Plain arrays in and out (`out`), as a user calls either.
// node bench/resize.mjs [--threads=N] [--rounds=<scale>] [--out=results-resize]
import * as ort from 'onnxruntime-web';

import { load } from '../web/node.mjs';
import { letterboxBlob, loadOpenCV, resizeRgba } from './contenders/opencv.mjs';
import { oneNodeModel } from './onnx_model.mjs';
import { bilinearTaps, floats } from './programs/common.mjs';
import letterbox from './programs/letterbox.mjs';
import { args, targetTable } from './target_table.mjs';
import { bestTimes } from './timing.mjs';

const ops = await load(args.threads ? { threads: Number(args.threads) } : undefined);
const scale = Number(args.rounds ?? 1);
const { row, print } = targetTable('resize against its targets', 'node bench/resize.mjs');

// onnxruntime-web's Resize (opset 17) on x, its roi empty and its scales fed as inputs.
async function ortResize(dtype, x, shape, scales, outShape, attributes) {
  const model = oneNodeModel({
    op: 'Resize', dtype, inputShapes: [shape, [0], [scales.length]], inputDtypes: [dtype, 'float32', 'float32'],
    outputShape: outShape, attributes,
  });
  const session = await ort.InferenceSession.create(model, { executionProviders: ['wasm'] });
  const feeds = {
    x0: new ort.Tensor(dtype, x, shape),
    x1: new ort.Tensor('float32', new Float32Array(0), [0]),
    x2: new ort.Tensor('float32', Float32Array.from(scales), [scales.length]),
  };
  const check = await session.run(feeds);
  return { run: async () => { await session.run(feeds); }, release: () => session.release(), first: check.y.data };
}

// A JS bilinear resize of an interleaved image (half_pixel, edge clamped, no
// antialias: what cv.resize INTER_LINEAR computes), taps precomputed once.
function jsBilinear(src, h, w, c, oh, ow) {
  const ty = bilinearTaps(h, oh);
  const tx = bilinearTaps(w, ow);
  const out = new Uint8Array(oh * ow * c);
  return () => {
    for (let y = 0; y < oh; y++) {
      const r0 = ty.i0[y] * w * c;
      const r1 = ty.i1[y] * w * c;
      const fy = ty.f[y];
      for (let x = 0; x < ow; x++) {
        const a = tx.i0[x] * c;
        const b = tx.i1[x] * c;
        const fx = tx.f[x];
        const o = (y * ow + x) * c;
        for (let k = 0; k < c; k++) {
          const top = src[r0 + a + k] + (src[r0 + b + k] - src[r0 + a + k]) * fx;
          const bottom = src[r1 + a + k] + (src[r1 + b + k] - src[r1 + a + k]) * fx;
          out[o + k] = Math.round(top + (bottom - top) * fy);
        }
      }
    }
    return out;
  };
}

// ---- linear 4x upscale of [1,3,256,256] float32 against onnxruntime-web.
{
  const shape = [1, 3, 256, 256];
  const outShape = [1, 3, 1024, 1024];
  const x = { data: floats(3 * 256 * 256), shape };
  const out = new Float32Array(3 * 1024 * 1024);
  const peer = await ortResize('float32', x.data, shape, [1, 1, 4, 4], outShape, { mode: 'linear' });
  ops.resize(x, { scales: [1, 1, 4, 4], mode: 'linear', out });
  let worst = 0;
  for (let i = 0; i < out.length; i++) worst = Math.max(worst, Math.abs(out[i] - peer.first[i]));
  if (worst > 1e-5) throw new Error(`resize and onnxruntime-web differ by ${worst}`);
  const t = await bestTimes({
    ours: () => ops.resize(x, { scales: [1, 1, 4, 4], mode: 'linear', out }),
    ort: peer.run,
  }, 7 * scale);
  row('linear 4x [1,3,256,256] -> [1,3,1024,1024] f32 (plain, out)', '<= 0.5x onnxruntime-web', t.ours, 'onnxruntime-web', t.ours / t.ort);
  peer.release();
}

// ---- bilinear RGBA uint8, NHWC: 1280x720 -> 640x360 (the target: both axes halved, weights of 1/2,
// which takes the exact integer kernel) and, for the general float path, 1920x1080 -> 640x360 and
// 1280x720 -> 960x540 (the onnxruntime-web and kept rows for the first only).
async function bilinear([h, w, oh, ow], full) {
  const c = 4;
  const frame = { data: Uint8Array.from({ length: h * w * c }, (_, i) => (i * 2654435761) >>> 24), shape: [1, h, w, c], dtype: 'uint8' };
  const out = new Uint8Array(oh * ow * c);
  const call = () => ops.resize(frame, { sizes: [oh, ow], axes: [1, 2], mode: 'linear', out });
  const js = jsBilinear(frame.data, h, w, c, oh, ow);
  call();
  const mine = js();
  let worst = 0;
  for (let i = 0; i < out.length; i++) worst = Math.max(worst, Math.abs(out[i] - mine[i]));
  if (worst > 1) throw new Error(`resize and the JS bilinear loop differ by ${worst}`);
  const { cv } = await loadOpenCV();
  const opencv = resizeRgba(cv, w, h, ow, oh);
  const theirs = new Uint8Array(out.length);
  opencv.run(frame.data, theirs);
  worst = 0;
  for (let i = 0; i < out.length; i++) worst = Math.max(worst, Math.abs(out[i] - theirs[i]));
  if (worst > 1) throw new Error(`resize and OpenCV.js cv.resize differ by ${worst}`);
  const what = `bilinear RGBA ${w}x${h} -> ${ow}x${oh} u8 (plain, out)`;
  if (!full) {
    const t = await bestTimes({ ours: call, js, opencv: () => opencv.run(frame.data, theirs) }, 7 * scale);
    row(what, '(the general path)', t.ours, 'OpenCV.js (pixels copied in and out)', t.ours / t.opencv);
    row('', '', t.ours, 'a JS bilinear loop', t.ours / t.js);
    opencv.release();
    return;
  }
  const peer = await ortResize('uint8', frame.data, frame.shape, [1, oh / h, ow / w, 1], [1, oh, ow, c], { mode: 'linear' });
  // A kept frame (already in wasm memory, as a loaded Mat is for OpenCV.js): no copy in.
  const kept = ops.tensor(frame.data, frame.shape, 'uint8');
  const keptCall = () => ops.resize(kept, { sizes: [oh, ow], axes: [1, 2], mode: 'linear', out });
  const t = await bestTimes({
    ours: call, kept: keptCall, js, ort: peer.run,
    opencv: () => opencv.run(frame.data, theirs),
    opencvLoaded: () => opencv.runLoaded(theirs),
  }, 7 * scale);
  row(what, '<= 1.0x OpenCV.js cv.resize', t.ours, 'OpenCV.js (pixels copied in and out)', t.ours / t.opencv);
  row('', '', t.ours, 'a JS bilinear loop', t.ours / t.js);
  row('', '', t.ours, 'onnxruntime-web', t.ours / t.ort);
  row('the same, the frame kept (out)', '<= 1.0x OpenCV.js cv.resize', t.kept, 'OpenCV.js, the frame in its Mat', t.kept / t.opencvLoaded);
  row('', '', t.kept, 'a JS bilinear loop', t.kept / t.js);
  kept.dispose();
  opencv.release();
  peer.release();
}
await bilinear([720, 1280, 360, 640], true);
await bilinear([1080, 1920, 360, 640], false);
await bilinear([720, 1280, 540, 960], false);

// ---- the letterbox: 1280x720 RGBA -> [1,3,640,640] float32 / 255 (bench/programs/letterbox.mjs),
// against OpenCV.js's resize + copyMakeBorder + cvtColor + blobFromImage and the program's JS loop.
{
  const p = letterbox.make(ops);
  p.library();
  p.js();
  const [mine] = p.outputs.library;
  if (mine.some((v, i) => v !== p.outputs.js[0][i])) throw new Error('the letterbox and its JS loop differ');
  const { cv } = await loadOpenCV();
  const frame = p.frame;
  const opencv = letterboxBlob(cv, 1280, 720, 360, 640, 640, 114, 1 / 255);
  const theirs = new Float32Array(mine.length);
  opencv.run(frame, theirs);
  // OpenCV rounds its fixed-point bilinear its own way: a pixel may differ by one level.
  let worst = 0;
  for (let i = 0; i < mine.length; i++) worst = Math.max(worst, Math.abs(mine[i] - theirs[i]));
  if (worst > 1.01 / 255) throw new Error(`the letterbox and OpenCV.js differ by ${worst * 255} levels`);
  const t = await bestTimes({ ours: p.library, js: p.js, opencv: () => opencv.run(frame, theirs) }, 7 * scale);
  row('letterbox 1280x720 RGBA -> 640x640 f32 NCHW / 255 (fromImage, plain, out)', '<= 0.5x OpenCV.js', t.ours,
    'OpenCV.js resize + copyMakeBorder + cvtColor + blobFromImage', t.ours / t.opencv);
  row('', '<= 0.3x a JS loop', t.ours, 'a JS bilinear letterbox loop', t.ours / t.js);
  opencv.release();
  p.dispose();
}

// ---- a kept call's time at 16 KiB: [64,64] float32 halved and doubled (linear), a kept result each.
{
  const x = ops.tensor(floats(4096), [64, 64]);
  const t = await bestTimes({
    half: () => ops.resize(x, { scales: [0.5, 0.5], mode: 'linear' }).dispose(),
    twice: () => ops.resize(x, { scales: [2, 2], mode: 'linear' }).dispose(),
  }, 60 * scale);
  row('resize 16 KiB (kept) [64,64] f32 -> [32,32], linear', '<= 2 µs', t.half, '', NaN);
  row('resize 16 KiB (kept) [64,64] f32 -> [128,128], linear', '<= 2 µs', t.twice, '', NaN);
  x.dispose();
}

print(`wasm-tensor-ops resize (${ops.backend.variant}, ${ops.backend.threads} threads; onnxruntime-web ${ort.env.versions?.web ?? ''}); ratio: our time / theirs`, ops);
