// gatherND's reference (docs/operations/gatherND.md): each index tuple of
// indices picks a slice of x.
import { indexTensor, pickIndex } from '../_shared/indices_reference.mjs';
import { forEachIndex, invalid, mismatch, strides } from '../_shared/reference_kit.mjs';

export function gatherND(inShape, indices, batchDims = 0) {
  const { shape: is, values } = indexTensor(indices);
  const q = is.length;
  if (q === 0) throw mismatch('indices is a scalar');
  if (batchDims < 0 || batchDims >= q) throw invalid(`batchDims ${batchDims}`);
  const k = is[q - 1];
  const b = batchDims;
  if (b + k > inShape.length) throw mismatch('batchDims + k > rank(x)');
  for (let d = 0; d < b; d++) if (inShape[d] !== is[d]) throw mismatch(`batch dim ${d}`);
  values.forEach((v, p) => pickIndex(v, inShape[b + (p % k)], `indices flat ${p}`));
  const shape = [...is.slice(0, q - 1), ...inShape.slice(b + k)];
  const xs = strides(inShape);
  const src = [];
  // out[o] = x[o[:b], indices[o[:q-1], 0..k-1], o[q-1:]]
  forEachIndex(shape, (o) => {
    let tuple = 0;
    for (let d = 0; d < q - 1; d++) tuple = tuple * is[d] + o[d];
    let f = 0;
    for (let d = 0; d < b; d++) f += o[d] * xs[d];
    for (let j = 0; j < k; j++) f += pickIndex(values[tuple * k + j], inShape[b + j], 'indices') * xs[b + j];
    for (let d = q - 1; d < o.length; d++) f += o[d] * xs[b + k + d - (q - 1)];
    src.push(f);
  });
  return { shape, src };
}
