// squeeze: nothing moves. The output's axes are x's without the removed dims
// of 1, so x's index is y's with a 0 put back at each removed axis.
import { axisOf, letter, numList, read, ref } from './format.mjs';

/** The axes squeeze removes: the listed ones, or every dim of 1 when axes is left out. */
export function squeezedAxes(shape, given) {
  if (given === undefined || given === null) return shape.map((_, a) => a).filter((a) => shape[a] === 1);
  return numList(given).map((a) => axisOf(a, shape.length));
}

export function explainSqueeze(call, out) {
  const shape = call.inputs[0];
  const removed = squeezedAxes(shape, call.args[0]);
  const values = {};
  const parts = [];
  const index = [];
  for (let a = 0, k = 0; a < shape.length; a++) {
    if (removed.includes(a)) {
      parts.push('0');
      index.push(0);
      continue;
    }
    values[letter(k)] = out.index[k];
    parts.push(letter(k));
    index.push(out.index[k]);
    k++;
  }
  return read({
    lhs: ref('y', out.index), parts, index, values,
    note: removed.length
      ? 'a removed axis has dim 1, so its index is 0; the other axes keep theirs (the same data, in the same order)'
      : 'no axis removed: the same shape',
  });
}
