// Reverse: output index o reads input index i with i[k] = d - 1 - o[k] on
// the reversed axes (every axis when axes is left out; negative entries
// count from the end; none twice).
import { bigList, forEachIndex, invalid, strides } from '../_shared/reference_kit.mjs';

export function reverse(inShape, axes) {
  const rank = inShape.length;
  const flip = new Array(rank).fill(axes === undefined || axes === null);
  if (!(axes === undefined || axes === null)) {
    for (const v of bigList(axes)) {
      if (v < -BigInt(rank) || v >= BigInt(rank)) throw invalid(`axes value ${v} out of range`);
      const k = Number(v < 0n ? v + BigInt(rank) : v);
      if (flip[k]) throw invalid(`axes repeats ${k}`);
      flip[k] = true;
    }
  }
  const inStrides = strides(inShape);
  const src = [];
  forEachIndex(inShape, (o) => {
    let f = 0;
    for (let k = 0; k < rank; k++) f += (flip[k] ? inShape[k] - 1 - o[k] : o[k]) * inStrides[k];
    src.push(f);
  });
  return { shape: inShape.slice(), src };
}
