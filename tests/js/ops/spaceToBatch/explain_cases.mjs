// Random valid calls of spaceToBatch for the demo's explainer (demo/explain/spaceToBatch.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, dims, form }) {
  const rank = int(2, 5);
  const x = [int(1, 2), ...dims(rank - 1, 0, 3)];
  const blocks = x.map((_, a) => (a ? int(1, 3) : 1));
  const begins = x.map((_, a) => (a ? int(0, 3) : 0));
  const ends = x.map((d, a) => (a ? (blocks[a] - ((begins[a] + d) % blocks[a])) % blocks[a] + blocks[a] * int(0, 1) : 0));
  return { op: 'spaceToBatch', inputs: [x], args: [form(blocks), begins, ends] };
}

// The kinds of call its random calls must include (with cells).
export const variants = ['fill'];
