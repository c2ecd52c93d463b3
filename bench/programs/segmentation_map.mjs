// 15. A segmentation model's output to a colour overlay: logits
// [1, 21, 512, 512] float32 (Pascal VOC's 21 classes, as onnxruntime hands
// them back: a plain array) -> the best class of each pixel -> its colour
// of a palette [21, 4] uint8.
//
// Library: argMax over the channels into the caller's int32 array (out),
// then a gather of the palette's rows by it (out). JavaScript: the best
// score and class per pixel, plane by plane (contiguous reads; a strict >
// keeps the first of equal scores, as argMax does), then one palette lookup
// per pixel as a Uint32Array.
import { palette, random, regions } from './common.mjs';

const C = 21;
const H = 512;
const W = 512;

export default {
  id: 'segmentation-map',
  title: 'segmentation logits -> class colours',
  sizes: '[1,21,512,512] f32, [21,4] u8 -> [512,512,4] u8',
  make(ops) {
    const n = H * W;
    // Logits with regions: noise everywhere, the region's class ahead by 3.
    const mask = regions(H, W, C, 24, 31);
    const next = random(37);
    const logits = new Float32Array(C * n);
    for (let c = 0; c < C; c++) {
      for (let i = 0; i < n; i++) logits[c * n + i] = next() * 2 + (mask[i] === c ? 3 : 0);
    }
    const pal = palette(C);
    const pal32 = new Uint32Array(pal.buffer);
    const x = { data: logits, shape: [1, C, H, W] };
    const table = { data: pal, shape: [C, 4] };
    const classL = new Int32Array(n);
    const outL = new Uint8Array(n * 4);
    const best = new Float32Array(n);
    const classJ = new Uint8Array(n);
    const outJ = new Uint8Array(n * 4);
    const outJ32 = new Uint32Array(outJ.buffer);
    const kept = ops.tensor(logits, [1, C, H, W]);
    const keptTable = ops.tensor(pal, [C, 4]);
    return {
      calls: 'argMax (plain, out), gather (plain, out)',
      inJs: '',
      library: () => {
        ops.argMax(x, 1, { keepDims: false, out: classL });
        ops.gather(table, { data: classL, shape: [H, W] }, { out: outL });
      },
      js: () => {
        best.set(logits.subarray(0, n));
        classJ.fill(0);
        for (let c = 1; c < C; c++) {
          const base = c * n;
          for (let i = 0; i < n; i++) {
            const v = logits[base + i];
            if (v > best[i]) {
              best[i] = v;
              classJ[i] = c;
            }
          }
        }
        for (let i = 0; i < n; i++) outJ32[i] = pal32[classJ[i]];
      },
      outputs: { library: [outL], js: [outJ] },
      steps: [
        ['argMax (plain, out)', () => ops.argMax(x, 1, { keepDims: false, out: classL })],
        ['gather of the palette (plain, out)', () => ops.gather(table, { data: classL, shape: [H, W] }, { out: outL })],
        ['kept logits instead: argMax kept, gather into out', () => {
          const cls = ops.argMax(kept, 1, { keepDims: false });
          ops.gather(keptTable, cls, { out: outL });
          cls.dispose();
        }, 'alt'],
      ],
      dispose: () => { kept.dispose(); keptTable.dispose(); },
    };
  },
};
