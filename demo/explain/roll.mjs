// roll: along a rolled axis of size d, the element at output index i came
// from index (i - s) % d, where s is the axis's shift (the sum of its
// shifts when it is listed twice) taken modulo d.
import { axisOf, bigList, letter, mod, read, ref } from './format.mjs';

export function explainRoll(call, out) {
  const shape = call.inputs[0];
  const [shiftArg, axesArg] = call.args;
  const shifts = bigList(shiftArg);
  const axes = bigList(axesArg).map((a) => axisOf(a, shape.length));
  const total = shape.map(() => 0n);
  axes.forEach((a, k) => { total[a] += shifts.length === 1 ? shifts[0] : shifts[k]; });
  const values = {};
  const notes = [];
  const parts = [];
  const index = [];
  shape.forEach((d, a) => {
    const name = letter(a);
    values[name] = out.index[a];
    const s = d > 0 ? Number(mod(total[a], d)) : 0;
    if (axes.includes(a) && BigInt(s) !== total[a]) notes.push(`axis ${a} rolls by ${total[a]}, ${s} modulo ${d}`);
    parts.push(s === 0 ? name : `(${name} - ${s}) % ${d}`);
    index.push(Number(mod(out.index[a] - s, d)));
  });
  const rule = 'each element moved s places along a rolled axis, the ones pushed past the end coming back at the start';
  return read({ lhs: ref('y', out.index), parts, index, values, note: [rule, ...notes].join('; ') });
}
