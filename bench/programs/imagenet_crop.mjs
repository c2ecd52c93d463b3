// 2. ImageNet pre-processing: the centre 224 x 224 of a 256 x 256 RGBA
// frame, (v / 255 - mean) / std per channel -> float32 NCHW [1, 3, 224, 224].
//
// Library: the frame kept (one copy in), crop + RGB + NCHW as views, read
// once through .data (one pass in wasm); no normalisation yet, so it is a JS
// loop over the planes. JavaScript: one loop over the crop's pixels.
import { bytes } from './common.mjs';

const S = 256;
const C = 224;
const O = (S - C) / 2;
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

export default {
  id: 'imagenet-crop',
  title: 'ImageNet centre crop + mean/std -> NCHW',
  sizes: '[256,256,4] u8 -> [1,3,224,224] f32',
  make(ops) {
    const frame = bytes(S * S * 4, 5);
    const n = C * C;
    const outL = new Float32Array(3 * n);
    const outJ = new Float32Array(3 * n);

    const layout = (t) => { // the crop's RGB planes, uint8 [1, 3, C, C]
      const crop = ops.slice(t, [O, O, 0], [O + C, O + C, 3], { axes: [1, 2, 3] });
      const chw = ops.transpose(crop, [0, 3, 1, 2]);
      crop.dispose();
      return chw;
    };
    const normalise = (p, out) => {
      for (let c = 0; c < 3; c++) {
        const m = MEAN[c];
        const s = STD[c];
        for (let i = c * n, end = i + n; i < end; i++) out[i] = (p[i] / 255 - m) / s;
      }
    };

    const library = () => {
      const t = ops.tensor(frame, [1, S, S, 4]);
      const chw = layout(t);
      normalise(chw.data, outL);
      chw.dispose();
      t.dispose();
    };
    const [m0, m1, m2] = MEAN;
    const [s0, s1, s2] = STD;
    const js = () => {
      for (let y = 0; y < C; y++) {
        let j = ((y + O) * S + O) * 4;
        for (let i = y * C, end = i + C; i < end; i++, j += 4) {
          outJ[i] = (frame[j] / 255 - m0) / s0;
          outJ[n + i] = (frame[j + 1] / 255 - m1) / s1;
          outJ[2 * n + i] = (frame[j + 2] / 255 - m2) / s2;
        }
      }
    };

    const kept = ops.tensor(frame, [1, S, S, 4]);
    const planes = layout(kept);
    planes.data;
    return {
      calls: 'ops.tensor; slice, transpose (views); .data',
      inJs: '(uint8 / 255 - mean) / std',
      library,
      js,
      outputs: { library: [outL], js: [outJ] },
      steps: [
        ['ops.tensor(frame) (copy in)', () => ops.tensor(frame, [1, S, S, 4]).dispose()],
        ['crop + transpose views, .data (one pass)', () => { const v = layout(kept); v.data; v.dispose(); }],
        ['JS: (uint8 / 255 - mean) / std (from .data)', () => normalise(planes.data, outL), 'js'],
      ],
      dispose: () => { planes.dispose(); kept.dispose(); },
    };
  },
};
