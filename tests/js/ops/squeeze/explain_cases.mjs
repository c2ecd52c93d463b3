// Random valid calls of squeeze for the demo's explainer (demo/explain/squeeze.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, pick, chance, dims, form, negAxis, shuffle }) {
  // Dims of 1 are common, so that there is something to remove.
  const x = dims(int(0, 5)).map((d) => (chance(0.4) ? 1 : d));
  const ones = x.map((d, a) => a).filter((a) => x[a] === 1);
  const k = int(0, 3);
  if (k === 0 || !ones.length) return { op: 'squeeze', inputs: [x], args: [] };
  if (k === 1) return { op: 'squeeze', inputs: [x], args: [negAxis(pick(ones), x.length)] };
  const axes = shuffle(ones).slice(0, int(0, ones.length)).map((a) => negAxis(a, x.length));
  return { op: 'squeeze', inputs: [x], args: [axes.length ? form(axes) : axes] };
}

export const variants = ['axes left out', 'some dims of 1 kept'];

/** The kinds of call among `variants` that `call` is. */
export function tags(call) {
  const tags = [];
  if (call.args[0] === undefined) tags.push('axes left out');
  else if (call.inputs[0].filter((d) => d === 1).length > (typeof call.args[0] === 'object' ? call.args[0].length : 1)) {
    tags.push('some dims of 1 kept');
  }
  return tags;
}

// Formulas as the page shows them, pinned: [call, output index, rhs, filled, where, output = 0].
export const pinned = [
  [{ op: 'squeeze', inputs: [[1, 2, 1, 3]], args: [] }, [1, 2], 'x[0, i, 0, j]', 'x[0, 1, 0, 2]', [['i', 1], ['j', 2]]],
];
