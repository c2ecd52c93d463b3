// Random valid calls of reverse for the demo's explainer (demo/explain/reverse.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, dims, negAxis, subset }) {
  const x = dims(int(0, 5));
  const k = int(0, 3);
  if (k === 0) return { op: 'reverse', inputs: [x], args: [] };
  if (k === 1 && x.length) return { op: 'reverse', inputs: [x], args: [negAxis(int(0, x.length - 1), x.length)] };
  return { op: 'reverse', inputs: [x], args: [subset(x.length).map((a) => negAxis(a, x.length))] };
}
