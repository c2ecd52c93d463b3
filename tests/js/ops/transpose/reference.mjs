// Transpose: output index o reads input index i with i[perm[k]] = o[k];
// perm left out reverses the axes; negative entries count from the end.
import { forEachIndex, invalid, strides } from '../_shared/reference_kit.mjs';

export function transpose(inShape, perm) {
  const rank = inShape.length;
  const axes = perm === undefined || perm === null
    ? inShape.map((_, k) => rank - 1 - k)
    : (typeof perm === 'number' ? [perm] : Array.from(perm, Number));
  if (axes.length !== rank) throw invalid(`perm has ${axes.length} values for rank ${rank}`);
  const norm = axes.map((a) => {
    if (!Number.isInteger(a) || a < -rank || a >= rank) throw invalid(`perm value ${a} out of range`);
    return a < 0 ? a + rank : a;
  });
  if (new Set(norm).size !== rank) throw invalid('perm is not a permutation');
  const outShape = norm.map((a) => inShape[a]);
  const inStrides = strides(inShape);
  const src = [];
  forEachIndex(outShape, (o) => {
    let f = 0;
    for (let k = 0; k < rank; k++) f += o[k] * inStrides[norm[k]];
    src.push(f);
  });
  return { shape: outShape, src };
}
