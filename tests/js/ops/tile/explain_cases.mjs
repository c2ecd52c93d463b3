// Random valid calls of tile for the demo's explainer (demo/explain/tile.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, chance, dims, form }) {
  const x = dims(int(0, 5), 1, 3);
  const repeats = Array.from({ length: int(0, 5) }, () => (chance(0.05) ? 0 : int(1, 3)));
  return { op: 'tile', inputs: [x], args: [repeats.length ? form(repeats) : repeats] };
}
