// tile: x.shape and repeats are lined up at their ends; along a repeated
// axis of size d, output index i holds input index i % d (x repeated as a
// whole block); axes that x lacks are dropped.
import { letter, numList, read, ref } from './format.mjs';

export function explainTile(call, out) {
  const shape = call.inputs[0];
  const repeats = numList(call.args[0]);
  const lead = out.index.length - shape.length; // output axes x lacks
  const values = {};
  const parts = [];
  const index = [];
  shape.forEach((d, a) => {
    const o = a + lead;
    const repeat = repeats[repeats.length - shape.length + a] ?? 1;
    const name = letter(o);
    values[name] = out.index[o];
    parts.push(repeat === 1 ? name : d === 1 ? '0' : `${name} % ${d}`);
    index.push(out.index[o] % d);
  });
  return read({
    lhs: ref('y', out.index), parts, index, values,
    note: 'a repeated axis of size d reads index i % d: x repeated as a whole block',
  });
}
