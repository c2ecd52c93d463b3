// 6, 7. Masks to RGBA pixels (for a canvas overlay): each pixel's class
// picks a colour of a palette [classes, 4] uint8. Binary masks (0:
// transparent, 1: a colour) and class masks (21 classes, Pascal VOC), as
// uint8 (what a mask is stored as) or int32 (an argMax output).
//
// Library: gather of the palette's rows by the mask (a uint8 or int32
// index tensor as it is), into the caller's array (out). JavaScript: the
// palette as one uint32 per colour, and one lookup per pixel into a
// Uint32Array view of the output.
import { palette, regions } from './common.mjs';

const H = 512;
const W = 512;

function maskProgram({ id, title, classes, maskType, paint }) {
  return {
    id,
    title,
    sizes: `[512,512] ${maskType === 'int32' ? 'i32' : 'u8'}, [${classes},4] u8 -> [512,512,4] u8`,
    make(ops) {
      const n = H * W;
      const mask8 = regions(H, W, classes);
      const mask = maskType === 'int32' ? Int32Array.from(mask8) : mask8;
      const pal = palette(classes);
      const pal32 = new Uint32Array(pal.buffer);
      const table = { data: pal, shape: [classes, 4] };
      const outL = new Uint8Array(n * 4);
      const outJ = new Uint8Array(n * 4);
      const outJ32 = new Uint32Array(outJ.buffer);
      const indices = { data: mask, shape: [H, W] };
      const gather = () => ops.gather(table, indices, { out: outL });
      const keptIdx = ops.tensor(mask, [H, W]);
      const keptTable = ops.tensor(pal, [classes, 4]);
      const js = paint(mask, pal32, outJ32, n);
      return {
        calls: 'gather (plain, out)',
        inJs: '',
        library: gather,
        js,
        outputs: { library: [outL], js: [outJ] },
        steps: [
          ['kept indices instead (no copy in), out', () => ops.gather(table, keptIdx, { out: outL }), 'alt'],
          ['kept indices and palette, kept result (the kernel alone)', () => ops.gather(keptTable, keptIdx).dispose(), 'alt'],
        ],
        dispose: () => { keptIdx.dispose(); keptTable.dispose(); },
      };
    },
  };
}

// The JS loop, written out once per program as a user's program has it: a
// function over its arrays, made once. V8 shares type feedback between the
// closures of one function literal and specialises a function to the
// values it closes over only while it is its literal's one closure; one
// literal shared by the three programs ran 2-4x slower (this loop as a
// function of (mask, pal32, out32) arguments: 3.7x slower, measured).
export const binaryMask = maskProgram({
  id: 'binary-mask', title: 'binary mask -> RGBA', classes: 2, maskType: 'uint8',
  paint: (mask, pal32, out32, n) => () => { for (let i = 0; i < n; i++) out32[i] = pal32[mask[i]]; },
});
export const classMask = maskProgram({
  id: 'class-mask', title: 'class mask -> palette RGBA', classes: 21, maskType: 'uint8',
  paint: (mask, pal32, out32, n) => () => { for (let i = 0; i < n; i++) out32[i] = pal32[mask[i]]; },
});
export const classMaskInt32 = maskProgram({
  id: 'class-mask-i32', title: 'class mask (int32) -> palette RGBA', classes: 21, maskType: 'int32',
  paint: (mask, pal32, out32, n) => () => { for (let i = 0; i < n; i++) out32[i] = pal32[mask[i]]; },
});
