// argMax's tab on the demo page as it opens (its description's defaults in
// demo/ops/), for tests/browser/demo_typed.test.mjs: `call` is the outputs
// the package computes, `sources` the position over all inputs (one after
// the other; -1: none) each output element came from by the operation's
// rule, written out here as plain loops.
import { x23 } from '../_shared/demo_kit.mjs';

export function call(ops) {
  return [ops.argMax(x23, 1)];
}

export function sources() {
  return [[1, 2].map((best, r) => 3 * r + best)];
}
