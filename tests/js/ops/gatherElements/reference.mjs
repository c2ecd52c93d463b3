// gatherElements's reference (docs/operations/gatherElements.md): x read at
// indices' own positions, the axis coordinate replaced by the index.
import { indexTensor, pickIndex } from '../_shared/indices_reference.mjs';
import { forEachIndex, invalid, mismatch, strides } from '../_shared/reference_kit.mjs';

export function gatherElements(inShape, indices, axis = 0) {
  const { shape: is, values } = indexTensor(indices);
  const r = inShape.length;
  if (r === 0 || axis < -r || axis >= r) throw invalid(`axis ${axis}`);
  const a = axis < 0 ? axis + r : axis;
  if (is.length !== r) throw mismatch('rank');
  for (let k = 0; k < r; k++) if (k !== a && is[k] > inShape[k]) throw mismatch(`dim ${k}`);
  values.forEach((v, p) => pickIndex(v, inShape[a], `indices flat ${p}`));
  const xs = strides(inShape);
  const src = [];
  forEachIndex(is, (o, flat) => {
    let f = 0;
    for (let k = 0; k < r; k++) f += (k === a ? pickIndex(values[flat], inShape[a], 'indices') : o[k]) * xs[k];
    src.push(f);
  });
  return { shape: [...is], src };
}
