// Tile (numpy.tile): ones prepended to the shorter of x.shape and repeats;
// output index o reads input index o mod d on every axis.
import { forEachIndex, intList, invalid, strides } from '../_shared/reference_kit.mjs';

export function tile(inShape, repeats) {
  const reps = intList(repeats);
  if (reps.some((r) => r < 0)) throw invalid('negative repeat');
  const rank = Math.max(inShape.length, reps.length);
  const d = [...new Array(rank - inShape.length).fill(1), ...inShape];
  const r = [...new Array(rank - reps.length).fill(1), ...reps];
  const outShape = d.map((n, k) => n * r[k]);
  const st = strides(d);
  const src = [];
  forEachIndex(outShape, (o) => src.push(o.reduce((f, i, k) => f + (i % d[k]) * st[k], 0)));
  return { shape: outShape, src };
}
