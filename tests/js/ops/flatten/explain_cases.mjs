// Random valid calls of flatten for the demo's explainer (demo/explain/flatten.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, chance, dims }) {
  const x = dims(int(0, 5));
  const rank = x.length;
  if (rank > 0 && chance(0.2)) return { op: 'flatten', inputs: [x], args: [] }; // axis left out: 1
  const a = int(0, rank);
  const axis = a < rank && chance(0.4) ? a - rank : a;
  return { op: 'flatten', inputs: [x], args: [chance(0.2) ? BigInt(axis) : axis] };
}

// Formulas as the page shows them, pinned: [call, output index, rhs, filled, where, output = 0].
export const pinned = [
  [{ op: 'flatten', inputs: [[2, 3, 4]], args: [] }, [1, 6], 'x[i, j / 4, j % 4]', 'x[1, 1, 2]', [['i', 1], ['j', 6]]],
];
