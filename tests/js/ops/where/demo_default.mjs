// where's tab on the demo page as it opens (its description's defaults in
// demo/ops/), for tests/browser/demo_typed.test.mjs: `call` is the outputs
// the package computes, `sources` the position over all inputs (one after
// the other; -1: none) each output element came from by the operation's
// rule, written out here as plain loops.
import { t } from '../_shared/demo_kit.mjs';

export function call(ops) {
  return [ops.where(t(Uint8Array.from([1, 0, 1, 1]), [2, 2], 'bool'), t(Float32Array.from([1, 2, 3, 4]), [2, 2]), t(Float32Array.from([9, 8, 7, 6]), [2, 2]))];
}

// condition 0..3, a 4..7, b 8..11
export function sources() {
  return [[1, 0, 1, 1].map((c, i) => (c ? 4 + i : 8 + i))];
}
