// reverse: along each reversed axis of size d, output index i holds input
// index d - 1 - i; the other axes keep their index.
import { axisOf, letter, numList, read, ref } from './format.mjs';

export function explainReverse(call, out) {
  const shape = call.inputs[0];
  const given = call.args[0];
  const axes = given === undefined || given === null
    ? shape.map((_, a) => a)
    : numList(given).map((a) => axisOf(a, shape.length));
  const values = {};
  const parts = shape.map((d, a) => {
    values[letter(a)] = out.index[a];
    return axes.includes(a) ? `${d - 1} - ${letter(a)}` : letter(a);
  });
  const index = shape.map((d, a) => (axes.includes(a) ? d - 1 - out.index[a] : out.index[a]));
  return read({
    lhs: ref('y', out.index), parts, index, values,
    note: axes.length ? 'a reversed axis of size d reads index d - 1 - i' : 'no axis reversed: a copy',
  });
}
