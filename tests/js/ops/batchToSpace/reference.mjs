// BatchToSpace, the inverse: output position y on axis i sits at
// y + cropsBegin = j * b + o, read from batch (offsets, row-major) * N + n.
import { batchLists } from '../_shared/batch_reference.mjs';
import { forEachIndex, mismatch, strides } from '../_shared/reference_kit.mjs';

export function batchToSpace(inShape, blockShape, cropsBegin, cropsEnd) {
  const [b, p, q] = batchLists(inShape, blockShape, cropsBegin, cropsEnd);
  const rank = inShape.length;
  const blocks = b.reduce((x, y) => x * y, 1);
  if (inShape[0] % blocks !== 0) throw mismatch('batch not divisible');
  const outShape = inShape.map((d, i) => (i === 0 ? d / blocks : d * b[i] - p[i] - q[i]));
  if (outShape.some((d) => d < 0)) throw mismatch('crops beyond the dim');
  const st = strides(inShape);
  const src = [];
  forEachIndex(outShape, (o) => {
    let k = 0;
    let f = 0;
    for (let i = 1; i < rank; i++) {
      const at = o[i] + p[i];
      k = k * b[i] + (at % b[i]);
      f += Math.floor(at / b[i]) * st[i];
    }
    src.push(f + (k * outShape[0] + o[0]) * st[0]);
  });
  return { shape: outShape, src };
}
