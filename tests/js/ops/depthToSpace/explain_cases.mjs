// Random valid calls of depthToSpace for the demo's explainer (demo/explain/depthToSpace.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
import { randomBlockCall } from '../_shared/blocks_random.mjs';

/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall(kit) {
  return randomBlockCall(kit, 'depthToSpace');
}

// The kinds of call its random calls must include (with cells).
export const variants = ['NHWC', 'NCHW', 'NCHW_VECT_C', 'blocks_first', 'depth_first', 'K=1', 'K=3'];

// Formulas as the page shows them, pinned: [call, output index, rhs, filled, where, output = 0].
export const pinned = [
  [{ op: 'depthToSpace', inputs: [[1, 8, 2, 2]], args: [2, { dataFormat: 'NCHW', mode: 'depth_first' }] }, [0, 1, 3, 2],
    'x[n, c*b*b + by*b + bx, oy, ox]', 'x[0, 6, 1, 1]', [['n', 0], ['c', 1], ['b', 2], ['by', 1], ['bx', 0], ['oy', 1], ['ox', 1]]],
];
