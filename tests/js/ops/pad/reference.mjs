// Pad: output index o along axis k stands for u = o - padsBegin[k] in the
// input's coordinates (negative pads start or stop inside it). Inside [0, d)
// it is the input; outside, constant gives the value (src -1), edge the
// nearest end, reflect the mirror without the edge, symmetric the mirror
// with it, wrap u mod d. The conditions apply to the positive pads only.
import { forEachIndex, invalid, mismatch, strides } from '../_shared/reference_kit.mjs';

export function pad(inShape, padsBegin, padsEnd, mode = 'constant', value) {
  const rank = inShape.length;
  const list = (v) => (typeof v === 'number' || typeof v === 'bigint' ? [v] : Array.from(v, Number));
  const pb = list(padsBegin).map(Number);
  const pe = list(padsEnd).map(Number);
  if (pb.length !== rank || pe.length !== rank) throw invalid(`pads need ${rank} values`);
  if (!['constant', 'edge', 'reflect', 'symmetric', 'wrap'].includes(mode)) throw invalid(`mode ${mode}`);
  if (value !== undefined && value !== null && mode !== 'constant') throw invalid('value with a mode other than constant');
  const outShape = inShape.map((d, k) => {
    for (const p of [pb[k], pe[k]]) {
      if (p <= 0) continue;
      if (mode === 'reflect' && p > d - 1) throw mismatch(`reflect pads ${p} on a dim of ${d}`);
      if (mode === 'symmetric' && p > d) throw mismatch(`symmetric pads ${p} on a dim of ${d}`);
      if ((mode === 'edge' || mode === 'wrap') && d === 0) throw mismatch(`${mode} pads an empty dim`);
    }
    const n = pb[k] + d + pe[k];
    if (n < 0) throw mismatch(`crops below 0 at axis ${k}`);
    return n;
  });
  const inStrides = strides(inShape);
  const src = [];
  forEachIndex(outShape, (o) => {
    let f = 0;
    for (let k = 0; k < rank; k++) {
      const d = inShape[k];
      const u = o[k] - pb[k];
      let v = u;
      if (u < 0 || u >= d) {
        if (mode === 'constant') {
          f = -1;
          break;
        }
        if (mode === 'edge') v = u < 0 ? 0 : d - 1;
        else if (mode === 'reflect') v = u < 0 ? -u : 2 * (d - 1) - u;
        else if (mode === 'symmetric') v = u < 0 ? -u - 1 : 2 * d - 1 - u;
        else v = ((u % d) + d) % d;
      }
      f += v * inStrides[k];
    }
    src.push(f);
  });
  return { shape: outShape, src };
}
