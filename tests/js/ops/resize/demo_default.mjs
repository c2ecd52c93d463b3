// resize's tab on the demo page as it opens (its description's defaults in
// demo/ops/), for tests/browser/demo_typed.test.mjs: `call` is the outputs
// the package computes, `sources` the position over all inputs (one after
// the other; -1: none) each output element came from by the operation's
// rule, written out here as plain loops.
import { iota, rows, t } from '../_shared/demo_kit.mjs';

export function call(ops) {
  return [ops.resize(t(iota(9), [3, 3]), { scales: [2, 2], mode: 'linear' })];
}

// Twice as large, half_pixel: output index i is at input coordinate
// i / 2 − 0.25, nearest to floor(i / 2) (the element of largest weight).
export function sources() {
  return [rows(6, 6, (i, j) => 3 * Math.floor(i / 2) + Math.floor(j / 2))];
}
