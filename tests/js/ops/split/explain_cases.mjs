// Random valid calls of split for the demo's explainer (demo/explain/split.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, pick, chance, dims, negAxis }) {
  const x = dims(int(1, 5), 1, 5);
  const axis = int(0, x.length - 1);
  const d = x[axis];
  let splits;
  if (chance(0.4)) {
    const divisors = Array.from({ length: Math.max(d, 1) }, (_, k) => k + 1).filter((k) => d % k === 0);
    splits = chance(0.2) ? BigInt(pick(divisors)) : pick(divisors);
  } else {
    const parts = [];
    for (let left = d; left > 0;) {
      const n = int(0, left);
      parts.push(n);
      left -= n;
    }
    if (!parts.length || chance(0.3)) parts.push(0);
    if (chance(0.5)) parts[int(0, parts.length - 1)] = -1;
    splits = chance(0.3) ? Int32Array.from(parts) : parts;
  }
  return { op: 'split', inputs: [x], args: [splits, { axis: negAxis(axis, x.length) }] };
}

// The kinds of call its random calls must include (with cells).
export const variants = ['equal parts', 'lengths with -1'];

/** The kind of call among `variants` that `call` is. */
export function tags(call) {
  if (typeof call.args[0] !== 'object') return ['equal parts'];
  return [Array.from(call.args[0]).includes(-1) ? 'lengths with -1' : 'lengths'];
}

// Formulas as the page shows them, pinned: [call, output index, rhs, filled, where, output = 0].
export const pinned = [
  [{ op: 'split', inputs: [[2, 6]], args: [[1, -1, 2], { axis: 1 }] }, [1, 2], 'x[i, j + 1]', 'x[1, 3]', [['i', 1], ['j', 2]], 1],
];
