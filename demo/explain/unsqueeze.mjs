// unsqueeze: nothing moves. The new dims of 1 sit at the listed positions of
// the output; x's axes are the others, in order, and keep their index.
import { axisOf, letter, numList, read, ref } from './format.mjs';

export function explainUnsqueeze(call, out) {
  const shape = call.inputs[0];
  const given = numList(call.args[0]);
  const rank = shape.length + given.length;
  const added = given.map((a) => axisOf(a, rank));
  const values = {};
  const parts = [];
  const index = [];
  for (let k = 0; k < rank; k++) {
    if (added.includes(k)) continue;
    values[letter(k)] = out.index[k];
    parts.push(letter(k));
    index.push(out.index[k]);
  }
  return read({
    lhs: ref('y', out.index), parts, index, values,
    note: added.length
      ? `y has a new dim of 1 at ${added.length === 1 ? 'axis' : 'axes'} ${[...added].sort((a, b) => a - b).join(', ')}; x's axes are the others, in order`
      : 'no axis added: the same shape',
  });
}
