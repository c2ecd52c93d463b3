// Random valid calls of pad for the demo's explainer (demo/explain/pad.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
import { intsOf } from '../_shared/random_kit.mjs';

/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, pick, chance, dims, form }) {
  const mode = pick(['constant', 'edge', 'reflect', 'symmetric', 'wrap']);
  const x = dims(int(0, 5));
  const most = (d) => ({ constant: 3, edge: d ? 3 : 0, reflect: d - 1, symmetric: d, wrap: d ? 2 * d + 1 : 0 }[mode]);
  const begins = [];
  const ends = [];
  for (const d of x) {
    let b = chance(0.25) ? -int(0, d) : int(0, Math.max(0, most(d)));
    let e = chance(0.25) ? -int(0, d) : int(0, Math.max(0, most(d)));
    if (b + d + e < 0) e = -d - b;
    begins.push(b);
    ends.push(e);
  }
  const options = { mode };
  if (mode === 'constant' && chance(0.7)) options.value = pick([0, -1, -7]);
  return { op: 'pad', inputs: [x], args: [form(begins), ends, options] };
}

// The kinds of call its random calls must include (with cells).
export const variants = ['constant', 'edge', 'reflect', 'symmetric', 'wrap', 'negative pad', 'fill'];

/** The kinds of call among `variants` that `call` is, beyond its mode and fills (`options`: its options). */
export function tags(call, options) {
  const tags = [];
  if (!options.mode) tags.push('constant');
  if ([...intsOf(call.args[0]), ...intsOf(call.args[1])].some((v) => v < 0n)) tags.push('negative pad');
  return tags;
}

// Formulas as the page shows them, pinned: [call, output index, rhs, filled, where, output = 0].
export const pinned = [
  [{ op: 'pad', inputs: [[3]], args: [[2], [2], { mode: 'reflect' }] }, [0], 'x[2 - i]', 'x[2]', [['i', 0]]],
  [{ op: 'pad', inputs: [[3]], args: [[2], [2], { mode: 'reflect' }] }, [6], 'x[2*2 - (i - 2)]', 'x[0]', [['i', 6]]],
  [{ op: 'pad', inputs: [[3]], args: [[2], [2], { mode: 'symmetric' }] }, [6], 'x[5 - (i - 2)]', 'x[1]', [['i', 6]]],
  [{ op: 'pad', inputs: [[3]], args: [[2], [2], { mode: 'wrap' }] }, [0], 'x[(i - 2) % 3]', 'x[1]', [['i', 0]]],
  [{ op: 'pad', inputs: [[2, 3]], args: [[1, 2], [0, 2], { value: -9 }] }, [0, 3], '-9', '-9', []],
];
