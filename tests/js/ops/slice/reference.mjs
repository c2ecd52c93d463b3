// Slice: per listed axis, the input indices start, start + step, ... while
// before end, after a negative start or end has d added and both are
// clamped; every other axis whole. Computed in bigints, so int64's extremes
// are exact.
import { bigList, forEachIndex, invalid, strides } from '../_shared/reference_kit.mjs';

export function slice(inShape, starts, ends, axes, steps) {
  const rank = inShape.length;
  const b = bigList(starts);
  const e = bigList(ends);
  const n = b.length;
  const ax = axes === undefined || axes === null ? b.map((_, j) => BigInt(j)) : bigList(axes);
  const st = steps === undefined || steps === null ? b.map(() => 1n) : bigList(steps);
  if (e.length !== n || ax.length !== n || st.length !== n) throw invalid('starts, ends, axes and steps differ in length');
  const kept = inShape.map((d) => Array.from({ length: d }, (_, i) => i));
  const seen = new Set();
  for (let j = 0; j < n; j++) {
    let a = ax[j];
    if (a < -BigInt(rank) || a >= BigInt(rank)) throw invalid(`axes value ${a} out of range`);
    if (a < 0n) a += BigInt(rank);
    if (seen.has(a)) throw invalid(`axes repeats ${a}`);
    seen.add(a);
    const s = st[j];
    if (s === 0n) throw invalid('a step of 0');
    const d = BigInt(inShape[Number(a)]);
    const clamp = (v, lo, hi) => (v < lo ? lo : v > hi ? hi : v);
    let start = b[j] < 0n ? b[j] + d : b[j];
    let end = e[j] < 0n ? e[j] + d : e[j];
    const list = [];
    if (d > 0n && s > 0n) {
      start = clamp(start, 0n, d);
      end = clamp(end, 0n, d);
      for (let i = start; i < end; i += s) list.push(Number(i));
    } else if (d > 0n) {
      start = clamp(start, 0n, d - 1n);
      end = clamp(end, -1n, d - 1n);
      for (let i = start; i > end; i += s) list.push(Number(i));
    }
    kept[Number(a)] = list;
  }
  const outShape = kept.map((k) => k.length);
  const inStrides = strides(inShape);
  const src = [];
  forEachIndex(outShape, (o) => {
    let f = 0;
    for (let k = 0; k < rank; k++) f += kept[k][o[k]] * inStrides[k];
    src.push(f);
  });
  return { shape: outShape, src };
}
