// Random valid calls of concat for the demo's explainer (demo/explain/concat.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, dims, negAxis }) {
  const rank = int(1, 5);
  const base = dims(rank, 1, 3);
  const axis = int(0, rank - 1);
  const inputs = Array.from({ length: int(1, 4) }, () => base.map((d, a) => (a === axis ? int(0, 3) : d)));
  return { op: 'concat', inputs, args: [negAxis(axis, rank)] };
}

// Formulas as the page shows them, pinned: [call, output index, rhs, filled, where, output = 0].
export const pinned = [
  [{ op: 'concat', inputs: [[2, 3], [2, 2]], args: [1] }, [1, 4], 'x1[i, j - 3]', 'x1[1, 1]', [['i', 1], ['j', 4]]],
];
