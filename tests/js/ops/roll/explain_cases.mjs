// Random valid calls of roll for the demo's explainer (demo/explain/roll.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
import { intsOf } from '../_shared/random_kit.mjs';

/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, chance, dims, form, negAxis }) {
  const x = dims(int(1, 5));
  const axes = Array.from({ length: int(0, 4) }, () => negAxis(int(0, x.length - 1), x.length));
  const one = () => (chance(0.1) ? 2n ** 62n + BigInt(int(-3, 3)) : int(-9, 9));
  const shift = chance(0.4) ? one() : axes.map(() => int(-9, 9));
  return { op: 'roll', inputs: [x], args: [Array.isArray(shift) ? form(shift) : shift, axes.length ? form(axes) : axes] };
}

// The kinds of call its random calls must include (with cells).
export const variants = ['repeated axis', 'shift beyond 2^53'];

/** The kinds of call among `variants` that `call` is. */
export function tags(call) {
  const tags = [];
  const axes = intsOf(call.args[1]).map((a) => (a < 0n ? a + BigInt(call.inputs[0].length) : a));
  if (new Set(axes).size < axes.length) tags.push('repeated axis');
  if (intsOf(call.args[0]).some((v) => v > 2n ** 53n)) tags.push('shift beyond 2^53');
  return tags;
}

// Formulas as the page shows them, pinned: [call, output index, rhs, filled, where, output = 0].
export const pinned = [
  [{ op: 'roll', inputs: [[4, 3]], args: [[1, 2, 1], [0, 1, 0]] }, [0, 0], 'x[(i - 2) % 4, (j - 2) % 3]', 'x[2, 1]', [['i', 0], ['j', 0]]],
];
