// cast's tab on the demo page as it opens (its description's defaults in
// demo/ops/), for tests/browser/demo_typed.test.mjs: `call` is the outputs
// the package computes, `sources` the position over all inputs (one after
// the other; -1: none) each output element came from by the operation's
// rule, written out here as plain loops.
import { rows, t } from '../_shared/demo_kit.mjs';

export function call(ops) {
  return [ops.cast(t(Float32Array.from([0, 0.25, 0.5, 0.75, 1, 1.5]), [2, 3]), 'uint8', { scale: 255 })];
}

export function sources() {
  return [rows(2, 3, (i, j) => 3 * i + j)];
}
