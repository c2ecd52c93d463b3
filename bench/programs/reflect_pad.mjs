// 9. Reflect padding before a convolutional model: [1, 3, 512, 512] float32
// padded by 16 on each side of H and W (numpy 'reflect': the edge is not
// repeated) -> [1, 3, 544, 544].
//
// Library: one plain pad into the caller's array (out). JavaScript: per
// output row, its source row (reflected) with one TypedArray.set and the 2
// x 16 reflected border elements by hand.
import { floats } from './common.mjs';

const C = 3;
const H = 512;
const W = 512;
const P = 16;
const OH = H + 2 * P;
const OW = W + 2 * P;

export default {
  id: 'reflect-pad',
  title: 'reflect pad 16',
  sizes: '[1,3,512,512] f32 -> [1,3,544,544] f32',
  make(ops) {
    const x = floats(C * H * W, -1, 1, 23);
    const outL = new Float32Array(C * OH * OW);
    const outJ = new Float32Array(C * OH * OW);
    const plain = { data: x, shape: [1, C, H, W] };
    const pad = (t, out) => ops.pad(t, [0, 0, P, P], [0, 0, P, P], { mode: 'reflect', out });
    const kept = ops.tensor(x, [1, C, H, W]);
    const keptResult = pad(kept);
    return {
      calls: 'pad (plain, out)',
      inJs: '',
      library: () => pad(plain, outL),
      js: () => {
        for (let c = 0; c < C; c++) {
          for (let oy = 0; oy < OH; oy++) {
            let sy = oy - P;
            if (sy < 0) sy = -sy;
            else if (sy >= H) sy = 2 * (H - 1) - sy;
            const s = (c * H + sy) * W;
            const d = (c * OH + oy) * OW;
            outJ.set(x.subarray(s, s + W), d + P);
            for (let k = 0; k < P; k++) {
              outJ[d + k] = x[s + P - k];
              outJ[d + P + W + k] = x[s + W - 2 - k];
            }
          }
        }
      },
      outputs: { library: [outL], js: [outJ] },
      steps: [
        ['kept input instead: pad with out, no copy in', () => pad(kept, outL), 'alt'],
        ['kept input, kept result: pad alone', () => pad(kept).dispose(), 'alt'],
        ['ops.tensor(x): the input copied into wasm memory', () => ops.tensor(x, [1, C, H, W]).dispose(), 'alt'],
        ['the result copied out: outL.set(kept result.data)', () => outL.set(keptResult.data), 'alt'],
      ],
      dispose: () => { keptResult.dispose(); kept.dispose(); },
    };
  },
};
