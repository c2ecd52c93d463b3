// 1. A 640 x 640 RGBA frame (a canvas's ImageData) -> the float32 NCHW input
// [1, 3, 640, 640] of a detector, each value / 255.
//
// Library: ops.fromImage into `out` (the frame copied in once; RGB and NCHW
// as views; one cast with the scale, in wasm; the planes copied out).
// JavaScript: one loop that reads each pixel's 3 bytes and writes 3 planes,
// in the library's float32 arithmetic (v * fround(1 / 255): the same bytes,
// and a multiply is cheaper than a divide).
import { bytes } from './common.mjs';

const H = 640;
const W = 640;

export default {
  id: 'frame-nchw',
  title: 'RGBA frame -> float32 NCHW / 255',
  sizes: '[640,640,4] u8 -> [1,3,640,640] f32',
  make(ops) {
    const frame = bytes(H * W * 4);
    const n = H * W;
    const outL = new Float32Array(3 * n);
    const outJ = new Float32Array(3 * n);

    const S = Math.fround(1 / 255);
    const image = { data: frame, width: W, height: H };
    const library = () => ops.fromImage(image, { out: outL });
    const js = () => {
      for (let i = 0, j = 0; i < n; i++, j += 4) {
        outJ[i] = frame[j] * S;
        outJ[n + i] = frame[j + 1] * S;
        outJ[2 * n + i] = frame[j + 2] * S;
      }
    };

    const kept = ops.tensor(frame, [H, W, 4], 'uint8');
    return {
      calls: 'ops.fromImage',
      inJs: 'nothing',
      library,
      js,
      outputs: { library: [outL], js: [outJ] },
      steps: [
        ['ops.tensor(frame) (copy in)', () => ops.tensor(frame, [H, W, 4]).dispose()],
        ['fromImage of a kept frame, kept result', () => ops.fromImage(kept, { keep: true }).dispose()],
        ['fromImage of a kept frame into out', () => ops.fromImage(kept, { out: outL })],
      ],
      dispose: () => kept.dispose(),
    };
  },
};
