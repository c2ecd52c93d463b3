// broadcast: each x axis meets one output axis (lined up on the right, or
// by axesMapping in explicit mode); an x axis of size 1 always reads index 0,
// so its one element fills every index of the output axis.
import { letter, numList, read, ref } from './format.mjs';

const NOTES = {
  numpy: 'numpy: x.shape lined up with targetShape on the right; an axis of size 1 in x reads index 0',
  bidirectional: 'bidirectional: the shapes lined up on the right; an axis of size 1 in x reads index 0',
  explicit: 'explicit: x axis a is output axis axesMapping[a]; an axis of size 1 in x reads index 0',
};

export function explainBroadcast(call, out) {
  const xShape = call.inputs[0];
  const options = call.args[1] ?? {};
  const mode = options.mode ?? 'numpy';
  const rank = out.index.length;
  const mapping = mode === 'explicit' ? numList(options.axesMapping) : null;
  const outAxis = (a) => (mapping ? mapping[a] : a + rank - xShape.length);
  const values = {};
  const parts = [];
  const index = [];
  for (let a = 0; a < xShape.length; a++) {
    if (xShape[a] === 1) {
      parts.push('0');
      index.push(0);
    } else {
      const o = outAxis(a);
      parts.push(letter(o));
      values[letter(o)] = out.index[o];
      index.push(out.index[o]);
    }
  }
  return read({ lhs: ref('y', out.index), parts, index, values, note: NOTES[mode] });
}
