// oneHot's tab on the demo page as it opens (its description's defaults in
// demo/ops/), for tests/browser/demo_typed.test.mjs: `call` is the outputs
// the package computes, `sources` the position over all inputs (one after
// the other; -1: none) each output element came from by the operation's
// rule, written out here as plain loops.
import { rows, t } from '../_shared/demo_kit.mjs';

const labels = [0, 2, -1, 5];

export function call(ops) {
  return [ops.oneHot(t(Int32Array.from(labels), [4]), 3)];
}

export function sources() {
  return [rows(4, 3, (i, j) => ((labels[i] + 3) % 3 === j && labels[i] >= -3 && labels[i] < 3 ? i : -1))];
}
