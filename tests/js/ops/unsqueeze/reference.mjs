// unsqueeze's reference (docs/operations/unsqueeze.md): dims of 1 at the
// listed positions of the output (rank(x) + axes.length), x's dims in order
// at the others; the same elements in the same order.
import { bigList, invalid, vol } from '../_shared/reference_kit.mjs';

export function unsqueeze(inShape, axes) {
  if (axes === undefined || axes === null) throw invalid('axes is required');
  const values = bigList(axes);
  const rank = inShape.length + values.length;
  const added = new Array(rank).fill(false);
  for (const v of values) {
    if (v < -BigInt(rank) || v >= BigInt(rank)) throw invalid(`axes value ${v} out of range`);
    const a = Number(v < 0n ? v + BigInt(rank) : v);
    if (added[a]) throw invalid(`axes repeats ${a}`);
    added[a] = true;
  }
  const shape = [];
  for (let a = 0, k = 0; a < rank; a++) shape.push(added[a] ? 1 : inShape[k++]);
  return { shape, src: Array.from({ length: vol(inShape) }, (_, i) => i) };
}
