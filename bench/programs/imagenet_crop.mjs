// 2. ImageNet pre-processing: the centre 224 x 224 of a 256 x 256 RGBA
// frame, (v / 255 - mean) / std per channel -> float32 NCHW [1, 3, 224, 224].
//
// Library: ops.fromImage with crop, mean and std into `out` (the crop's rows
// copied in once; crop, RGB and NCHW as views; one cast with a scale and bias
// per channel; the planes copied out). JavaScript: one loop over the crop's
// pixels, in the library's float32 arithmetic (v * scale[c] + bias[c], as
// fromImage defines it: the same bytes).
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

    const scale = STD.map((sd) => Math.fround(1 / 255 / sd));
    const bias = MEAN.map((m, c) => Math.fround(-m / STD[c]));
    const image = { data: frame, width: S, height: S };
    const options = { crop: [O, O, C, C], mean: MEAN, std: STD };
    const library = () => ops.fromImage(image, { ...options, out: outL });
    const [k0, k1, k2] = scale;
    const [b0, b1, b2] = bias;
    const js = () => {
      for (let y = 0; y < C; y++) {
        let j = ((y + O) * S + O) * 4;
        for (let i = y * C, end = i + C; i < end; i++, j += 4) {
          outJ[i] = Math.fround(frame[j] * k0) + b0;
          outJ[n + i] = Math.fround(frame[j + 1] * k1) + b1;
          outJ[2 * n + i] = Math.fround(frame[j + 2] * k2) + b2;
        }
      }
    };

    const kept = ops.tensor(frame, [S, S, 4], 'uint8');
    return {
      calls: 'ops.fromImage',
      inJs: 'nothing',
      library,
      js,
      outputs: { library: [outL], js: [outJ] },
      steps: [
        ['fromImage of a kept frame, kept result', () => ops.fromImage(kept, { ...options, keep: true }).dispose()],
      ],
      dispose: () => kept.dispose(),
    };
  },
};
