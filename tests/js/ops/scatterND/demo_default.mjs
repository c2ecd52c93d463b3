// scatterND's tab on the demo page as it opens (its description's defaults in
// demo/ops/), for tests/browser/demo_typed.test.mjs: `call` is the outputs
// the package computes, `sources` the position over all inputs (one after
// the other; -1: none) each output element came from by the operation's
// rule, written out here as plain loops.
import { iota, t } from '../_shared/demo_kit.mjs';

export function call(ops) {
  return [ops.scatterND(t(iota(8), [8]), t(BigInt64Array.from([4n, 3n, 1n, 7n]), [4, 1]), t(Float32Array.from([9, 10, 11, 12]), [4]))];
}

export function sources() {
  const src = Array.from({ length: 8 }, (_, i) => i); // x 0..7, indices 8..11, updates 12..15
  [4, 3, 1, 7].forEach((at, r) => { src[at] = 12 + r; });
  return [src];
}
