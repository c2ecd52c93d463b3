// 1. A 640 x 640 RGBA frame (a canvas's ImageData) -> the float32 NCHW input
// [1, 3, 640, 640] of a detector, each value / 255.
//
// Library: the frame kept (one copy in), RGB and NCHW as views, read once
// through .data (one pass in wasm); no cast yet, so the / 255 is a JS loop.
// JavaScript: one loop that reads each pixel's 3 bytes and writes 3 planes.
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

    // Its two halves, also timed alone as steps.
    const layout = (t) => { // RGB planes, uint8 [1, 3, H, W], in wasm memory
      const rgb = ops.slice(t, [0], [3], { axes: [3] });
      const chw = ops.transpose(rgb, [0, 3, 1, 2]);
      rgb.dispose();
      return chw;
    };
    const toFloat = (p, out) => {
      for (let i = 0; i < p.length; i++) out[i] = p[i] / 255;
    };

    const library = () => {
      const t = ops.tensor(frame, [1, H, W, 4]);
      const chw = layout(t);
      toFloat(chw.data, outL);
      chw.dispose();
      t.dispose();
    };
    const js = () => {
      for (let i = 0, j = 0; i < n; i++, j += 4) {
        outJ[i] = frame[j] / 255;
        outJ[n + i] = frame[j + 1] / 255;
        outJ[2 * n + i] = frame[j + 2] / 255;
      }
    };

    const kept = ops.tensor(frame, [1, H, W, 4]);
    const planes = layout(kept);
    planes.data; // made contiguous once, here
    return {
      calls: 'ops.tensor; slice, transpose (views); .data',
      inJs: 'uint8 -> float32 / 255',
      library,
      js,
      outputs: { library: [outL], js: [outJ] },
      steps: [
        ['ops.tensor(frame) (copy in)', () => ops.tensor(frame, [1, H, W, 4]).dispose()],
        ['slice + transpose views, .data (one pass)', () => { const v = layout(kept); v.data; v.dispose(); }],
        ['JS: uint8 -> float32 / 255 (from .data)', () => toFloat(planes.data, outL), 'js'],
      ],
      dispose: () => { planes.dispose(); kept.dispose(); },
    };
  },
};
