// Random valid calls of batchToSpace for the demo's explainer (demo/explain/batchToSpace.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
import { vol } from '../_shared/random_kit.mjs';

/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, dims, form }) {
  const rank = int(2, 5);
  const blocks = Array.from({ length: rank }, (_, a) => (a ? int(1, 3) : 1));
  const x = [int(1, 3) * vol(blocks), ...dims(rank - 1, 1, 3)];
  const begins = x.map((d, a) => (a ? int(0, Math.min(2, d * blocks[a])) : 0));
  const ends = x.map((d, a) => (a ? int(0, Math.min(2, d * blocks[a] - begins[a])) : 0));
  return { op: 'batchToSpace', inputs: [x], args: [blocks, form(begins), ends] };
}

// Formulas as the page shows them, pinned: [call, output index, rhs, filled, where, output = 0].
export const pinned = [
  [{ op: 'batchToSpace', inputs: [[12, 3, 3, 3]], args: [[1, 2, 3, 1], [0, 1, 1, 0], [0, 0, 1, 0]] }, [1, 2, 3, 1],
    'x[(o1*3 + o2)*N + n, j1, j2, j3]', 'x[9, 1, 1, 1]', [['o1', 1], ['o2', 1], ['N', 2], ['n', 1], ['j1', 1], ['j2', 1], ['j3', 1]]],
];
