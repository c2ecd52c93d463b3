// 14. A YOLO letterbox: a 1280 x 720 RGBA camera frame -> [1, 3, 640, 640]
// float32 NCHW / 255, the frame scaled by 1/2 to 640 x 360 (bilinear, as
// OpenCV's INTER_LINEAR and Ultralytics' letterbox: no antialiasing) and
// centred between bands of grey 114.
//
// Library: one ops.fromImage with size, fit 'contain' and padValue into
// `out`. JavaScript: one loop over the output with the bilinear taps
// computed once, rounding each pixel to uint8 (ties to even, as resize
// rounds) before the / 255, and the bands filled. At this scale the taps'
// weights are 1/2, so float64 and the library's float32 give the same bytes.
import { bilinearTaps, bytes } from './common.mjs';

const [H, W] = [720, 1280];
const SIZE = 640;
const PAD = 114;

export default {
  id: 'letterbox',
  title: 'YOLO letterbox: frame -> 640x640 float32 NCHW',
  sizes: '[720,1280,4] u8 -> [1,3,640,640] f32',
  make(ops) {
    const frame = bytes(H * W * 4, 14);
    const n = SIZE * SIZE;
    const outL = new Float32Array(3 * n);
    const outJ = new Float32Array(3 * n);
    const s = Math.min(SIZE / H, SIZE / W);
    const rh = Math.round(H * s);
    const rw = Math.round(W * s);
    const top = Math.floor((SIZE - rh) / 2);
    const left = Math.floor((SIZE - rw) / 2);
    const ty = bilinearTaps(H, rh);
    const tx = bilinearTaps(W, rw);
    const S = Math.fround(1 / 255);
    const padded = Math.fround(PAD * S);

    const image = { data: frame, width: W, height: H };
    const options = { size: [SIZE, SIZE], fit: 'contain', padValue: PAD, antialias: false };
    const library = () => ops.fromImage(image, { ...options, out: outL });
    const js = () => {
      outJ.fill(padded);
      for (let y = 0; y < rh; y++) {
        const r0 = ty.i0[y] * W * 4;
        const r1 = ty.i1[y] * W * 4;
        const fy = ty.f[y];
        let o = (top + y) * SIZE + left;
        for (let x = 0; x < rw; x++, o++) {
          const a = tx.i0[x] * 4;
          const b = tx.i1[x] * 4;
          const fx = tx.f[x];
          for (let c = 0; c < 3; c++) {
            const up = frame[r0 + a + c] * (1 - fx) + frame[r0 + b + c] * fx;
            const down = frame[r1 + a + c] * (1 - fx) + frame[r1 + b + c] * fx;
            const v = up * (1 - fy) + down * fy;
            let p = Math.round(v);
            if (p - v === 0.5 && p % 2 === 1) p -= 1; // ties to even
            outJ[c * n + o] = p * S;
          }
        }
      }
    };

    const kept = ops.tensor(frame, [H, W, 4], 'uint8');
    return {
      frame,
      calls: 'ops.fromImage (size, fit contain)',
      inJs: 'nothing',
      library,
      js,
      outputs: { library: [outL], js: [outJ] },
      steps: [
        ['resize of the kept frame alone (kept result)', () => ops.resize(kept, { sizes: [rh, rw], axes: [0, 1], mode: 'linear' }).dispose()],
        ['fromImage of a kept frame into out', () => ops.fromImage(kept, { ...options, out: outL })],
        ['fromImage with antialiasing (the default) into out', () => ops.fromImage(image, { size: [SIZE, SIZE], fit: 'contain', padValue: PAD, out: outL }), 'alt'],
      ],
      dispose: () => kept.dispose(),
    };
  },
};
