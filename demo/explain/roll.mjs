// roll: along a rolled axis of size d, the element at output index i came
// from index (i - s) % d, where s is the axis's shift (the sum of its
// shifts when it is listed twice) taken modulo d.
import { axisOf, bigList, letter, mod, read, ref } from './format.mjs';

export function explainRoll(call, out) {
  const shape = call.inputs[0];
  const [shiftArg, axesArg] = call.args;
  const shifts = bigList(shiftArg);
  const axes = bigList(axesArg).map((a) => axisOf(a, shape.length));
  const given = shape.map(() => []); // each axis's shifts, in order
  axes.forEach((a, k) => given[a].push(shifts.length === 1 ? shifts[0] : shifts[k]));
  const values = {};
  const notes = [];
  const parts = [];
  const index = [];
  shape.forEach((d, a) => {
    const name = letter(a);
    values[name] = out.index[a];
    const total = given[a].reduce((sum, v) => sum + v, 0n);
    const s = d > 0 ? Number(mod(total, d)) : 0;
    if (given[a].length) {
      const sum = given[a].length > 1 ? `${given[a].join(' + ')} = ${total}` : `${total}`;
      notes.push(`axis ${a} by ${sum}${BigInt(s) === total ? '' : `, ${s} modulo ${d}`}`);
    }
    parts.push(s === 0 ? name : `(${name} - ${s}) % ${d}`);
    index.push(Number(mod(out.index[a] - s, d)));
  });
  const rule = 'along a rolled axis of size d, index i came from (i - shift) % d';
  return read({
    lhs: ref('y', out.index), parts, index, values,
    note: notes.length ? `${rule}; rolled: ${notes.join('; ')}` : 'no axis rolled: a copy',
  });
}
