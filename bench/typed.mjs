// The typed operations (cast, fromImage/toImage, triangular, argMax, topK,
// oneHot) against their targets, each as a ratio measured in one run: to the best
// hand-written JavaScript loop, to `TypedArray.prototype.set` of the
// output's (or the larger side's) bytes, and a kept call's time at 16 KiB.
// node bench/typed.mjs [--threads=N] [--rounds=<scale>] [--out=results-typed]

import { load } from '../web/node.mjs';
import { frameToBlob, loadOpenCV } from './contenders/opencv.mjs';
import { bytes, floats } from './programs/common.mjs';
import { args, setOf, targetTable } from './target_table.mjs';
import { bestTimes } from './timing.mjs';

const ops = await load(args.threads ? { threads: Number(args.threads) } : undefined);
const scale = Number(args.rounds ?? 1);
const { row, print } = targetTable('Typed operations against their targets', 'node bench/typed.mjs');

// ---- fromImage: a 640 x 640 RGBA frame -> float32 NCHW / 255.
{
  const H = 640;
  const W = 640;
  const n = H * W;
  const frame = bytes(n * 4);
  const image = { data: frame, width: W, height: H };
  const out = new Float32Array(3 * n);
  const outJ = new Float32Array(3 * n);
  // The loop a user writes (a divide), and one in fromImage's own float32 arithmetic (a multiply).
  const loopDivide = () => {
    for (let i = 0, j = 0; i < n; i++, j += 4) {
      outJ[i] = frame[j] / 255;
      outJ[n + i] = frame[j + 1] / 255;
      outJ[2 * n + i] = frame[j + 2] / 255;
    }
  };
  const S = Math.fround(1 / 255);
  const loopMultiply = () => {
    for (let i = 0, j = 0; i < n; i++, j += 4) {
      outJ[i] = frame[j] * S;
      outJ[n + i] = frame[j + 1] * S;
      outJ[2 * n + i] = frame[j + 2] * S;
    }
  };
  const kept = ops.tensor(frame, [H, W, 4]);
  const { cv } = await loadOpenCV();
  const blob = frameToBlob(cv, W, H, 1 / 255);
  const t = await bestTimes({
    opencv: () => blob.run(frame, outJ),
    plain: () => ops.fromImage(image, { out }),
    keptIn: () => ops.fromImage(kept, { out }),
    keptBoth: () => ops.fromImage(kept, { keep: true }).dispose(),
    loopDivide,
    loopMultiply,
  }, 20 * scale);
  row('fromImage 640x640 RGBA -> f32 NCHW /255 (plain in, out)', '<= 0.4x the JS loop', t.plain, 'JS loop (divide)', t.plain / t.loopDivide);
  row('', '', t.plain, 'JS loop (multiply, the same bytes)', t.plain / t.loopMultiply);
  row('', '', t.plain, 'OpenCV.js cvtColor + blobFromImage', t.plain / t.opencv);
  row('the same, kept frame in, out', '<= 0.25x', t.keptIn, 'JS loop (divide)', t.keptIn / t.loopDivide);
  row('the same, kept frame in, kept result', '<= 0.25x', t.keptBoth, 'JS loop (divide)', t.keptBoth / t.loopDivide);
  kept.dispose();
  blob.release();
}

// ---- ImageNet: the centre 224 crop of a 256 x 256 frame, mean/std.
{
  const S = 256;
  const C = 224;
  const O = 16;
  const frame = bytes(S * S * 4, 5);
  const n = C * C;
  const out = new Float32Array(3 * n);
  const outJ = new Float32Array(3 * n);
  const MEAN = [0.485, 0.456, 0.406];
  const STD = [0.229, 0.224, 0.225];
  const loop = () => {
    for (let y = 0; y < C; y++) {
      for (let x = 0, j = ((y + O) * S + O) * 4, i = y * C; x < C; x++, j += 4, i++) {
        outJ[i] = (frame[j] / 255 - MEAN[0]) / STD[0];
        outJ[n + i] = (frame[j + 1] / 255 - MEAN[1]) / STD[1];
        outJ[2 * n + i] = (frame[j + 2] / 255 - MEAN[2]) / STD[2];
      }
    }
  };
  const t = await bestTimes({
    plain: () => ops.fromImage({ data: frame, width: S, height: S }, { crop: [O, O, C, C], mean: MEAN, std: STD, out }),
    loop,
  }, 40 * scale);
  row('fromImage ImageNet crop 224 + mean/std (plain in, out)', '<= 0.4x', t.plain, 'JS loop', t.plain / t.loop);
}

