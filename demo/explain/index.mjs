// The explainers of all 17 operations, by op id: explain(call, out) gives
// the index formula of one output cell ("why this element moved"), checked
// against the library by tests/js/demo_explain.test.mjs.
import { explainBatchToSpace, explainSpaceToBatch } from './batch.mjs';
import { explainDepthToSpace, explainSpaceToDepth } from './blocks.mjs';
import { explainBroadcast } from './broadcast.mjs';
import { explainConcat, explainSplit } from './concat_split.mjs';
import { explainGather, explainGatherElements, explainGatherND } from './gather.mjs';
import { explainPad } from './pad.mjs';
import { explainReshape } from './reshape.mjs';
import { explainReverse } from './reverse.mjs';
import { explainRoll } from './roll.mjs';
import { explainSlice } from './slice.mjs';
import { explainTile } from './tile.mjs';
import { explainTranspose } from './transpose.mjs';

export const EXPLAINERS = {
  reshape: explainReshape,
  broadcast: explainBroadcast,
  spaceToDepth: explainSpaceToDepth,
  depthToSpace: explainDepthToSpace,
  roll: explainRoll,
  transpose: explainTranspose,
  slice: explainSlice,
  reverse: explainReverse,
  pad: explainPad,
  concat: explainConcat,
  split: explainSplit,
  tile: explainTile,
  spaceToBatch: explainSpaceToBatch,
  batchToSpace: explainBatchToSpace,
  gather: explainGather,
  gatherElements: explainGatherElements,
  gatherND: explainGatherND,
};

/**
 * explain({ op, inputs: [shape, ...], args: [...] }, { output, index }) ->
 * { lhs, rhs, filled, where, source, note? } for a valid call.
 */
export function explain(call, out) {
  const explainer = EXPLAINERS[call.op];
  if (!explainer) throw new Error(`explain: unknown operation '${call.op}'`);
  return explainer(call, { output: 0, ...out });
}
