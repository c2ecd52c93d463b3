// concat and split: along the axis, the inputs (concat) or the parts
// (split) lie back to back, so an index there is shifted by the sizes of
// the ones before; the other axes keep their index.
import { axisOf, letter, numList, plus, read, ref } from './format.mjs';

function passThrough(index) {
  const values = {};
  const parts = index.map((c, a) => {
    values[letter(a)] = c;
    return letter(a);
  });
  return { values, parts };
}

export function explainConcat(call, out) {
  const shapes = call.inputs;
  const axis = axisOf(call.args[0], shapes[0].length);
  const j = out.index[axis];
  let k = 0;
  let offset = 0;
  while (j >= offset + shapes[k][axis]) offset += shapes[k++][axis];
  const { values, parts } = passThrough(out.index);
  parts[axis] = plus(letter(axis), -offset);
  const index = out.index.slice();
  index[axis] = j - offset;
  return read({
    lhs: ref('y', out.index), name: `x${k}`, input: k, parts, index, values,
    note: `along axis ${axis}, x${k} starts at index ${offset} of y (after the inputs before it)`,
  });
}

// The part lengths: k equal parts, or the list with its -1 as the rest.
function partLengths(splits, d) {
  if (typeof splits === 'number' || typeof splits === 'bigint') {
    const k = Number(splits);
    return Array.from({ length: k }, () => d / k);
  }
  const lengths = numList(splits);
  const rest = d - lengths.reduce((s, n) => (n === -1 ? s : s + n), 0);
  return lengths.map((n) => (n === -1 ? rest : n));
}

export function explainSplit(call, out) {
  const shape = call.inputs[0];
  const [splits, options] = call.args;
  const axis = axisOf(options?.axis ?? 0, shape.length);
  const lengths = partLengths(splits, shape[axis]);
  const offset = lengths.slice(0, out.output).reduce((s, n) => s + n, 0);
  const { values, parts } = passThrough(out.index);
  parts[axis] = plus(letter(axis), offset);
  const index = out.index.slice();
  index[axis] += offset;
  return read({
    lhs: ref(`y${out.output}`, out.index), parts, index, values,
    note: `part ${out.output} starts at index ${offset} of axis ${axis} of x (after the parts before it)`,
  });
}
