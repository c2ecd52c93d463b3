// topK's tab on the demo page as it opens (its description's defaults in
// demo/ops/), for tests/browser/demo_typed.test.mjs: `call` is the outputs
// the package computes, `sources` the position over all inputs (one after
// the other; -1: none) each output element came from by the operation's
// rule, written out here as plain loops.
import { x23 } from '../_shared/demo_kit.mjs';

export function call(ops) {
  return ops.topK(x23, 2);
}

export function sources() {
  const src = [0, 1].flatMap((r) => [0, 1, 2].sort((a, b) => x23.data[3 * r + b] - x23.data[3 * r + a]).slice(0, 2).map((c) => 3 * r + c));
  return [src, src];
}
