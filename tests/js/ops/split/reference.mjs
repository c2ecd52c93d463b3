// Split: an array of { shape, src }, one per part; part p holds the input
// elements whose axis index is in [start_p, start_p + length_p).
import { flatOf, forEachIndex, invalid, mismatch, strides } from '../_shared/reference_kit.mjs';

export function split(inShape, splits, axis = 0) {
  const rank = inShape.length;
  if (rank === 0) throw invalid('scalar');
  axis = Number(axis);
  if (!Number.isInteger(axis) || axis < -rank || axis >= rank) throw invalid(`axis ${axis} out of range`);
  const a = axis < 0 ? axis + rank : axis;
  const d = inShape[a];
  let lengths;
  if (typeof splits === 'number' || typeof splits === 'bigint') {
    const k = Number(splits);
    if (k < 1 || k > 65536) throw invalid(`splits ${k}`);
    if (d % k !== 0) throw mismatch('not divisible');
    lengths = new Array(k).fill(d / k);
  } else {
    const v = Array.from(splits, Number);
    if (v.length === 0) throw invalid('no parts');
    if (v.some((n) => n < -1)) throw invalid('negative length');
    if (v.filter((n) => n === -1).length > 1) throw invalid('two -1');
    const known = v.reduce((s, n) => (n === -1 ? s : s + n), 0);
    if (known > d || (!v.includes(-1) && known !== d)) throw mismatch('lengths do not add up');
    lengths = v.map((n) => (n === -1 ? d - known : n));
  }
  const st = strides(inShape);
  const parts = [];
  let start = 0;
  for (const n of lengths) {
    const shape = inShape.slice();
    shape[a] = n;
    const src = [];
    forEachIndex(shape, (o) => {
      const i = o.slice();
      i[a] += start;
      src.push(flatOf(i, st));
    });
    parts.push({ shape, src });
    start += n;
  }
  return parts;
}
