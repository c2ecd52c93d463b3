// scatterElements's tab on the demo page as it opens (its description's defaults in
// demo/ops/), for tests/browser/demo_typed.test.mjs: `call` is the outputs
// the package computes, `sources` the position over all inputs (one after
// the other; -1: none) each output element came from by the operation's
// rule, written out here as plain loops.
import { rows, t } from '../_shared/demo_kit.mjs';

const scatterX = new Float32Array(9);
const scatterI = [1, 0, 2, 0, 2, 1];

export function call(ops) {
  return [ops.scatterElements(t(scatterX, [3, 3]), t(BigInt64Array.from(scatterI, BigInt), [2, 3]), t(Float32Array.from([1, 1.5, 2, 3, 3.5, 4]), [2, 3]))];
}

export function sources() {
  const src = rows(3, 3, (i, j) => 3 * i + j); // x 0..8, indices 9..14, updates 15..20
  scatterI.forEach((row, k) => { src[3 * row + (k % 3)] = 15 + k; });
  return [src];
}
