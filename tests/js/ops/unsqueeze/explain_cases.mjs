// Random valid calls of unsqueeze for the demo's explainer (demo/explain/unsqueeze.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, dims, form, negAxis, shuffle }) {
  const x = dims(int(0, 4));
  const n = int(0, 3);
  const rank = x.length + n; // the output's: axes are its positions
  const axes = shuffle(Array.from({ length: rank }, (_, a) => a)).slice(0, n).map((a) => negAxis(a, rank));
  return { op: 'unsqueeze', inputs: [x], args: [axes.length ? form(axes) : axes] };
}

// Formulas as the page shows them, pinned: [call, output index, rhs, filled, where, output = 0].
export const pinned = [
  [{ op: 'unsqueeze', inputs: [[2, 3]], args: [[0, -1]] }, [0, 1, 2, 0], 'x[j, k]', 'x[1, 2]', [['j', 1], ['k', 2]]],
];
