// Concat: output index o reads input k, whose range along the axis holds
// o[axis], at o[axis] minus the dims before k. src counts the inputs laid
// end to end (input k's flat index i is the volumes before it plus i).
import { flatOf, forEachIndex, invalid, mismatch, strides, vol } from '../_shared/reference_kit.mjs';

export function concat(shapes, axis) {
  if (!Array.isArray(shapes) || shapes.length === 0) throw invalid('empty list');
  if (shapes.some((s) => s.length === 0)) throw invalid('scalar');
  const rank = shapes[0].length;
  axis = Number(axis);
  if (!Number.isInteger(axis) || axis < -rank || axis >= rank) throw invalid(`axis ${axis} out of range`);
  const a = axis < 0 ? axis + rank : axis;
  for (const s of shapes) {
    if (s.length !== rank) throw mismatch('rank');
    if (s.some((d, i) => i !== a && d !== shapes[0][i])) throw mismatch('dims');
  }
  const shape = shapes[0].slice();
  shape[a] = shapes.reduce((n, s) => n + s[a], 0);
  const bases = [];
  let base = 0;
  for (const s of shapes) {
    bases.push(base);
    base += vol(s);
  }
  const src = [];
  forEachIndex(shape, (o) => {
    let k = 0;
    let at = o[a];
    while (at >= shapes[k][a]) at -= shapes[k++][a];
    const i = o.slice();
    i[a] = at;
    src.push(bases[k] + flatOf(i, strides(shapes[k])));
  });
  return { shape, src };
}
