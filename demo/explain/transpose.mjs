// transpose: output axis a is x axis perm[a], so x's index has y's
// coordinate a at position perm[a].
import { axisOf, letter, numList, read, ref } from './format.mjs';

export function explainTranspose(call, out) {
  const rank = call.inputs[0].length;
  const given = call.args[0];
  const perm = given === undefined || given === null
    ? Array.from({ length: rank }, (_, a) => rank - 1 - a)
    : numList(given).map((p) => axisOf(p, rank));
  const parts = new Array(rank);
  const index = new Array(rank);
  const values = {};
  perm.forEach((p, a) => {
    parts[p] = letter(a);
    index[p] = out.index[a];
    values[letter(a)] = out.index[a];
  });
  return read({
    lhs: ref('y', out.index), parts, index, values,
    note: `perm [${perm.join(', ')}]: output axis a is x axis perm[a]`,
  });
}
