// broadcast's reference (docs/operations/broadcast.md), in its three modes.
import { forEachIndex, invalid, mismatch, strides } from '../_shared/reference_kit.mjs';

// For each output axis, the input axis it reads (or -1), after the mode's rules.
export function broadcast(inShape, target, mode = 'numpy', mapping) {
  target = target.map(Number);
  if (!['numpy', 'bidirectional', 'explicit'].includes(mode)) throw invalid('mode');
  if (target.some((v) => v < 0)) throw invalid('negative target');
  if ((mode === 'explicit') !== (mapping !== undefined)) throw invalid('axesMapping with the wrong mode');
  let out;
  let axisOf; // output axis -> input axis or -1
  if (mode === 'explicit') {
    mapping = mapping.map(Number);
    const data = inShape.length === 0 && mapping.length === 1 ? [1] : inShape;
    if (mapping.length !== data.length) throw invalid('mapping length');
    mapping.forEach((a, i) => {
      if (a < 0 || a >= target.length) throw invalid('mapping range');
      if (i > 0 && a <= mapping[i - 1]) throw invalid('mapping order');
    });
    mapping.forEach((a, i) => {
      if (data[i] !== 1 && data[i] !== target[a]) throw mismatch('explicit dims');
    });
    out = target;
    axisOf = target.map((_, k) => (inShape.length ? mapping.indexOf(k) : -1));
  } else {
    if (mode === 'numpy' && inShape.length > target.length) throw mismatch('rank');
    const rank = Math.max(inShape.length, target.length);
    out = [];
    axisOf = [];
    for (let k = 0; k < rank; k++) {
      const di = k - (rank - inShape.length);
      const d = di >= 0 ? inShape[di] : 1;
      const t = k - (rank - target.length) >= 0 ? target[k - (rank - target.length)] : 1;
      if (mode === 'numpy' ? d !== t && d !== 1 : d !== t && d !== 1 && t !== 1) throw mismatch('dims');
      out.push(mode === 'numpy' ? t : d === 1 ? t : d);
      axisOf.push(di);
    }
  }
  const st = strides(inShape);
  const src = [];
  forEachIndex(out, (idx) => {
    let f = 0;
    axisOf.forEach((a, k) => {
      if (a >= 0 && inShape[a] !== 1) f += idx[k] * st[a];
    });
    src.push(f);
  });
  return { shape: out, src };
}
