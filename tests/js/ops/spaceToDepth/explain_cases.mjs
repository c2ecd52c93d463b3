// Random valid calls of spaceToDepth for the demo's explainer (demo/explain/spaceToDepth.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
import { randomBlockCall } from '../_shared/blocks_random.mjs';

/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall(kit) {
  return randomBlockCall(kit, 'spaceToDepth');
}

// The kinds of call its random calls must include (with cells).
export const variants = ['NHWC', 'NCHW', 'NCHW_VECT_C', 'blocks_first', 'depth_first', 'K=1', 'K=3'];

// Formulas as the page shows them, pinned: [call, output index, rhs, filled, where, output = 0].
export const pinned = [
  [{ op: 'spaceToDepth', inputs: [[1, 4, 4, 2]], args: [2] }, [0, 1, 0, 5],
    'x[n, oy*b + by, ox*b + bx, c]', 'x[0, 3, 0, 1]', [['n', 0], ['oy', 1], ['b', 2], ['by', 1], ['ox', 0], ['bx', 0], ['c', 1]]],
];
