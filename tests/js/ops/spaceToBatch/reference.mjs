// SpaceToBatch (TensorFlow's order): output batch index = (block offsets,
// row-major) * N + n; output position j with offset o on axis i holds x at
// j * b + o - padsBegin, or a zero (src -1) outside x.
import { batchLists } from '../_shared/batch_reference.mjs';
import { forEachIndex, mismatch, strides } from '../_shared/reference_kit.mjs';

export function spaceToBatch(inShape, blockShape, padsBegin, padsEnd) {
  const [b, p, q] = batchLists(inShape, blockShape, padsBegin, padsEnd);
  const rank = inShape.length;
  const outShape = inShape.slice();
  for (let i = 1; i < rank; i++) {
    const padded = inShape[i] + p[i] + q[i];
    if (padded % b[i] !== 0) throw mismatch(`padded dim ${padded} at axis ${i}`);
    outShape[i] = padded / b[i];
    outShape[0] *= b[i];
  }
  const st = strides(inShape);
  const src = [];
  forEachIndex(outShape, (o) => {
    let k = Math.floor(o[0] / inShape[0]);
    const offsets = new Array(rank).fill(0);
    for (let i = rank - 1; i >= 1; i--) {
      offsets[i] = k % b[i];
      k = Math.floor(k / b[i]);
    }
    let f = (o[0] % inShape[0]) * st[0];
    for (let i = 1; i < rank; i++) {
      const y = o[i] * b[i] + offsets[i] - p[i];
      if (y < 0 || y >= inShape[i]) {
        f = -1;
        break;
      }
      f += y * st[i];
    }
    src.push(f);
  });
  return { shape: outShape, src };
}