// ---- toImage: [1, 3, 512, 512] float32 -> RGBA.
{
  const n = 512 * 512;
  const x = { data: floats(3 * n, -0.1, 1.1), shape: [1, 3, 512, 512] };
  const img = new Uint8ClampedArray(4 * n);
  const loop = () => {
    const d = x.data;
    for (let i = 0, p = 0; i < n; i++, p += 4) {
      img[p] = d[i] * 255;
      img[p + 1] = d[n + i] * 255;
      img[p + 2] = d[2 * n + i] * 255;
      img[p + 3] = 255;
    }
  };
  const kept = ops.tensor(x.data, x.shape);
  const t = await bestTimes({ plain: () => ops.toImage(x), kept: () => ops.toImage(kept), loop }, 20 * scale);
  row('toImage [1,3,512,512] f32 (plain)', '<= 0.4x the JS loop', t.plain, 'JS loop', t.plain / t.loop);
  row('the same, kept', '', t.kept, 'JS loop', t.kept / t.loop);
  kept.dispose();
}

// ---- cast at 64 MiB (kept) against a copy of the larger side, and at 16 KiB.
for (const [from, to, C, opts] of [
  ['uint8', 'float32', Uint8Array, { scale: 1 / 255 }],
  ['float32', 'float16', Float32Array, {}],
  ['int32', 'float32', Int32Array, {}],
  ['float32', 'uint8', Float32Array, { scale: 255 }],
]) {
  // Both sizes are of the larger side (a uint8 -> float32 cast of 16 KiB writes 16 KiB).
  const larger = Math.max(C.BYTES_PER_ELEMENT, to === 'float32' ? 4 : to === 'float16' ? 2 : 1);
  const n = (64 << 20) / larger;
  const x = ops.tensor(new C(n).map((_, i) => i % 200), [n], from);
  const t = await bestTimes({ cast: () => ops.cast(x, to, opts).dispose(), set: setOf(64 << 20) }, 4 * scale);
  row(`cast ${from} -> ${to}${opts.scale ? ' with scale' : ''}, 64 MiB (kept)`, '<= 1.5x set of the larger side', t.cast, 'set', t.cast / t.set);
  x.dispose();
  const m = 16384 / larger;
  const small = ops.tensor(new C(m).map((_, i) => i % 200), [m], from);
  const s = await bestTimes({ cast: () => ops.cast(small, to, opts).dispose() }, 60 * scale);
  row(`cast ${from} -> ${to}${opts.scale ? ' with scale' : ''}, 16 KiB (kept)`, '<= 1.5 µs', s.cast, '', NaN);
  small.dispose();
}

