// pad: along each axis, output index i is t = i - padsBegin in x's frame.
// Inside x (0 <= t < d) that is the index; outside, the mode decides:
// constant fills with the value, edge takes the nearest end, reflect and
// symmetric mirror t at the end (without and with the end repeated), wrap
// takes t modulo d. Negative pads crop: t is computed the same way.
import { bigList, fill, group, letter, plus, read, ref } from './format.mjs';

const NOTES = {
  constant: 'constant: outside x on some axis, so the pad value',
  edge: 'edge: outside x, the nearest end element repeated',
  reflect: 'reflect: the index mirrored at the edge, edge not repeated',
  symmetric: 'symmetric: the index mirrored at the edge, edge repeated',
  wrap: 'wrap: the index taken modulo the size, as if x repeated forever',
};

// One axis: [expression, index] for output coordinate `name` = i, or null
// outside x in constant mode.
function axisRule(mode, name, i, begin, d) {
  const t = BigInt(i) - begin;
  const inside = plus(name, -begin); // i - padsBegin
  if (t >= 0n && t < d) return [inside, t];
  if (mode === 'constant') return null;
  const before = t < 0n;
  switch (mode) {
    case 'edge':
      return before ? ['0', 0n] : [`${d - 1n}`, d - 1n];
    case 'reflect':
      return before ? [`${begin} - ${name}`, -t] : [`2*${d - 1n} - ${group(inside)}`, 2n * (d - 1n) - t];
    case 'symmetric':
      return before ? [`${begin - 1n} - ${name}`, -t - 1n]
        : [`${2n * d - 1n} - ${group(inside)}`, 2n * d - 1n - t];
    default: { // wrap
      const r = ((t % d) + d) % d;
      return [`${group(inside)} % ${d}`, r];
    }
  }
}

export function explainPad(call, out) {
  const shape = call.inputs[0];
  const [beginArg, , options] = call.args;
  const mode = options?.mode ?? 'constant';
  const begins = bigList(beginArg);
  const lhs = ref('y', out.index);
  const values = {};
  const parts = [];
  const index = [];
  let outside = false;
  shape.forEach((d, a) => {
    const name = letter(a);
    values[name] = out.index[a];
    const rule = axisRule(mode, name, out.index[a], begins[a], BigInt(d));
    if (!rule) outside = true;
    else {
      parts.push(rule[0]);
      index.push(rule[1]);
    }
  });
  if (outside) return fill({ lhs, value: options?.value ?? 0, note: NOTES.constant });
  const border = index.some((t, a) => BigInt(out.index[a]) - begins[a] !== t);
  return read({ lhs, parts, index, values, note: border ? NOTES[mode] : 'inside x: each index minus padsBegin' });
}
