// squeeze's reference (docs/operations/squeeze.md): the dims of 1 removed
// (the listed ones, or every one when axes is left out), the same elements
// in the same order.
import { bigList, invalid, mismatch, vol } from '../_shared/reference_kit.mjs';

export function squeeze(inShape, axes) {
  const rank = inShape.length;
  const drop = new Array(rank).fill(false);
  if (axes === undefined || axes === null) {
    inShape.forEach((d, a) => { drop[a] = d === 1; });
  } else {
    // One value after the other, in the order given: range, repetition, dim.
    for (const v of bigList(axes)) {
      if (v < -BigInt(rank) || v >= BigInt(rank)) throw invalid(`axes value ${v} out of range`);
      const a = Number(v < 0n ? v + BigInt(rank) : v);
      if (drop[a]) throw invalid(`axes repeats ${a}`);
      if (inShape[a] !== 1) throw mismatch(`axis ${a} has dim ${inShape[a]}, not 1`);
      drop[a] = true;
    }
  }
  const shape = inShape.filter((_, a) => !drop[a]);
  return { shape, src: Array.from({ length: vol(inShape) }, (_, i) => i) };
}