// ---- triangular and argMax.
{
  const n = 16 << 20; // 64 MiB of float32: [64, 512, 512]
  const x = ops.tensor(floats(n), [64, 512, 512]);
  const t = await bestTimes({ tri: () => ops.triangular(x).dispose(), set: setOf(64 << 20) }, 4 * scale);
  row('triangular [64,512,512] f32 (kept)', '<= 1.2x the copy limit', t.tri, 'set', t.tri / t.set);
  x.dispose();
  const small = ops.tensor(new Float32Array(4096), [64, 64]);
  const s = await bestTimes({ tri: () => ops.triangular(small).dispose(), arg: () => ops.argMax(small, 1).dispose() }, 60 * scale);
  row('triangular 16 KiB (kept)', '<= 1.5 µs', s.tri, '', NaN);
  row('argMax 16 KiB (kept)', '<= 1.5 µs', s.arg, '', NaN);
  small.dispose();
}
{
  const C = 21;
  const P = 512 * 512;
  const data = floats(C * P);
  const kept = ops.tensor(data, [1, C, 512, 512]);
  const out = new Int32Array(P);
  const best = new Float32Array(P);
  const loop = () => {
    best.set(data.subarray(0, P));
    out.fill(0);
    for (let c = 1; c < C; c++) {
      for (let i = 0, at = c * P; i < P; i++, at++) {
        const v = data[at];
        if (v > best[i] || (v !== v && best[i] === best[i])) { best[i] = v; out[i] = c; }
      }
    }
  };
  const t = await bestTimes({ kept: () => ops.argMax(kept, 1, { out }), loop, set: setOf(data.byteLength) }, 8 * scale);
  row('argMax over channels of [1,21,512,512] f32 (kept, out)', '<= 0.3x a JS loop', t.kept, 'JS loop', t.kept / t.loop);
  row('', '<= 1.5x a read of the input', t.kept, 'set of the input (a read and a write)', t.kept / t.set);
  kept.dispose();
}
// ---- oneHot: 1M uint8 class labels (a 1024 x 1024 segmentation map) into 21 float32 planes.
{
  const N = 1 << 20;
  const D = 21;
  const labels = bytes(N).map((v) => v % D);
  const kept = ops.tensor(labels, [N]);
  const out = new Float32Array(N * D);
  const loop = () => {
    out.fill(0);
    for (let i = 0; i < N; i++) out[i * D + labels[i]] = 1;
  };
  const t = await bestTimes({ kept: () => ops.oneHot(kept, D, { out }), loop, set: setOf(out.byteLength) }, 8 * scale);
  row('oneHot 1M uint8 labels, depth 21 -> f32 (kept, out)', '<= 0.5x a JS loop', t.kept, 'JS loop', t.kept / t.loop);
  row('', '<= 1.5x the copy limit', t.kept, 'set of the output', t.kept / t.set);
  kept.dispose();
  // 256 labels, depth 16: a 16 KiB float32 result.
  const small = ops.tensor(bytes(256).map((v) => v % 16), [256]);
  const s = await bestTimes({ kept: () => ops.oneHot(small, 16).dispose() }, 60 * scale);
  row('oneHot 16 KiB (kept)', '<= 1.5 µs', s.kept, '', NaN);
  small.dispose();
}

// ---- topK: the 50 most likely of 32000 logits (a vocabulary's next token).
{
  const N = 32000;
  const K = 50;
  const data = floats(N, -8, 8);
  const kept = ops.tensor(data, [1, N]);
  const values = new Float32Array(K);
  const indices = new Int32Array(K);
  const best = new Float32Array(K);
  const at = new Int32Array(K);
  // The loop a user writes: the k best so far kept sorted, a new one inserted
  // by shifting the worse ones (most are turned away by the worst, best[K - 1]).
  const loop = () => {
    let n = 0;
    for (let i = 0; i < N; i++) {
      const v = data[i];
      if (n === K && !(v > best[K - 1])) continue;
      let j = n < K ? n++ : K - 1;
      for (; j > 0 && v > best[j - 1]; j--) {
        best[j] = best[j - 1];
        at[j] = at[j - 1];
      }
      best[j] = v;
      at[j] = i;
    }
  };
  const t = await bestTimes({ kept: () => ops.topK(kept, K, { out: [values, indices] }), loop }, 40 * scale);
  row('topK k=50 of [1,32000] f32 (kept, out)', '<= 0.2x a JS partial sort', t.kept, 'JS partial sort', t.kept / t.loop);
  kept.dispose();
  // 16 KiB: the top 5 of one row of 4096, and of each of 64 rows of 64.
  const row1 = ops.tensor(floats(4096, -8, 8), [1, 4096]);
  const rows = ops.tensor(floats(4096, -8, 8), [64, 64]);
  const top5 = (x) => () => {
    const [v, i] = ops.topK(x, 5);
    v.dispose();
    i.dispose();
  };
  const s = await bestTimes({ one: top5(row1), many: top5(rows) }, 60 * scale);
  row('topK k=5 of [1,4096] f32, 16 KiB (kept)', '<= 1.5 µs', s.one, '', NaN);
  row('topK k=5 of [64,64] f32, 16 KiB (kept)', '<= 1.5 µs', s.many, '', NaN);
  row1.dispose();
  rows.dispose();
}

print(`wasm-tensor-ops typed operations (${ops.backend.variant}, ${ops.backend.threads} threads)`, ops);
