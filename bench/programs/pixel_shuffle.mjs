// 8. A super-resolution model's output: pixel shuffle x4 (depthToSpace,
// PyTorch's PixelShuffle = ONNX CRD) of [1, 48, 128, 128] float32 ->
// [1, 3, 512, 512], then RGBA bytes for a canvas (v * 255, clamped and
// rounded by Uint8ClampedArray, alpha 255).
//
// Library: the output kept (one copy in), depthToSpace (one pass), toImage
// (a cast of the planes to bytes and one interleaving pass with the alpha),
// its bytes copied into the caller's array. JavaScript: one loop that reads
// each output row's 3 x 4 source rows and writes the RGBA row, rounding as
// toImage does (fround(v * 255): toImage computes in float32).
import { floats } from './common.mjs';

const B = 4;
const C = 3;
const h = 128;
const w = 128;
const H = h * B;
const W = w * B;

export default {
  id: 'pixel-shuffle',
  title: 'pixel shuffle x4 -> RGBA bytes',
  sizes: '[1,48,128,128] f32 -> [512,512,4] u8',
  make(ops) {
    const x = floats(C * B * B * h * w, -0.1, 1.1, 19);
    const n = H * W;
    const outL = new Uint8ClampedArray(n * 4);
    const outJ = new Uint8ClampedArray(n * 4);

    const shuffle = (t) => ops.depthToSpace(t, B, { dataFormat: 'NCHW', mode: 'depth_first' });
    const toHwc = (y) => ops.transpose(y, [0, 2, 3, 1]); // [1, H, W, 3]

    const library = () => {
      const t = ops.tensor(x, [1, C * B * B, h, w]);
      const y = shuffle(t);
      outL.set(ops.toImage(y).data);
      y.dispose();
      t.dispose();
    };
    const js = () => {
      // Output pixel (Y, X) = (yy*4 + i, xx*4 + j), channel c, comes from
      // input channel c*16 + i*4 + j at (yy, xx).
      for (let Y = 0; Y < H; Y++) {
        const i = Y & 3;
        const yy = Y >> 2;
        for (let c = 0; c < C; c++) {
          for (let j = 0; j < B; j++) {
            const src = ((c * B * B + i * B + j) * h + yy) * w;
            let dst = (Y * W + j) * 4 + c;
            for (let xx = 0; xx < w; xx++, dst += 4 * B) outJ[dst] = Math.fround(x[src + xx] * 255);
          }
        }
        for (let k = Y * W * 4 + 3, end = k + W * 4; k < end; k += 4) outJ[k] = 255;
      }
    };

    // What a user who knows that depthToSpace is a transpose writes: one pass.
    const onePass = () => {
      const r = ops.reshape(kept, [C, B, B, h, w]);
      const v = ops.transpose(r, [3, 1, 4, 2, 0]); // [h, i, w, j, c] = [H, W, 3]
      r.dispose();
      v.data;
      return v;
    };

    const kept = ops.tensor(x, [1, C * B * B, h, w]);
    const shuffled = shuffle(kept);
    const hwcDense = ops.contiguous(toHwc(shuffled));
    const one = onePass();
    const [a, b] = [one.data, hwcDense.data]; // views, valid until the next call into the module
    if (!a.every((v, i) => Object.is(v, b[i]))) throw new Error('pixel-shuffle: the one-pass transpose differs');
    one.dispose();
    return {
      calls: 'ops.tensor; depthToSpace; toImage',
      inJs: 'nothing',
      library,
      js,
      outputs: { library: [outL], js: [outJ] },
      steps: [
        ['ops.tensor(output) (copy in)', () => ops.tensor(x, [1, C * B * B, h, w]).dispose()],
        ['depthToSpace (kept)', () => shuffle(kept).dispose()],
        ['toImage of the kept result', () => ops.toImage(shuffled)],
        ['one pass instead: reshape + transpose views, .data', () => onePass().dispose(), 'alt'],
      ],
      dispose: () => { for (const t of [hwcDense, shuffled, kept]) t.dispose(); },
    };
  },
};
