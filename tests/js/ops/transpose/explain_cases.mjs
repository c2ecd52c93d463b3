// Random valid calls of transpose for the demo's explainer (demo/explain/transpose.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, chance, dims, negAxis, shuffle }) {
  const x = dims(int(0, 5));
  if (chance(0.2)) return { op: 'transpose', inputs: [x], args: [] };
  return { op: 'transpose', inputs: [x], args: [shuffle(x.map((_, a) => negAxis(a, x.length)))] };
}
