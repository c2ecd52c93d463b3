// gather's reference (docs/operations/gather.md):
// out[o] = x[o[:a], indices[o[:b], o[a:a+q-b]], o[a+q-b:]].
import { indexTensor, pickIndex } from '../_shared/indices_reference.mjs';
import { forEachIndex, invalid, mismatch, strides } from '../_shared/reference_kit.mjs';

export function gather(inShape, indices, axis = 0, batchDims = 0) {
  const { shape: is, values } = indexTensor(indices);
  const r = inShape.length;
  const q = is.length;
  if (r === 0 || axis < -r || axis >= r) throw invalid(`axis ${axis}`);
  const a = axis < 0 ? axis + r : axis;
  const b = batchDims < 0 ? batchDims + q : batchDims;
  if (b < 0 || b > Math.min(a, q)) throw invalid(`batchDims ${batchDims}`);
  for (let k = 0; k < b; k++) if (inShape[k] !== is[k]) throw mismatch(`batch dim ${k}`);
  values.forEach((v, p) => pickIndex(v, inShape[a], `indices flat ${p}`));
  const shape = [...inShape.slice(0, a), ...is.slice(b), ...inShape.slice(a + 1)];
  const xs = strides(inShape);
  const ist = strides(is);
  const src = [];
  // out[o] = x[o[:a], indices[o[:b], o[a:a+q-b]], o[a+q-b:]]
  forEachIndex(shape, (o) => {
    let p = 0;
    for (let k = 0; k < b; k++) p += o[k] * ist[k];
    for (let k = b; k < q; k++) p += o[a + k - b] * ist[k];
    let f = 0;
    for (let k = 0; k < a; k++) f += o[k] * xs[k];
    f += pickIndex(values[p], inShape[a], 'indices') * xs[a];
    for (let k = a + 1; k < r; k++) f += o[k + q - b - 1] * xs[k];
    src.push(f);
  });
  return { shape, src };
}
