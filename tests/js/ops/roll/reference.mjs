// roll's reference (docs/operations/roll.md): out[(i + s) mod d] = in[i],
// the shifts of an axis listed twice summed.
import { flatOf, forEachIndex, invalid, strides, vol } from '../_shared/reference_kit.mjs';

export function roll(inShape, shift, axes) {
  shift = [shift].flat().map(BigInt);
  axes = [axes].flat().map(Number);
  const rank = inShape.length;
  if (rank === 0) throw invalid('scalar');
  if (shift.length !== 1 && shift.length !== axes.length) throw invalid('lengths');
  const net = new Array(rank).fill(0n);
  axes.forEach((a, i) => {
    if (a < -rank || a >= rank) throw invalid('axis range');
    net[a < 0 ? a + rank : a] += shift.length === 1 ? shift[0] : shift[i];
  });
  const st = strides(inShape);
  const src = new Array(vol(inShape));
  // out[(i + s) mod d] = in[i] along every axis.
  forEachIndex(inShape, (idx, flat) => {
    const to = idx.map((i, a) => {
      const d = BigInt(inShape[a]);
      return Number((((BigInt(i) + net[a]) % d) + d) % d);
    });
    src[flatOf(to, st)] = flat;
  });
  return { shape: inShape.slice(), src };
}
