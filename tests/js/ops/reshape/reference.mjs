// reshape's reference (docs/operations/reshape.md): the same elements in order.
import { invalid, mismatch, vol } from '../_shared/reference_kit.mjs';

export function reshape(inShape, target, specialZero = false) {
  target = target.map(Number);
  if (target.some((v) => v < -1)) throw invalid('value below -1');
  if (target.filter((v) => v === -1).length > 1) throw invalid('two -1');
  const copied = new Array(inShape.length).fill(false);
  const out = target.map((v, i) => {
    if (v === 0 && specialZero) {
      if (i >= inShape.length) throw invalid('special zero out of rank');
      copied[i] = true;
      return inShape[i];
    }
    return v;
  });
  const m = target.indexOf(-1);
  if (m >= 0) {
    const q = inShape.reduce((p, d, i) => (copied[i] ? p : p * d), 1);
    const p = target.reduce((acc, v, i) => (i === m || (v === 0 && specialZero) ? acc : acc * v), 1);
    if (p === 0 || q % p !== 0) throw mismatch('cannot infer -1');
    out[m] = q / p;
  }
  if (vol(out) !== vol(inShape)) throw mismatch('volume');
  return { shape: out, src: Array.from({ length: vol(out) }, (_, i) => i) };
}
